// State shared by the compilers while building one statement: dialect, schema, the reader's
// publication status (which version of each document it sees) and a fresh-alias counter.
import type { PublicationStatus } from '../query/ast';
import type { SchemaMeta } from '../model/types';
import type { Shape } from '../engine/schema-index';
import type { Dialect } from './dialect';
import { sql, TRUE, type Sql } from './fragment';

export interface QueryContext {
  readonly dialect: Dialect;
  readonly schema: SchemaMeta;
  readonly status: PublicationStatus;
  nextAlias(): string;
  /** Restricts rows of `shape` under `alias` to the versions the reader sees. */
  statusCondition(shape: Shape, alias: string): Sql;
}

export function createQueryContext(dialect: Dialect, schema: SchemaMeta, status: PublicationStatus): QueryContext {
  let counter = 0;
  return {
    dialect,
    schema,
    status,
    nextAlias: () => `t${++counter}`,
    statusCondition: (shape, alias) => statusCondition(shape, alias, status),
  };
}

/**
 * Draft & publish types keep a draft row (published_at NULL) and a published row per document;
 * the reader sees one of them. Other types have one row per document (locale), always visible.
 */
export function statusCondition(shape: Shape, alias: string, status: PublicationStatus): Sql {
  if (shape.kind !== 'contentType' || !shape.meta.draftAndPublish) return TRUE;
  return sql(status === 'draft' ? `${alias}.published_at IS NULL` : `${alias}.published_at IS NOT NULL`);
}
