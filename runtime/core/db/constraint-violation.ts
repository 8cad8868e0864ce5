// Recognizes the errors each driver raises when the database refuses a write because of a
// constraint (unique index, foreign key), or aborts a transaction to break a lock conflict.
// The engine turns the first into Strapi's 400 envelope and retries the second
// (engine/write/constraint-errors.ts); nothing else needs to know the drivers' codes.

export type ConstraintViolation =
  /** `table`/`columns` when the driver names them (SQLite, PostgreSQL); `constraint` when it names the index (PostgreSQL, MySQL). */
  | { kind: 'unique'; table?: string; columns?: string[]; constraint?: string }
  | { kind: 'foreignKey' };

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  sqlMessage?: unknown;
  table?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

const asDriverError = (err: unknown): DriverError | undefined => (typeof err === 'object' && err !== null ? (err as DriverError) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** `UNIQUE constraint failed: seo_pages.path, seo_pages.is_draft` (better-sqlite3). */
function sqliteUnique(message: string): ConstraintViolation {
  const list = /constraint failed: (.+)$/.exec(message)?.[1];
  if (!list) return { kind: 'unique' };
  const qualified = list.split(',').map((s) => s.trim().split('.'));
  return { kind: 'unique', table: qualified[0]?.length === 2 ? qualified[0][0] : undefined, columns: qualified.map((q) => q[q.length - 1]) };
}

/** `Key (path, is_draft)=(/a, f) already exists.` (PostgreSQL's detail). */
function postgresColumns(detail: string | undefined): string[] | undefined {
  const list = detail ? /^Key \((.+?)\)=/.exec(detail)?.[1] : undefined;
  return list?.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
}

/** `Duplicate entry 'x-0' for key 'seo_pages_path_is_draft_key'` (MariaDB/MySQL; MySQL 8 prefixes the table). */
function mysqlConstraint(message: string): string | undefined {
  const key = /for key '([^']+)'/.exec(message)?.[1];
  return key?.includes('.') ? key.slice(key.lastIndexOf('.') + 1) : key;
}

export function constraintViolation(err: unknown): ConstraintViolation | undefined {
  const e = asDriverError(err);
  if (!e) return undefined;
  const code = text(e.code);
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return sqliteUnique(text(e.message) ?? '');
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return { kind: 'foreignKey' };
  if (code === '23505') return { kind: 'unique', table: text(e.table), constraint: text(e.constraint), columns: postgresColumns(text(e.detail)) };
  if (code === '23503') return { kind: 'foreignKey' };
  const errno = typeof e.errno === 'number' ? e.errno : undefined;
  if (errno === 1062) return { kind: 'unique', constraint: mysqlConstraint(text(e.sqlMessage) ?? text(e.message) ?? '') };
  if (errno === 1451 || errno === 1452) return { kind: 'foreignKey' };
  return undefined;
}

/**
 * A transaction the database aborted to resolve a lock conflict (PostgreSQL deadlock or
 * serialization failure, MySQL deadlock). It was rolled back whole, so running it again is safe.
 * A MySQL lock wait timeout (1205) is not retried: it already took innodb_lock_wait_timeout.
 */
export function isTransientConflict(err: unknown): boolean {
  const e = asDriverError(err);
  if (!e) return false;
  const code = text(e.code);
  if (code === '40P01' || code === '40001') return true;
  return e.errno === 1213;
}
