// pino's `isoTime` timestamp (`,"time":"2026-11-28T03:21:22.123Z"`) without formatting a Date
// for every line: the text up to the seconds is kept until the second changes, and only the
// milliseconds are written per line. The request log writes one line per request, and
// `Date.prototype.toISOString` was 2% of a get-one's CPU (docs/benchmarks.md, 2026-11-28, 03:30).

let cachedSecond = Number.NaN;
/** `2026-11-28T03:21:22.` of `cachedSecond`. */
let cachedPrefix = '';

/** The ISO 8601 text of `ms` (epoch milliseconds), exactly as `new Date(ms).toISOString()` writes it. */
export function isoString(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    const text = new Date(second * 1000).toISOString();
    // Strip the milliseconds and the `Z` ("000Z"); the year may be longer than 4 digits.
    cachedPrefix = text.slice(0, text.length - 4);
    cachedSecond = second;
  }
  const millis = ms - second * 1000;
  return `${cachedPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** A pino `timestamp` option: the same text as `pino.stdTimeFunctions.isoTime`. */
export function isoTime(): string {
  return `,"time":"${isoString(Date.now())}"`;
}
