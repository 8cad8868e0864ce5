// The `env` helper handed to `config/*.js` functions, with Strapi's semantics so Strapi config
// files work unchanged: a variable counts as set when present (even empty), `int`/`float` parse
// like parseInt/parseFloat (a wrong value becomes NaN and the validator names the key), `bool`
// is true only for the string 'true', `array` splits on commas and strips brackets and quotes,
// `date` is `new Date(value)`, `oneOf` keeps a value only when it is one of the expected ones (else
// the default, which must itself be expected when it is truthy).

export type EnvSource = Record<string, string | undefined>;

export interface EnvHelper {
  (name: string): string | undefined;
  <T>(name: string, defaultValue: T): string | T;
  int<T = undefined>(name: string, defaultValue?: T): number | T;
  float<T = undefined>(name: string, defaultValue?: T): number | T;
  bool<T = undefined>(name: string, defaultValue?: T): boolean | T;
  array<T = undefined>(name: string, defaultValue?: T): string[] | T;
  json<T = undefined>(name: string, defaultValue?: T): unknown;
  date<T = undefined>(name: string, defaultValue?: T): Date | T;
  oneOf<T = undefined>(name: string, expectedValues: readonly unknown[], defaultValue?: T): string | T;
}

export function createEnv(source: EnvSource): EnvHelper {
  const read = (name: string): string | undefined => (Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined);

  function env(name: string, defaultValue?: unknown): unknown {
    const value = read(name);
    return value === undefined ? defaultValue : value;
  }

  const helper = env as EnvHelper;
  helper.int = <T>(name: string, defaultValue?: T) => {
    const value = read(name);
    return value === undefined ? (defaultValue as T) : parseInt(value, 10);
  };
  helper.float = <T>(name: string, defaultValue?: T) => {
    const value = read(name);
    return value === undefined ? (defaultValue as T) : parseFloat(value);
  };
  helper.bool = <T>(name: string, defaultValue?: T) => {
    const value = read(name);
    return value === undefined ? (defaultValue as T) : value === 'true';
  };
  helper.array = <T>(name: string, defaultValue?: T) => {
    const value = read(name);
    if (value === undefined) return defaultValue as T;
    const inner = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
    return inner.split(',').map((item) => item.trim().replace(/^"+|"+$/g, ''));
  };
  helper.json = <T>(name: string, defaultValue?: T) => {
    const value = read(name);
    if (value === undefined) return defaultValue;
    try {
      return JSON.parse(value) as unknown;
    } catch (err) {
      throw new Error(`Invalid JSON in environment variable ${name}: ${(err as Error).message}`);
    }
  };
  helper.date = <T>(name: string, defaultValue?: T) => {
    const value = read(name);
    return value === undefined ? (defaultValue as T) : new Date(value);
  };
  helper.oneOf = <T>(name: string, expectedValues: readonly unknown[], defaultValue?: T) => {
    // Strapi's checks, with its messages: a config file that calls it wrongly fails to load there too.
    if (!expectedValues) throw new Error('env.oneOf requires expectedValues');
    if (defaultValue && !expectedValues.includes(defaultValue)) throw new Error('env.oneOf requires defaultValue to be included in expectedValues');
    const value = env(name, defaultValue);
    return expectedValues.includes(value) ? (value as string | T) : (defaultValue as T);
  };
  return helper;
}
