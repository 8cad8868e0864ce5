// Parses a raw query string the way Strapi's query middleware does (qs, arrayLimit 100, depth 20,
// `?a` → null), but refuses the inputs qs would silently mangle instead of letting a filter change
// meaning: an indexed list longer than the limit (qs turns it into an object with numeric keys),
// nesting deeper than the limit (qs keeps the rest of the key as one literal segment) and more
// parameters than the limit (qs drops the extra ones).
import { parse } from 'qs';
import { InvalidKeyError, ValidationError } from '../errors';

export const QUERY_ARRAY_LIMIT = 100;
export const QUERY_DEPTH_LIMIT = 20;
export const QUERY_PARAMETER_LIMIT = 1000;

/** A NUL, escaped (`%00`) or raw. */
const NUL = /%00|\u0000/;

export function parseQueryString(rawQueryString: string): Record<string, unknown> {
  const text = rawQueryString.startsWith('?') ? rawQueryString.slice(1) : rawQueryString;
  if (text === '') return {};
  // PostgreSQL text cannot hold NUL: refused here for every parameter, on every database alike.
  if (NUL.test(text)) throw new ValidationError('Invalid query string: NUL characters (\\u0000) are not allowed', { source: 'query' });
  const parts = text.split('&');
  if (parts.length > QUERY_PARAMETER_LIMIT) {
    throw new ValidationError(`Too many query parameters: at most ${QUERY_PARAMETER_LIMIT} are allowed`, {
      source: 'query',
      limit: QUERY_PARAMETER_LIMIT,
    });
  }
  for (const part of parts) checkDepth(part);
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text, {
      arrayLimit: QUERY_ARRAY_LIMIT,
      depth: QUERY_DEPTH_LIMIT,
      strictDepth: true,
      parameterLimit: QUERY_PARAMETER_LIMIT,
      allowPrototypes: false,
      // Null-prototype objects: `constructor`/`prototype` keys are plain data, `__proto__` is dropped.
      plainObjects: true,
      strictNullHandling: true,
    });
  } catch (error) {
    // checkDepth should have caught it; qs's own guard is the backstop.
    if (error instanceof RangeError) throw new ValidationError('Invalid query string: nesting is too deep', { source: 'query', limit: QUERY_DEPTH_LIMIT });
    throw error;
  }
  for (const key of Object.keys(parsed)) checkArrays(parsed[key], key, key);
  return parsed;
}

/** The decoded key of one `key=value` part, as qs sees it. */
function decodedKey(part: string): string {
  const bracketEquals = part.indexOf(']=');
  const end = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
  const key = (end === -1 ? part : part.slice(0, end)).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

const SEGMENT = /\[[^[\]]*]/g;

/** `__proto__` can only be an attack or a bug; dropping it silently would widen a filter to every row. */
const PROTO_SEGMENT = /(^|\[)__proto__(\]|\[|$)/;

function checkDepth(part: string): void {
  const key = decodedKey(part);
  if (PROTO_SEGMENT.test(key)) throw new InvalidKeyError('__proto__', null, 'query');
  const segments = key.match(SEGMENT)?.length ?? 0;
  if (segments > QUERY_DEPTH_LIMIT) {
    const bracket = key.indexOf('[');
    const param = bracket > 0 ? key.slice(0, bracket) : key;
    throw new ValidationError(`Query parameter ${param} is nested too deeply: at most ${QUERY_DEPTH_LIMIT} levels are allowed`, {
      source: 'query',
      param,
      limit: QUERY_DEPTH_LIMIT,
    });
  }
}

const CANONICAL_INDEX = /^(0|[1-9]\d*)$/;

function tooLong(param: string, path: string): ValidationError {
  return new ValidationError(`Array too long: at most ${QUERY_ARRAY_LIMIT} items are allowed in ${path}`, {
    source: 'query',
    param,
    path,
    limit: QUERY_ARRAY_LIMIT,
  });
}

/**
 * Lists over the limit, whichever way qs built them: an array (indices 0..100 stay an array,
 * `a[]=` and repeated keys grow without bound) or an object whose keys are all indices with one
 * past the limit (`a[101]=x`). `param` is the top-level name, `path` the bracketed location.
 */
function checkArrays(value: unknown, param: string, path: string): void {
  if (Array.isArray(value)) {
    if (value.length > QUERY_ARRAY_LIMIT) throw tooLong(param, path);
    value.forEach((item, index) => checkArrays(item, param, `${path}[${index}]`));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 0 && keys.every((k) => CANONICAL_INDEX.test(k)) && keys.some((k) => Number(k) >= QUERY_ARRAY_LIMIT)) {
    throw tooLong(param, path);
  }
  for (const key of keys) checkArrays(record[key], param, `${path}[${key}]`);
}
