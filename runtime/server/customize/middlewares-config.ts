// config/middlewares.{json,js}: Strapi's global middleware list (with config/env/<NODE_ENV>/middlewares
// merged over it, as every config file). Entries are names or
// `{ name, config }`. Strapi's built-in `strapi::*` names are accepted: the app always runs its
// own equivalents (security headers, CORS, the JSON body parser, query parsing, the error
// envelope) in a fixed order, and the configuration of `strapi::cors`, `strapi::body` and
// `strapi::security` is applied to them. `strapi::logger` and `strapi::poweredBy` are on only when
// listed: the request log lines, and the X-Powered-By header (its `poweredBy` value). User
// middlewares (`global::name`, `api::<api>.name`) run after the built-ins, before any route, in
// the listed order.
import type { SecurityHeaderOptions } from '../http/security-headers';
import { securityOptions } from './security-config';
import { createEnv, type EnvSource } from '../config/env';
import { ConfigError, isPlainObject } from '@cms-gen/core/config-error';
import { readConfigValue } from '../config/config-files';
import type { CorsOptions } from '../http/cors';
import { CustomizationError } from './errors';
import { BUILTIN_MIDDLEWARES } from './builtin-middlewares';

export interface BodyLimits {
  jsonLimit?: string | number;
  formLimit?: string | number;
  textLimit?: string | number;
}

export interface MiddlewaresConfig {
  label: string;
  cors?: CorsOptions;
  body?: BodyLimits;
  security?: SecurityHeaderOptions;
  /** `strapi::logger` is listed: one log line per request. */
  requestLog: boolean;
  /** `strapi::poweredBy` is listed: the X-Powered-By value. */
  poweredBy?: string;
  /** Options that have no effect here (start-up warnings). */
  warnings: string[];
  /** User middlewares in order, with their configuration and their place in the list (for messages). */
  user: { name: string; config: unknown; where: string }[];
}

/** What `strapi::poweredBy` sends when its config names no value (Strapi sends its own name). */
const DEFAULT_POWERED_BY = 'cms-gen';

const CORS_KEYS = new Set(['origin', 'methods', 'headers', 'credentials', 'maxAge', 'expose', 'keepHeadersOnError']);
const BODY_KEYS = new Set(['jsonLimit', 'formLimit', 'textLimit', 'formidable', 'multipart', 'patchKoa', 'includeUnparsed', 'enableTypes']);

function stringList(value: unknown, where: string): string[] {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw new CustomizationError(`${where}: must be a string or an array of strings`);
}

function corsOptions(config: Record<string, unknown>, where: string): CorsOptions {
  for (const key of Object.keys(config)) if (!CORS_KEYS.has(key)) throw new CustomizationError(`${where}: unknown strapi::cors option "${key}"`);
  const out: CorsOptions = {};
  if (config.origin !== undefined) {
    const origins = stringList(config.origin, `${where}: origin`);
    out.origin = origins.includes('*') ? '*' : origins;
  }
  if (config.methods !== undefined) out.methods = stringList(config.methods, `${where}: methods`);
  if (config.headers !== undefined) out.headers = stringList(config.headers, `${where}: headers`);
  if (config.credentials !== undefined) {
    if (typeof config.credentials !== 'boolean') throw new CustomizationError(`${where}: credentials must be true or false`);
    out.credentials = config.credentials;
  }
  if (config.maxAge !== undefined) {
    if (typeof config.maxAge !== 'number' || !Number.isInteger(config.maxAge) || config.maxAge < 0) throw new CustomizationError(`${where}: maxAge must be a non-negative integer (seconds)`);
    out.maxAge = config.maxAge;
  }
  return out;
}

function bodyLimits(config: Record<string, unknown>, where: string): BodyLimits {
  for (const key of Object.keys(config)) if (!BODY_KEYS.has(key)) throw new CustomizationError(`${where}: unknown strapi::body option "${key}"`);
  const out: BodyLimits = {};
  for (const key of ['jsonLimit', 'formLimit', 'textLimit'] as const) {
    const value = config[key];
    if (value === undefined) continue;
    if (!(typeof value === 'string' && /^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(value)) && !(typeof value === 'number' && value > 0)) {
      throw new CustomizationError(`${where}: ${key} must be a size such as '1mb' or a number of bytes (got ${JSON.stringify(value)})`);
    }
    out[key] = value;
  }
  return out;
}

