// Builds the app configuration: defaults, then `<appDir>/config/{server,database,api,admin,webhooks,logger,openapi,plugins}`
// (.json, or .js exporting an object or Strapi's `({ env }) => object`), then environment
// variables, which win. Every value is type-checked; a wrong one stops startup with a message
// naming the file (or variable) and key.
import { LOG_LEVELS, type AppConfig } from './types';
import { defaultConfig } from './defaults';
import { createEnv, type EnvSource } from './env';
import { readConfigFile } from './config-files';
import { ConfigError, describe, isPlainObject } from '@cms-gen/core/config-error';
import { ADMIN_RULE, API_RULE, DATABASE_RULE, LOGGER_RULE, OPENAPI_RULE, PLUGIN_RULES, SERVER_RULE, WEBHOOKS_RULE, check, logLevelOf, type Rule } from './rules';
import { completeWebhooksFile } from './webhooks-file';
import { completeServerFile } from './server-file';
import { normalizeDatabaseFile } from './database-url';
import { mergeInto } from './merge';

export type { AppConfig } from './types';
export { ConfigError } from '@cms-gen/core/config-error';

/** The sections read from single files, each checked by one rule (then `complete`d, when the file needs more). */
const SECTIONS: ReadonlyArray<{ file: string; rule: Rule; pick: (c: AppConfig) => object; complete?: (checked: Record<string, unknown>, label: string) => Record<string, unknown> }> = [
  { file: 'server', rule: SERVER_RULE, pick: (c) => c.server, complete: completeServerFile },
  { file: 'database', rule: DATABASE_RULE, pick: (c) => c.database },
  { file: 'api', rule: API_RULE, pick: (c) => c.api },
  { file: 'admin', rule: ADMIN_RULE, pick: (c) => c.admin },
  { file: 'webhooks', rule: WEBHOOKS_RULE, pick: (c) => c.webhooks, complete: completeWebhooksFile },
  { file: 'logger', rule: LOGGER_RULE, pick: (c) => c.logger },
  { file: 'openapi', rule: OPENAPI_RULE, pick: (c) => c.openapi },
];

/** `ignored` receives the keys the files set that cms-gen does not read (e.g. Strapi's `app.keys`). */
export function loadConfig(appDir: string, env: EnvSource = process.env, ignored?: string[]): AppConfig {
  const helper = createEnv(env);
  const config = defaultConfig();

  for (const section of SECTIONS) {
    const file = readConfigFile(appDir, section.file, helper);
    if (!file) continue;
    const value = section.file === 'database' ? normalizeDatabaseFile(file.value, file.label) : file.value;
    // The rules mirror the AppConfig interfaces, so a checked object merges into its section.
    const checked = check(value, section.rule, { label: file.label, path: '', ignored }) as Record<string, unknown>;
    mergeInto(section.pick(config) as Record<string, unknown>, section.complete ? section.complete(checked, file.label) : checked);
  }

  const plugins = readConfigFile(appDir, 'plugins', helper);
  if (plugins) {
    for (const [name, entry] of Object.entries(plugins.value)) {
      const rule = PLUGIN_RULES[name];
      // Other plugins (email, i18n, …) may be configured in a Strapi project: not ours to judge.
      if (!rule || entry === undefined || entry === null) continue;
      const { value, path } = unwrapPluginEntry(entry, name, plugins.label);
      const checked = check(value, rule, { label: plugins.label, path, ignored }) as Record<string, unknown>;
      mergeInto(config.plugins[name as keyof AppConfig['plugins']] as unknown as Record<string, unknown>, checked);
    }
  }

  applyEnv(config, env);
  // Strapi builds its absolute server URL (emailed links, OAuth callbacks) from server.url.
  const up = config.plugins['users-permissions'];
  if (up.publicUrl === undefined && config.server.url !== undefined) up.publicUrl = config.server.url;
  checkLimits(config);
  return config;
}

/**
 * Strapi's form is `{ enabled, config: {...} }`; a flat object of the plugin's options is
 * accepted too. Returns the options object and the key path errors should name.
 */
function unwrapPluginEntry(entry: unknown, name: string, label: string): { value: Record<string, unknown>; path: string } {
  if (!isPlainObject(entry)) throw new ConfigError(`${label}: ${name} must be an object (got ${describe(entry)})`);
  if (!('config' in entry)) return { value: entry, path: name };
  const inner = entry.config ?? {};
  if (!isPlainObject(inner)) throw new ConfigError(`${label}: ${name}.config must be an object (got ${describe(inner)})`);
  if (entry.enabled !== undefined && typeof entry.enabled !== 'boolean') {
    throw new ConfigError(`${label}: ${name}.enabled must be a boolean (got ${describe(entry.enabled)})`);
  }
  return { value: entry.enabled === undefined ? inner : { ...inner, enabled: entry.enabled }, path: `${name}.config` };
}

