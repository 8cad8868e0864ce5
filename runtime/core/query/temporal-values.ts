// Strict readers of the date, time and datetime forms the API accepts, shared by filters and
// bodies. `new Date()` and `Date.parse` are never used on client text: V8 rolls '2020-02-30' over
// to March 1st, reads '1' as the year 2001 and '99999-01-01' as a year no column can hold.
// Every accepted value is a real calendar day with a four-digit year from 0001 to 9999, which
// SQLite text, PostgreSQL `date`/`timestamptz` and MariaDB `DATE`/`DATETIME` all store unchanged.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/** True for a real day (no 30 February) in years 0001–9999. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** 'YYYY-MM-DD' when `text` is exactly a calendar day, else undefined. */
export function readIsoDate(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  return isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) ? text : undefined;
}

/**
 * An ISO 8601 date or date-time (`T` or a space between them, optional seconds and fraction,
 * optional zone; no zone means UTC, so results never depend on the server's zone) as an ISO
 * string with milliseconds and 'Z'; undefined when it is not one, names an impossible day or
 * time, or lands outside years 0001–9999 once the zone is applied.
 */
export function readIsoDatetime(text: string): string | undefined {
  const match = DATETIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  if (!isCalendarDay(Number(y), Number(mo), Number(d))) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const offset = zoneMinutes(zone);
  if (offset === undefined) return undefined;
  const ms = Number((fraction + '000').slice(0, 3));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const date = new Date(Date.UTC(2000, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms));
  date.setUTCFullYear(Number(y));
  const time = date.getTime() - offset * 60_000;
  const shifted = new Date(time);
  const year = shifted.getUTCFullYear();
  if (year < 1 || year > 9999) return undefined;
  return shifted.toISOString();
}

function zoneMinutes(zone: string): number | undefined {
  if (zone.toUpperCase() === 'Z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 23 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** 'HH:mm', 'HH:mm:ss' or 'HH:mm:ss.S…' → 'HH:mm:ss.SSS' (extra fraction digits dropped). */
export function readIsoTime(text: string): string | undefined {
  const match = TIME.exec(text.trim());
  if (!match) return undefined;
  const [, h, m, s = '00', fraction = ''] = match;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return undefined;
  return `${h}:${m}:${s}.${(fraction + '000').slice(0, 3)}`;
}
