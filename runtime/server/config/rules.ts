// Type rules for config files: each file's object is checked against them before it is merged
// over the defaults, so a wrong value fails at startup with the file and key that hold it. Keys
// that no rule names are ignored (Strapi config files carry keys we do not use, e.g. app.keys).
import { ConfigError, describe, isPlainObject } from '@cms-gen/core/config-error';
import { WEBHOOK_EVENTS, isWebhookEvent } from '@cms-gen/core/engine/event-names';
import { LOG_LEVELS, type LogLevel } from './types';
import { EMAIL_PROVIDERS_TEXT, UPLOAD_PROVIDERS_TEXT, emailProviderOf, uploadProviderOf } from './provider-names';

export type Rule =
  | { kind: 'string'; nonEmpty?: boolean; startsWith?: string }
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'bool' }
  | { kind: 'stringArray' }
  | { kind: 'oneOf'; values: readonly string[] }
  | { kind: 'intRecord' }
  /** `required` keys must be set (not undefined or null). */
  | { kind: 'object'; fields: Readonly<Record<string, Rule>>; required?: readonly string[] }
  /** An array whose items are each checked by `item` (errors name `key[i]`). */
  | { kind: 'list'; item: Rule }
  /** Converts an accepted alternative form, or returns `invalid` naming what was expected. */
  | { kind: 'custom'; convert: (value: unknown) => unknown };

export class Invalid {
  constructor(readonly expected: string) {}
}
export const invalid = (expected: string): Invalid => new Invalid(expected);

export interface Where {
  label: string;
  path: string;
  /** Collects the keys a file sets that no rule reads (`file: a.b.c`), so the app can warn about them. */
  ignored?: string[];
}

const str = (extra: Partial<Extract<Rule, { kind: 'string' }>> = {}): Rule => ({ kind: 'string', ...extra });
const int = (min = 0, max?: number): Rule => ({ kind: 'int', min, max });
const bool: Rule = { kind: 'bool' };
const obj = (fields: Record<string, Rule>, required?: readonly string[]): Rule => ({ kind: 'object', fields, required });

const MS_PER_UNIT: Record<string, number> = { ms: 1, sec: 1000, min: 60_000, hour: 3_600_000, day: 86_400_000 };

/** koa2-ratelimit's interval: milliseconds, or `{ min: 5 }`-style units that add up. */
const interval: Rule = {
  kind: 'custom',
  convert(value) {
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
    if (isPlainObject(value)) {
      let ms = 0;
      for (const [unit, amount] of Object.entries(value)) {
        const factor = MS_PER_UNIT[unit];
        if (factor === undefined || typeof amount !== 'number' || !(amount >= 0)) return invalid('milliseconds or { ms|sec|min|hour|day: number }');
        ms += amount * factor;
      }
      if (ms > 0) return ms;
    }
    return invalid('a positive number of milliseconds or { ms|sec|min|hour|day: number }');
  },
};

/** Strapi 5 accepts `proxy: true` or `proxy: { koa: true }`. */
const proxy: Rule = {
  kind: 'custom',
  convert(value) {
    if (typeof value === 'boolean') return value;
    if (isPlainObject(value) && (value.koa === undefined || typeof value.koa === 'boolean')) return value.koa === true;
    return invalid('a boolean or { koa: boolean }');
  },
};

/** jsonwebtoken's expiresIn: seconds or a vercel/ms string such as '30d'. */
const expiresIn: Rule = {
  kind: 'custom',
  convert(value) {
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
    if (typeof value === 'string' && /^\d+(\.\d+)?\s*[a-z]*$/i.test(value.trim())) return value;
    return invalid("a number of seconds or a duration string such as '30d'");
  },
};

/** Fields a user must never set for themselves at registration (privilege and account state). */
export const REGISTER_FORBIDDEN_FIELDS: readonly string[] = ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken', 'id', 'documentId'];

const allowedFields: Rule = {
  kind: 'custom',
  convert(value) {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return invalid('an array of strings');
    const forbidden = value.filter((item: string) => REGISTER_FORBIDDEN_FIELDS.includes(item));
    if (forbidden.length) return invalid(`an array of strings without ${forbidden.join(', ')} (registration may not set them)`);
    return [...value];
  },
};

const RATE_LIMITED_ROUTES = ['login', 'register', 'forgotPassword', 'resetPassword', 'changePassword', 'sendEmailConfirmation', 'connect'];

