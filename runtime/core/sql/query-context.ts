// State shared by the compilers while building one statement: dialect, schema, the reader's
// publication status (which version of each document it sees) and publication filter (which
// documents), and a fresh-alias counter.
import type { PublicationFilter, PublicationStatus } from '../query/ast';
import type { SchemaMeta } from '../model/types';
import type { Shape } from '../model/schema-index';
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
   * `index: false` keeps SQLite from reading the rows through the version index (see statusCondition).
   */
  visibleCondition(shape: Shape, alias: string, options?: StatusOptions): Sql;
}

export interface StatusOptions {
  /**
   * false: the statement has other conditions or another order, and SQLite should not walk the
   * version index for it (default true). SQLite plans without statistics: it takes an equality on
   * an indexed column as selective, and reads every published row through the index plus a table
   * lookup each, which is twice as slow as scanning the table when a filter, a search or an
   * unindexed sort has to read every row anyway (measured at 100k articles: a filtered count took
   * 314 ms through the index, 157 ms by a scan). PostgreSQL and MySQL plan from statistics.
   */
  index?: boolean;
}

export function createQueryContext(dialect: Dialect, schema: SchemaMeta, status: PublicationStatus, publicationFilter?: PublicationFilter): QueryContext {
  return new StatementContext(dialect, schema, status, publicationFilter);
}

/**
 * A class rather than an object literal of closures: every read builds one or more of these, and
 * methods on the prototype cost nothing per statement (docs/benchmarks.md, "get-one").
 */
class StatementContext implements QueryContext {
  private counter = 0;

  constructor(
    readonly dialect: Dialect,
    readonly schema: SchemaMeta,
    readonly status: PublicationStatus,
    readonly publicationFilter: PublicationFilter | undefined,
  ) {}

  nextAlias(): string {
    return `t${++this.counter}`;
  }

  statusCondition(shape: Shape, alias: string): Sql {
    return statusCondition(shape, alias, this.status);
  }

  visibleCondition(shape: Shape, alias: string, options?: StatusOptions): Sql {
    const base = statusCondition(shape, alias, this.status, options?.index === false && this.dialect.name === 'sqlite');
    if (!this.publicationFilter || shape.kind !== 'contentType' || !shape.meta.draftAndPublish) return base;
    return join([base, publicationFilterCondition(shape.meta, alias, this.status, this.publicationFilter, this.dialect)], ' AND ');
  }
}

/**
 * Draft & publish types keep a draft row and a published row per document; the reader sees one of
 * them. Other types have one row per document (locale), always visible.
 *
 * The version is read from `is_draft` (true on the draft row, false on the published one: every
 * write sets it, the migration that adds the column fills it from published_at, and custom SQL is
 * told to filter on it: docs/customization.md). Unlike `published_at IS [NOT] NULL`, an equality
 * on it can lead an index: `(is_draft, id)` hands out a type's published rows in id order, so a
 * list page, a deep page and the count read a narrow index instead of the table
 * (generator/emitters/prisma-models.ts). TRUE/FALSE are boolean literals on all three databases.
 * `unindexed` (SQLite only) writes the term as `+col`, which SQLite may not serve from an index.
 */
export function statusCondition(shape: Shape, alias: string, status: PublicationStatus, unindexed = false): Sql {
  if (shape.kind !== 'contentType' || !shape.meta.draftAndPublish) return TRUE;
  return sql(`${unindexed ? '+' : ''}${alias}.is_draft = ${status === 'draft' ? 'TRUE' : 'FALSE'}`);
}
