// Row ids (the API's numeric `id`, link and file ids) are 32-bit integer columns on every
// database. A larger number can name no row, and PostgreSQL refuses to even compare one with an
// integer column (a driver error, so a 500): callers check with this before any SQL.
export const MAX_ROW_ID = 2147483647;

/** Whether `n` can be the id of a stored row. */
export function isRowId(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n <= MAX_ROW_ID;
}

/** The row id a path or body parameter spells in decimal digits, or undefined. */
export function parseRowId(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return isRowId(n) ? n : undefined;
}
