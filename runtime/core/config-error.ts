// The one error configuration loading throws: its message names the file (or variable) and key.
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** A short description of a wrong value for error messages (never the whole value: it may be a secret). */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * A `{}` literal or null-prototype object. Checked by shape rather than `=== Object.prototype`
 * because config modules may come from another realm (jest's module sandbox, vm contexts).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}