function poweredBy(config: Record<string, unknown>, where: string): string {
  for (const key of Object.keys(config)) if (key !== 'poweredBy') throw new CustomizationError(`${where}: unknown strapi::poweredBy option "${key}"`);
  const value = config.poweredBy ?? DEFAULT_POWERED_BY;
  // A header value: printable ASCII, no line breaks that could split the response.
  if (typeof value !== 'string' || !/^[\x20-\x7e]{1,200}$/.test(value)) throw new CustomizationError(`${where}: poweredBy must be a non-empty string of printable ASCII`);
  return value;
}

/** The list, with config/env/<NODE_ENV>/middlewares merged over it index by index, as Strapi merges it. */
function readList(appDir: string, env: EnvSource): { label: string; list: unknown } | undefined {
  try {
    const read = readConfigValue(appDir, 'middlewares', createEnv(env));
    return read ? { label: read.label, list: read.value } : undefined;
  } catch (err) {
    if (err instanceof ConfigError) throw new CustomizationError(err.message);
    throw err;
  }
}

/** The app's global middleware configuration; undefined when it has no config/middlewares file. */
export function readMiddlewaresConfig(appDir: string, env: EnvSource = process.env): MiddlewaresConfig | undefined {
  const read = readList(appDir, env);
  if (!read) return undefined;
  const { label, list } = read;
  if (!Array.isArray(list)) throw new CustomizationError(`${label}: must be an array of middleware names or { name, config }`);
  const out: MiddlewaresConfig = { label, user: [], requestLog: false, warnings: [] };
  const seen = new Set<string>();
  list.forEach((entry: unknown, i) => {
    const where = `${label}: [${i}]`;
    let name: string;
    let config: unknown = {};
    if (typeof entry === 'string') name = entry;
    else if (isPlainObject(entry) && typeof entry.name === 'string') {
      name = entry.name;
      config = entry.config ?? {};
    } else if (isPlainObject(entry) && 'resolve' in entry) {
      throw new CustomizationError(`${where}: { resolve } entries are not supported; put the middleware in src/middlewares/<name> and list it as "global::<name>"`);
    } else throw new CustomizationError(`${where}: must be a middleware name or { name, config }`);
    if (seen.has(name)) throw new CustomizationError(`${where}: "${name}" is listed twice`);
    seen.add(name);
    if (name.startsWith('strapi::')) {
      if (!BUILTIN_MIDDLEWARES.has(name)) throw new CustomizationError(`${where}: unknown built-in middleware "${name}" (known: ${[...BUILTIN_MIDDLEWARES].join(', ')})`);
      if (!isPlainObject(config)) throw new CustomizationError(`${where}: config of ${name} must be an object`);
      if (name === 'strapi::cors') out.cors = corsOptions(config, `${where} (strapi::cors)`);
      if (name === 'strapi::body') out.body = bodyLimits(config, `${where} (strapi::body)`);
      if (name === 'strapi::security') out.security = securityOptions(config, `${where} (strapi::security)`, out.warnings);
      if (name === 'strapi::logger') {
        // Strapi's logger middleware takes no options.
        for (const key of Object.keys(config)) out.warnings.push(`${where} (strapi::logger): "${key}" is not an option; set the level in config/logger or LOG_LEVEL`);
        out.requestLog = true;
      }
      if (name === 'strapi::poweredBy') out.poweredBy = poweredBy(config, `${where} (strapi::poweredBy)`);
      return;
    }
    if (!name.startsWith('global::') && !name.startsWith('api::')) {
      throw new CustomizationError(`${where}: unknown middleware "${name}": name a built-in (strapi::…), a global one (global::<file in src/middlewares>) or an api one (api::<api>.<name>)`);
    }
    out.user.push({ name, config, where });
  });
  return out;
}