/** An empty variable counts as unset (a `.env` line `HOST=` should not produce an empty host). */
function read(env: EnvSource, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function applyEnv(config: AppConfig, env: EnvSource): void {
  const host = read(env, 'HOST');
  if (host !== undefined) config.server.host = host;

  const port = read(env, 'PORT');
  if (port !== undefined) {
    const n = /^\d{1,5}$/.test(port.trim()) ? Number(port.trim()) : NaN;
    if (!(n <= 65535)) throw new ConfigError(`environment variable PORT must be an integer in 0..65535 (got ${describe(port)})`);
    config.server.port = n;
  }

  const url = read(env, 'DATABASE_URL');
  if (url !== undefined) config.database.url = url;

  const allow = read(env, 'CMS_ALLOW_DATA_LOSS');
  if (allow !== undefined) {
    const flag = allow.trim().toLowerCase();
    if (flag === '1' || flag === 'true') config.database.allowDataLoss = true;
    else if (flag === '0' || flag === 'false') config.database.allowDataLoss = false;
    else throw new ConfigError(`environment variable CMS_ALLOW_DATA_LOSS must be 1, 0, true or false (got ${describe(allow)})`);
  }

  const nodeEnv = read(env, 'NODE_ENV');
  if (nodeEnv !== undefined) config.environment = nodeEnv;

  const jwtSecret = read(env, 'JWT_SECRET');
  if (jwtSecret !== undefined) config.plugins['users-permissions'].jwtSecret = jwtSecret;

  const level = read(env, 'LOG_LEVEL');
  if (level !== undefined) {
    const checked = logLevelOf(level.trim().toLowerCase());
    if (checked === undefined) throw new ConfigError(`environment variable LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${describe(level)})`);
    config.logger.level = checked;
  }
  const format = read(env, 'LOG_FORMAT');
  if (format !== undefined) {
    if (format !== 'json' && format !== 'pretty') throw new ConfigError(`environment variable LOG_FORMAT must be json or pretty (got ${describe(format)})`);
    config.logger.format = format;
  }

  const openapi = read(env, 'OPENAPI_ENABLED');
  if (openapi !== undefined) {
    const flag = openapi.trim().toLowerCase();
    if (flag === '1' || flag === 'true') config.openapi.enabled = true;
    else if (flag === '0' || flag === 'false') config.openapi.enabled = false;
    else throw new ConfigError(`environment variable OPENAPI_ENABLED must be 1, 0, true or false (got ${describe(openapi)})`);
  }

  const salt = read(env, 'API_TOKEN_SALT');
  if (salt !== undefined) config.admin.apiToken.salt = salt;
}

/** Relations between keys, checked after merging (a file may set only one of the pair). */
function checkLimits(config: AppConfig): void {
  const rest = config.api.rest;
  if (rest.defaultLimit > rest.maxLimit) {
    throw new ConfigError(`config/api: rest.defaultLimit (${rest.defaultLimit}) must not exceed rest.maxLimit (${rest.maxLimit})`);
  }
  const upload = config.plugins.upload;
  if (upload.provider === 'aws-s3' && !upload.providerOptions.s3Options?.params?.Bucket) {
    throw new ConfigError('config/plugins: upload.providerOptions.s3Options.params.Bucket is required with provider "aws-s3"');
  }
  if (upload.provider === 'cloudinary') checkCloudinary(upload);
  const delivery = config.webhooks.delivery;
  if (delivery.maxDelayMs < delivery.initialDelayMs) {
    throw new ConfigError(`config/webhooks: delivery.maxDelayMs (${delivery.maxDelayMs}) must not be below delivery.initialDelayMs (${delivery.initialDelayMs})`);
  }
  const gql = config.plugins.graphql;
  if (gql.defaultLimit > gql.maxLimit) {
    throw new ConfigError(`config/plugins: graphql.defaultLimit (${gql.defaultLimit}) must not exceed graphql.maxLimit (${gql.maxLimit})`);
  }
}

/** Parameters the provider sets itself (or that name the request): not the configuration's to give. */
const CLOUDINARY_OWN_PARAMS = ['file', 'public_id', 'resource_type', 'api_key', 'timestamp', 'signature', 'cloud_name'];

/** The account's three keys, and actionOptions that are Cloudinary API parameters. */
function checkCloudinary(upload: AppConfig['plugins']['upload']): void {
  for (const key of ['cloud_name', 'api_key', 'api_secret'] as const) {
    if (!upload.providerOptions[key]) throw new ConfigError(`config/plugins: upload.providerOptions.${key} is required with provider "cloudinary"`);
  }
  for (const [action, params] of Object.entries(upload.actionOptions)) {
    const kept: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(params ?? {})) {
      const at = `config/plugins: upload.actionOptions.${action}.${name}`;
      if (value === undefined || value === null) continue;
      if (CLOUDINARY_OWN_PARAMS.includes(name)) throw new ConfigError(`${at} is set by the cloudinary provider itself and cannot be configured`);
      // Private and authenticated assets are delivered by signed URLs, which this provider does not make.
      if (name === 'type' && value !== 'upload') throw new ConfigError(`${at} must be "upload" (got ${describe(value)}): private and authenticated assets are not supported`);
      const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
      if (!scalar(value) && !(Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))) {
        throw new ConfigError(`${at} must be a string, number, boolean or array of strings and numbers (got ${describe(value)})`);
      }
      kept[name] = value;
    }
    (upload.actionOptions as Record<string, unknown>)[action] = kept;
  }
}
