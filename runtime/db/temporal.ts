// Text forms of temporal values as the PostgreSQL and MariaDB drivers hand them over, rewritten
// into the runtime's canonical forms: datetimes as ISO strings with milliseconds and 'Z', times
// as 'HH:mm:ss.SSS'. Parsing is done by hand because `new Date('2024-01-02 03:04:05+00')` is
// implementation-defined in JavaScript, and because the server's session time zone decides the
// offset PostgreSQL prints.

const TIMESTAMP =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/;

/**
 * 'YYYY-MM-DD HH:MM:SS[.ffffff][±HH[:MM[:SS]]]' → 'YYYY-MM-DDTHH:mm:ss.SSSZ'. A value without an
 * offset is taken as UTC (PostgreSQL `timestamp`, MariaDB DATETIME stored as UTC). Values the
 * regex does not know ('infinity', BC dates, MariaDB's zero date) come back unchanged.
 */
export function timestampTextToIso(text: string): string {
  const m = TIMESTAMP.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac = '', , sign, oh = '0', om = '0', os = '0'] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return text;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(Number(y), month - 1, day);
  date.setUTCHours(Number(h), Number(mi), Number(s), Number((frac + '000').slice(0, 3)));
  if (sign) {
    const offsetSeconds = Number(oh) * 3600 + Number(om) * 60 + Number(os);
    date.setTime(date.getTime() - (sign === '-' ? -1 : 1) * offsetSeconds * 1000);
  }
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;

/** 'HH:MM:SS[.ffffff]' → 'HH:mm:ss.SSS' (fractions past milliseconds are truncated). */
export function timeTextToCanonical(text: string): string {
  const m = TIME.exec(text);
  if (!m) return text;
  const [, h, mi, s, frac = ''] = m;
  return `${h}:${mi}:${s}.${(frac + '000').slice(0, 3)}`;
}
