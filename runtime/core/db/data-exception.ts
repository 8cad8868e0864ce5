// Recognizes a database refusing a *value* (out of range, not representable, malformed for its
// column type). Input validation bounds every value before SQL runs (docs/rest.md, "Input
// bounds"); this is the backstop for whatever a path still lets through, so that such input is
// answered with a 400 instead of an internal error. Nothing was written: the statement failed.

interface DriverError {
  code?: unknown;
  errno?: unknown;
}

/**
 * MariaDB/MySQL errnos for values: out of range (1264), truncated (1265), wrong value for the
 * column or an impossible date (1292, 1366, 1367), too long (1406), a CHECK such as json_valid
 * (4025), invalid JSON text (3140).
 */
const MYSQL_VALUE_ERRNOS = new Set([1264, 1265, 1292, 1366, 1367, 1406, 3140, 4025]);

export function isDataException(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, errno } = err as DriverError;
  // PostgreSQL's SQLSTATE class 22, "data exception" (22003 out of range, 22021 NUL in text, 22P02 bad number, 22008 bad datetime, ...).
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  return typeof errno === 'number' && MYSQL_VALUE_ERRNOS.has(errno);
}