/** `{ login: { interval, max }, ... }`: each window is checked like the top-level one. */
const rateLimitRoutes: Rule = {
  kind: 'custom',
  convert(value) {
    if (!isPlainObject(value)) return invalid(`an object keyed by ${RATE_LIMITED_ROUTES.join(', ')}`);
    const out: Record<string, unknown> = {};
    for (const [route, window] of Object.entries(value)) {
      if (!RATE_LIMITED_ROUTES.includes(route)) return invalid(`an object keyed by ${RATE_LIMITED_ROUTES.join(', ')} (not ${route})`);
      if (!isPlainObject(window)) return invalid(`{ interval, max } per route (${route})`);
      const ms = interval.kind === 'custom' ? interval.convert(window.interval) : undefined;
      if (ms instanceof Invalid) return invalid(`${route}.interval: ${ms.expected}`);
      if (typeof window.max !== 'number' || !Number.isInteger(window.max) || window.max < 1) return invalid(`${route}.max: a positive integer`);
      out[route] = { interval: ms, max: window.max };
    }
    return out;
  },
};

const absoluteUrl: Rule = {
  kind: 'custom',
  convert(value) {
    if (typeof value !== 'string' || !/^https?:\/\/[^\s/]+/i.test(value)) return invalid('an absolute http(s) URL');
    return value.replace(/\/+$/, '');
  },
};

const optionalUrl = (value: unknown, key: string): string | Invalid | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return invalid(`${key}: an absolute http(s) URL`);
  return value;
};

/**
 * OAuth providers by name. Strapi's grant settings name the credentials `key`/`secret`; both
 * spellings are accepted. A provider needs its credentials only when enabled.
 */
const providers: Rule = {
  kind: 'custom',
  convert(value) {
    if (!isPlainObject(value)) return invalid('an object of providers');
    const out: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(value)) {
      if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return invalid(`provider names made of letters, digits, - and _ (not ${JSON.stringify(name)})`);
      if (!isPlainObject(entry)) return invalid(`an object for provider ${name}`);
      const clientId = entry.clientId ?? entry.key;
      const clientSecret = entry.clientSecret ?? entry.secret;
      const enabled = entry.enabled === undefined ? true : entry.enabled;
      if (typeof enabled !== 'boolean') return invalid(`${name}.enabled: a boolean`);
      if (enabled && (typeof clientId !== 'string' || clientId === '')) return invalid(`${name}.clientId (or key): a non-empty string`);
      if (enabled && (typeof clientSecret !== 'string' || clientSecret === '')) return invalid(`${name}.clientSecret (or secret): a non-empty string`);
      const provider: Record<string, unknown> = { enabled, clientId: clientId ?? '', clientSecret: clientSecret ?? '' };
      for (const key of ['callback', 'redirectUri', 'authorizeUrl', 'tokenUrl', 'profileUrl'] as const) {
        const url = optionalUrl(entry[key] ?? (key === 'redirectUri' ? entry.redirect_uri : undefined), `${name}.${key}`);
        if (url instanceof Invalid) return url;
        if (url !== undefined) provider[key] = url;
      }
      for (const key of ['preset', 'usernameField', 'emailField'] as const) {
        if (entry[key] === undefined) continue;
        if (typeof entry[key] !== 'string' || entry[key] === '') return invalid(`${name}.${key}: a non-empty string`);
        provider[key] = entry[key];
      }
      if (entry.scope !== undefined) {
        const scope = typeof entry.scope === 'string' ? entry.scope.split(/[\s,]+/).filter(Boolean) : entry.scope;
        if (!Array.isArray(scope) || !scope.every((s) => typeof s === 'string')) return invalid(`${name}.scope: a string or an array of strings`);
        provider.scope = scope;
      }
      out[name] = provider;
    }
    return out;
  },
};

/** Strapi's provider packages are named `@strapi/provider-email-<name>` or just `<name>`. */
const emailProvider: Rule = {
  kind: 'custom',
  convert(value) {
    return emailProviderOf(value) ?? invalid(`one of ${EMAIL_PROVIDERS_TEXT}`);
  },
};

const anyObject: Rule = {
  kind: 'custom',
  convert(value) {
    return isPlainObject(value) ? { ...value } : invalid('an object');
  },
};

const template = obj({ subject: str(), text: str(), html: str() });

/** Strapi names providers by package too (`@strapi/provider-upload-aws-s3`); both forms are accepted. */
const uploadProvider: Rule = {
  kind: 'custom',
  convert(value) {
    return uploadProviderOf(value) ?? invalid(UPLOAD_PROVIDERS_TEXT);
  },
};

