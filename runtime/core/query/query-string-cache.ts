// Parsed query strings, kept per text. Clients repeat the same query string with only the path
// changing (a page's populate on every document it opens), and parsing it (qs, then the checks of
// parse-query-string.ts) was 5% of a deeply populated get-one's CPU; copying the parsed value
// costs a fraction of that. Each call still answers a fresh value: the operations and user code
// may change the query they receive.

/** What the parser builds: null-prototype objects (qs's `plainObjects`), arrays, strings and null. */
type Parsed = Record<string, unknown>;

/** Distinct query strings kept; the cache is emptied when full (as the statement cache is). */
export const QUERY_CACHE_SIZE = 256;
/** Longer query strings are parsed every time: a few long ones must not hold megabytes. */
export const QUERY_CACHE_MAX_LENGTH = 2048;

/** A deep copy of a parsed query: the same prototypes (null or Object), keys in the same order. */
export function copyParsed(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) if (i in value) copy[i] = copyParsed(value[i]);
    return copy;
  }
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = Object.getPrototypeOf(record) === null ? Object.create(null) : {};
  for (const key of Object.keys(record)) copy[key] = copyParsed(record[key]);
  return copy;
}

/**
 * `parse` with its results kept per query string. A string `parse` refuses (it throws) is not
 * kept: it is parsed, and refused, each time.
 */
export function cachedQueryParser(parse: (raw: string) => Parsed): (raw: string) => Parsed {
  const parsed = new Map<string, Parsed>();
  return (raw) => {
    if (raw.length > QUERY_CACHE_MAX_LENGTH) return parse(raw);
    let kept = parsed.get(raw);
    if (kept === undefined) {
      kept = parse(raw);
      if (parsed.size >= QUERY_CACHE_SIZE) parsed.clear();
      parsed.set(raw, kept);
    }
    return copyParsed(kept) as Parsed;
  };
}
