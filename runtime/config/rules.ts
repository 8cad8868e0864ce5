// Type rules for config files: each file's object is checked against them before it is merged
// over the defaults, so a wrong value fails at startup with the file and key that hold it. Keys
// that no rule names are ignored (Strapi config files carry keys we do not use, e.g. app.keys).
import { ConfigError, describe, isPlainObject } from './config-error';

export type Rule =
  | { kind: 'string'; nonEmpty?: boolean; startsWith?: string }
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'bool' }
  | { kind: 'stringArray' }
  | { kind: 'oneOf'; values: readonly string[] }
  | { kind: 'intRecord' }
  | { kind: 'object'; fields: Readonly<Record<string, Rule>> }
  /** Converts an accepted alternative form, or returns `invalid` naming what was expected. */
  | { kind: 'custom'; convert: (value: unknown) => unknown };

export class Invalid {
  constructor(readonly expected: string) {}
}
export const invalid = (expected: string): Invalid => new Invalid(expected);

export interface Where {
  label: string;
  path: string;
}

const str = (extra: Partial<Extract<Rule, { kind: 'string' }>> = {}): Rule => ({ kind: 'string', ...extra });
const int = (min = 0, max?: number): Rule => ({ kind: 'int', min, max });
const bool: Rule = { kind: 'bool' };
const obj = (fields: Record<string, Rule>): Rule => ({ kind: 'object', fields });

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

export const SERVER_RULE = obj({ host: str({ nonEmpty: true }), port: int(0, 65535), proxy });

export const DATABASE_RULE = obj({ url: str({ nonEmpty: true }), allowDataLoss: bool });

export const API_RULE = obj({
  rest: obj({ prefix: str({ startsWith: '/' }), defaultLimit: int(1), maxLimit: int(1), withCount: bool }),
});

export const ADMIN_RULE = obj({ apiToken: obj({ salt: str({ nonEmpty: true }) }) });

export const PLUGIN_RULES: Readonly<Record<string, Rule>> = {
  'users-permissions': obj({
    enabled: bool,
    jwtSecret: str({ nonEmpty: true }),
    jwt: obj({ expiresIn, algorithm: str({ nonEmpty: true }) }),
    jwtManagement: { kind: 'oneOf', values: ['legacy-support', 'refresh'] },
    sessions: obj({ httpOnly: bool, accessTokenLifespan: int(1), maxRefreshTokenLifespan: int(1), idleRefreshTokenLifespan: int(1) }),
    register: obj({ allowedFields: { kind: 'stringArray' } }),
    ratelimit: obj({ enabled: bool, interval, max: int(1) }),
  }),
  graphql: obj({
    enabled: bool,
    endpoint: str({ startsWith: '/' }),
    shadowCRUD: bool,
    depthLimit: int(1),
    amountLimit: int(1),
    defaultLimit: int(1),
    maxLimit: int(1),
    playgroundAlways: bool,
    v4CompatibilityMode: bool,
  }),
  upload: obj({
    enabled: bool,
    sizeLimit: int(1),
    provider: str({ nonEmpty: true }),
    breakpoints: { kind: 'intRecord' },
    sizeOptimization: bool,
    responsiveDimensions: bool,
    autoOrientation: bool,
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
    case 'object': {
      if (!isPlainObject(value)) fail(where, 'an object', value);
      const out: Record<string, unknown> = {};
      for (const [key, fieldRule] of Object.entries(rule.fields)) {
        const field = value[key];
        if (field === undefined || field === null) continue;
        out[key] = check(field, fieldRule, { label: where.label, path: where.path ? `${where.path}.${key}` : key });
      }
      return out;
    }
  }
}
