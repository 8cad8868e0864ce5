// State shared by the compilers while building one statement: dialect, schema, the reader's
// publication status (which version of each document it sees) and publication filter (which
// documents), and a fresh-alias counter.
import type { PublicationFilter, PublicationStatus } from '../query/ast';
import type { SchemaMeta } from '../model/types';
import type { Shape } from '../engine/schema-index';
import type { Dialect } from './dialect';
import { join, sql, TRUE, type Sql } from './fragment';
import { publicationFilterCondition } from './publication-filter';

export interface QueryContext {
  readonly dialect: Dialect;
  readonly schema: SchemaMeta;
  readonly status: PublicationStatus;
  readonly publicationFilter?: PublicationFilter;
  nextAlias(): string;
  /** Restricts rows of `shape` under `alias` to the versions the reader sees (filters use this). */
  statusCondition(shape: Shape, alias: string): Sql;
  /**
   * The status condition plus the publication filter: the documents the reader reads, at the root
   * and in populated relations (as Strapi cascades `publicationFilter` into populate). Relation
   * filters keep the plain status condition: they ask about related documents, not for them.
   */
  visibleCondition(shape: Shape, alias: string): Sql;
}

export function createQueryContext(dialect: Dialect, schema: SchemaMeta, status: PublicationStatus, publicationFilter?: PublicationFilter): QueryContext {
  let counter = 0;
  return {
    dialect,
    schema,
    status,
    publicationFilter,
    nextAlias: () => `t${++counter}`,
    statusCondition: (shape, alias) => statusCondition(shape, alias, status),
    visibleCondition: (shape, alias) => {
      const base = statusCondition(shape, alias, status);
      if (!publicationFilter || shape.kind !== 'contentType' || !shape.meta.draftAndPublish) return base;
      return join([base, publicationFilterCondition(shape.meta, alias, status, publicationFilter, dialect)], ' AND ');
    },
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
