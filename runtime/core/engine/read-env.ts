// What the read path (read.ts, populate.ts and the populate helpers beside them) passes around:
// kept apart from the code so that the helpers and the entry points need not import each other.
import type { Db } from '@cms-gen/db/types';
import type { PopulateNode } from '../query/ast';
import type { QueryContext } from '../sql/query-context';
import type { Dialect } from '../sql/dialect';
import type { SchemaMeta } from '../model/types';
import type { Shape } from '../model/schema-index';
import type { Document } from './types';
import type { CountCache } from './count-cache';

export interface ReadEnv {
  db: Db;
  dialect: Dialect;
  schema: SchemaMeta;
  defaultLocale: string;
  /** Set when File records must be rewritten on every read (see file-output.ts). */
  fileOutput?: FileOutputHook;
  /** Counts kept until the data changes (count-cache.ts); only on the engine's own connection. */
  counts?: CountCache;
}

/** Rewrites File records in place (e.g. replaces `url` with a signed one). */
export type FileOutputHook = (files: Document[]) => Promise<void>;

/** A loaded row: its output document plus the keys that related rows are matched on. */
export interface Loaded {
  id: number;
  documentId?: string;
  /** undefined on types without i18n */
  locale?: string | null;
  doc: Document;
}

/** Per parent (same order as `parents`), the value of one populated attribute. */
export type Values = unknown[];

/** Populates the next level under loaded children (populate.ts), handed to the helpers that recurse. */
export type PopulateChildren = (env: ReadEnv, children: Loaded[], node: PopulateNode, target: Shape, ctx: QueryContext) => Promise<void>;
