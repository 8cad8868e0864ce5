// The one place where a write refused by the database becomes an API error. Concurrent writers
// can all pass the runtime's own checks (unique values, the single-type document, the target of a
// relation) before any of them commits; the database's unique indexes and foreign keys then stop
// all but one, and the losers get the 400 Strapi gives for the same input instead of a 500.
// Transactions the database aborted to break a deadlock are run again.
import { setTimeout as sleep } from 'node:timers/promises';
import { constraintViolation, isTransientConflict, type ConstraintViolation } from '../../db/constraint-violation';
import { constraintName } from '../../db/mysql-schema-model';
import type { Db, SqlValue } from '@cms-gen/db/types';
import { ValidationError } from '../../errors';
import { SYSTEM_COLUMNS, type ContentTypeMeta, type SchemaMeta } from '../../model/types';

export const UNIQUE_MESSAGE = 'This attribute must be unique';

/** The values a write sent, by column (a WritePlan's scalars), to show the clashing one. */
export type SentValues = Pick<ReadonlyMap<string, SqlValue>, 'get'>;

/**
 * A unique index the generator emits. `attribute`: the unique attribute it enforces. Without one
 * it guards the storage layout (one row per document version, one single-type document): a
 * violation there means another request created the row first, and the write is run again.
 */
interface UniqueIndex {
  table: string;
  columns: string[];
  names: string[];
  attribute?: string;
}

const indexCache = new WeakMap<SchemaMeta, UniqueIndex[]>();

/** Mirrors generator/emitters/prisma-models.ts: [attribute column, locale?, is_draft]. */
function uniqueIndexes(schema: SchemaMeta): UniqueIndex[] {
  const cached = indexCache.get(schema);
  if (cached) return cached;
  const out: UniqueIndex[] = [];
  const add = (ct: ContentTypeMeta, columns: string[], attribute?: string) => {
    // Prisma's default name on SQLite/PostgreSQL, and the MySQL migrator's (hashed when too long).
    out.push({ table: ct.table, columns, attribute, names: [`${ct.table}_${columns.join('_')}_key`, constraintName(ct.table, columns, 'key')] });
  };
  for (const ct of Object.values(schema.contentTypes)) {
    const scope = [...(ct.localized ? [SYSTEM_COLUMNS.locale] : []), SYSTEM_COLUMNS.isDraft];
    add(ct, [SYSTEM_COLUMNS.documentId, ...scope]);
    if (ct.kind === 'singleType') add(ct, scope);
    for (const attr of Object.values(ct.attributes)) {
      if (attr.kind === 'scalar' && (attr.unique || attr.type === 'uid')) add(ct, [attr.column, ...scope], attr.name);
    }
  }
  indexCache.set(schema, out);
  return out;
}

function findIndex(schema: SchemaMeta, violation: Extract<ConstraintViolation, { kind: 'unique' }>): UniqueIndex | undefined {
  const indexes = uniqueIndexes(schema);
  if (violation.constraint) {
    const byName = indexes.find((i) => i.names.includes(violation.constraint as string));
    if (byName) return byName;
  }
  if (violation.columns) {
    const columns = violation.columns.join(',');
    return indexes.find((i) => (violation.table === undefined || i.table === violation.table) && i.columns.join(',') === columns);
  }
  return undefined;
}

/** The error to answer with for `err`: a constraint violation becomes a 400; anything else is returned unchanged. */
export function translateWriteError(err: unknown, schema: SchemaMeta, sent?: SentValues): unknown {
  const violation = constraintViolation(err);
  if (!violation) return err;
  if (violation.kind === 'foreignKey') {
    return new ValidationError('A document or file this request refers to does not exist (it may have just been deleted)');
  }
  const index = findIndex(schema, violation);
  if (!index) return new ValidationError(UNIQUE_MESSAGE);
  if (!index.attribute) return new ValidationError('Another request wrote this document at the same time; nothing was changed, try again');
  const value = sent?.get(index.columns[0]);
  return new ValidationError(UNIQUE_MESSAGE, { errors: [{ path: [index.attribute], message: UNIQUE_MESSAGE, name: 'ValidationError', value }] });
}

/** A duplicate row of the storage layout (not of an attribute's value): the race is retried. */
function isVersionConflict(err: unknown, schema: SchemaMeta): boolean {
  const violation = constraintViolation(err);
  return violation?.kind === 'unique' && findIndex(schema, violation)?.attribute === undefined;
}

// Twenty writers on one MariaDB row under a loaded machine exhausted six attempts (a 500 in the
// hostile-concurrency suite with three test workers); each retry waits a little longer.
const ATTEMPTS = 10;

/**
 * Runs `fn` in one transaction. A transaction aborted by a deadlock, or refused because another
 * request inserted the same document version first, is run again (it left nothing behind; the
 * next attempt sees the winner's rows) after a short random pause. Other constraint violations
 * are translated (translateWriteError).
 */
export async function runWrite<T>(db: Db, schema: SchemaMeta, fn: (tx: Db) => Promise<T>, sent?: SentValues): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (attempt < ATTEMPTS && (isTransientConflict(err) || isVersionConflict(err, schema))) {
        await sleep(5 + Math.random() * 20 * attempt);
        continue;
      }
      throw translateWriteError(err, schema, sent);
    }
  }
}