// Upload security patterns: an exact mime type, or one with stars standing for any characters
// (`image/*`, `application/vnd.openxmlformats-officedocument.*`, `*`), as Strapi matches them.
const mimePatterns: Rule = {
  kind: 'custom',
  convert(value) {
    const pattern = /^(\*|[a-z0-9*][a-z0-9!#$&^_.+*-]*\/[a-z0-9*][a-z0-9!#$&^_.+*-]*)$/i;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' && pattern.test(item))) return value.map((item: string) => item.toLowerCase());
    return invalid("an array of mime types such as 'image/png', 'image/*' or 'application/vnd.ms-*'");
  },
};

/** GraphQL `landingPage`: a boolean, or a function deciding at start-up (JS config files only). */
const landingPage: Rule = {
  kind: 'custom',
  convert(value) {
    return typeof value === 'boolean' || typeof value === 'function' ? value : invalid('a boolean or a function');
  },
};

/** GraphQL `apolloServer`: options handed to Apollo Server as they are (it checks them itself). */
const apolloServer: Rule = {
  kind: 'custom',
  convert(value) {
    return isPlainObject(value) ? value : invalid('an object of Apollo Server options');
  },
};

/** Headers that describe the connection or the body framing: the HTTP client sets them, a config may not. */
const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect'];

/** Header names are RFC 9110 tokens; values may not hold line breaks (header injection) or NUL. */
const headers: Rule = {
  kind: 'custom',
  convert(value) {
    if (!isPlainObject(value)) return invalid('an object of header names to string values');
    const out: Record<string, string> = {};
    for (const [name, headerValue] of Object.entries(value)) {
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return invalid(`an object of header names to string values (${JSON.stringify(name)} is not a header name)`);
      if (FRAMING_HEADERS.includes(name.toLowerCase())) return invalid(`an object of header names to string values without ${name} (the HTTP client sets it)`);
      if (typeof headerValue !== 'string' || /[\r\n\0]/.test(headerValue)) return invalid(`an object of header names to string values without line breaks (header ${name})`);
      out[name] = headerValue;
    }
    return out;
  },
};

/** An absolute http(s) URL without credentials (WHATWG fetch refuses those too: put them in a header). */
const webhookUrl: Rule = {
  kind: 'custom',
  convert(value) {
    let url: URL;
    try {
      url = new URL(String(value));
    } catch {
      return invalid('an absolute http(s) URL');
    }
    if (typeof value !== 'string' || (url.protocol !== 'http:' && url.protocol !== 'https:')) return invalid('an absolute http(s) URL');
    if (url.username || url.password) return invalid('an http(s) URL without credentials (send them in headers, e.g. Authorization)');
    return value;
  },
};

const webhookEvents: Rule = {
  kind: 'custom',
  convert(value) {
    const expected = `a non-empty array of event names (${WEBHOOK_EVENTS.join(', ')})`;
    if (!Array.isArray(value) || value.length === 0) return invalid(expected);
    const unknown = value.find((name) => !isWebhookEvent(name));
    if (unknown !== undefined) return invalid(`${expected}; ${typeof unknown === 'string' ? JSON.stringify(unknown) : describe(unknown)} is not one`);
    return [...new Set(value as string[])];
  },
};

/** `config/webhooks`: the webhooks (what Strapi's admin panel stores) and how they are delivered. */
export const WEBHOOKS_RULE = obj({
  webhooks: {
    kind: 'list',
    // `isEnabled` is the name Strapi's admin API gives `enabled`.
    item: obj({ name: str({ nonEmpty: true }), url: webhookUrl, events: webhookEvents, headers, enabled: bool, isEnabled: bool }, ['name', 'events']),
  },
  delivery: obj({
    maxAttempts: int(1, 20),
    initialDelayMs: int(1, 3_600_000),
    maxDelayMs: int(1, 3_600_000),
    timeoutMs: int(1, 600_000),
    queueSize: int(1, 100_000),
    concurrency: int(1, 64),
    closeTimeoutMs: int(0, 60_000),
  }),
});

// `webhooks` is Strapi's `server.webhooks` (default headers of every webhook).
/** Checked task by task once the file is read (server-file.ts), where errors can name the task. */
const cronTasks: Rule = { kind: 'custom', convert: (value) => (isPlainObject(value) ? value : invalid('an object of tasks keyed by name or by rule')) };

/**
 * Strapi's `server.url`, the server's public URL: absolute, or empty for none (a Strapi project's
 * `env('PUBLIC_URL', '')`). Strapi also takes a path alone, to be served under it behind a proxy;
 * cms-gen serves at the root, so that is refused rather than ignored.
 */
const serverUrl: Rule = {
  kind: 'custom',
  convert(value) {
    if (value === '') return undefined;
    if (typeof value !== 'string' || !/^https?:\/\/[^\s/]+/i.test(value)) return invalid('an absolute http(s) URL, or empty (cms-gen serves at the root: a path alone is not supported)');
    return value.replace(/\/+$/, '');
  },
};

export const SERVER_RULE = obj({
  host: str({ nonEmpty: true }),
  url: serverUrl,
  port: int(0, 65535),
  proxy,
  webhooks: obj({ defaultHeaders: headers }),
  cron: obj({ enabled: bool, tasks: cronTasks, staleAfterMs: int(1000, 86_400_000) }),
});

// Strapi's config/logger is winston's options: only `level` carries over (winston's `verbose` and
// `silly` are read as debug and trace); `format` picks JSON or readable lines.
const LEVEL_ALIASES: Readonly<Record<string, LogLevel>> = { verbose: 'debug', silly: 'trace' };

/** The log level `value` names (Strapi's winston names included), or undefined. */
export function logLevelOf(value: unknown): LogLevel | undefined {
  if (typeof value !== 'string') return undefined;
  const level = LEVEL_ALIASES[value] ?? value;
  return (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : undefined;
}

const logLevel: Rule = { kind: 'custom', convert: (value) => logLevelOf(value) ?? invalid(`one of ${LOG_LEVELS.join(', ')}`) };
export const OPENAPI_RULE = obj({ enabled: bool, path: str({ startsWith: '/' }) });

export const LOGGER_RULE = obj({ level: logLevel, format: { kind: 'oneOf', values: ['json', 'pretty'] } });

export const DATABASE_RULE = obj({ url: str({ nonEmpty: true }), allowDataLoss: bool });

export const API_RULE = obj({
  rest: obj({ prefix: str({ startsWith: '/' }), defaultLimit: int(1), maxLimit: int(1), withCount: bool, strictParams: bool }),
});

export const ADMIN_RULE = obj({ enabled: bool, apiToken: obj({ salt: str({ nonEmpty: true }) }) });

export const PLUGIN_RULES: Readonly<Record<string, Rule>> = {
  'users-permissions': obj({
    enabled: bool,
    jwtSecret: str({ nonEmpty: true }),
    jwt: obj({ expiresIn, algorithm: { kind: 'oneOf', values: ['HS256', 'HS384', 'HS512'] } }),
    jwtManagement: { kind: 'oneOf', values: ['legacy-support', 'refresh'] },
    sessions: obj({
      httpOnly: bool,
      accessTokenLifespan: int(1),
      maxRefreshTokenLifespan: int(1),
      idleRefreshTokenLifespan: int(1),
      cookie: obj({ name: str({ nonEmpty: true }), sameSite: { kind: 'oneOf', values: ['lax', 'strict', 'none'] }, path: str({ startsWith: '/' }), domain: str({ nonEmpty: true }) }),
    }),
    register: obj({ allowedFields }),
    ratelimit: obj({
      enabled: bool,
      interval,
      max: int(1),
      routes: rateLimitRoutes,
      store: { kind: 'oneOf', values: ['memory', 'redis'] },
      redis: obj({ url: str({ nonEmpty: true }), prefix: str() }),
    }),
    bcryptRounds: int(4, 31),
    publicUrl: absoluteUrl,
    resetPasswordTokenLifespan: int(1),
    emailConfirmationTokenLifespan: int(1),
    emailTemplates: obj({ resetPassword: template, emailConfirmation: template }),
    providers,
  }),
  email: obj({ provider: emailProvider, providerOptions: anyObject, settings: obj({ defaultFrom: str({ nonEmpty: true }), defaultReplyTo: str({ nonEmpty: true }) }) }),
  graphql: obj({
    enabled: bool,
    endpoint: str({ startsWith: '/' }),
    shadowCRUD: bool,
    depthLimit: int(1),
    amountLimit: int(1),
    defaultLimit: int(1),
    maxLimit: int(1),
    complexityLimit: int(0),
    playgroundAlways: bool,
    landingPage,
    apolloServer,
    v4CompatibilityMode: bool,
  }),
  upload: obj({
    enabled: bool,
    sizeLimit: int(1),
    provider: uploadProvider,
    providerOptions: obj({
      directory: str({ nonEmpty: true }),
      maxAge: int(0),
      baseUrl: str({ nonEmpty: true }),
      rootPath: str(),
      cloud_name: str({ nonEmpty: true }),
      // Cloudinary's API keys are digits: a config file may write one as a number.
      api_key: { kind: 'custom', convert: (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' && value !== '' ? value : invalid('a non-empty string')) },
      api_secret: str({ nonEmpty: true }),
      upload_prefix: absoluteUrl,
      s3Options: obj({
        region: str({ nonEmpty: true }),
        endpoint: str({ nonEmpty: true }),
        forcePathStyle: bool,
        credentials: obj({ accessKeyId: str({ nonEmpty: true }), secretAccessKey: str({ nonEmpty: true }), sessionToken: str({ nonEmpty: true }) }),
        params: obj({
          Bucket: str({ nonEmpty: true }),
          ACL: { kind: 'oneOf', values: ['private', 'public-read', 'public-read-write', 'authenticated-read', 'bucket-owner-read', 'bucket-owner-full-control'] },
          signedUrlExpires: int(1),
        }),
        requestChecksumCalculation: { kind: 'oneOf', values: ['WHEN_SUPPORTED', 'WHEN_REQUIRED'] },
        responseChecksumValidation: { kind: 'oneOf', values: ['WHEN_SUPPORTED', 'WHEN_REQUIRED'] },
      }),
    }),
    // Checked against the provider after merging (load-config.ts checkLimits): only cloudinary uses them.
    actionOptions: obj({ upload: anyObject, uploadStream: anyObject, delete: anyObject }),
    breakpoints: { kind: 'intRecord' },
    sizeOptimization: bool,
    responsiveDimensions: bool,
    autoOrientation: bool,
    security: obj({ allowedTypes: mimePatterns, deniedTypes: mimePatterns }),
    imageLimits: obj({ maxPixels: int(1), concurrency: int(1, 64), timeout: int(1, 3600) }),
  }),
};

function fail(where: Where, expected: string, value: unknown): never {
  throw new ConfigError(`${where.label}: ${where.path} must be ${expected} (got ${describe(value)})`);
}

/**
 * Checks `value` against `rule` and returns it (converted for custom rules, unknown keys dropped).
 * `undefined` and `null` mean "not set": the caller keeps the default, which is how Strapi files
 * written as `jwtSecret: env('JWT_SECRET')` behave when the variable is absent.
 */
export function check(value: unknown, rule: Rule, where: Where): unknown {
  switch (rule.kind) {
    case 'string':
      if (typeof value !== 'string') fail(where, 'a string', value);
      if (rule.nonEmpty && value === '') fail(where, 'a non-empty string', value);
      if (rule.startsWith && !value.startsWith(rule.startsWith)) fail(where, `a string starting with "${rule.startsWith}"`, value);
      return value;
    case 'int': {
      const range = `${rule.min ?? '-∞'}..${rule.max ?? '∞'}`;
      if (typeof value !== 'number' || !Number.isInteger(value)) fail(where, `an integer (${range})`, value);
      if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) fail(where, `an integer in ${range}`, value);
      return value;
    }
    case 'bool':
      if (typeof value !== 'boolean') fail(where, 'a boolean', value);
      return value;
    case 'stringArray':
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) fail(where, 'an array of strings', value);
      return [...value];
    case 'oneOf':
      if (typeof value !== 'string' || !rule.values.includes(value)) fail(where, `one of ${rule.values.map((v) => `"${v}"`).join(', ')}`, value);
      return value;
    case 'intRecord':
      if (!isPlainObject(value) || !Object.values(value).every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0)) {
        fail(where, 'an object of positive integers', value);
      }
      return { ...value };
    case 'custom': {
      const converted = rule.convert(value);
      if (converted instanceof Invalid) fail(where, converted.expected, value);
      return converted;
    }
    case 'list': {
      if (!Array.isArray(value)) fail(where, 'an array', value);
      return value.map((item, i) => check(item, rule.item, { ...where, path: `${where.path}[${i}]` }));
    }
    case 'object': {
      if (!isPlainObject(value)) fail(where, 'an object', value);
      const out: Record<string, unknown> = {};
      const at = (key: string) => (where.path ? `${where.path}.${key}` : key);
      for (const key of rule.required ?? []) {
        if (value[key] === undefined || value[key] === null) throw new ConfigError(`${where.label}: ${at(key)} is required`);
      }
      for (const [key, fieldRule] of Object.entries(rule.fields)) {
        const field = value[key];
        if (field === undefined || field === null) continue;
        out[key] = check(field, fieldRule, { label: where.label, path: at(key), ignored: where.ignored });
      }
      for (const key of Object.keys(value)) if (!(key in rule.fields)) where.ignored?.push(`${where.label}: ${at(key)}`);
      return out;
    }
  }
}
