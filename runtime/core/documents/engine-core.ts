// The state every document action works with (the actions in this folder take it; operations.ts's
// Engine extends it with the Document Service that dispatches to them).
import type { Db } from '@cms-gen/db/types';
import type { SchemaMeta } from '../model/types';
import type { DocumentQuery } from '../query/ast';
import { compileQuerySpecs } from '../query/compile-specs';
import type { ContentTypeQuerySpec, QuerySpecs } from '../query/spec';
import { validateDocumentQuery } from '../query/validate';
import { dialectFor, type Dialect } from '../sql/dialect';
import type { ReadEnv } from '../engine/read';
import type { FileOutputHook } from '../engine/file-output';
import type { AuthContext, RawQuery } from '../engine/types';
import type { WriteEnv } from '../engine/write/context';
import { EngineEvents } from '../engine/events';
import { CountCache } from '../engine/count-cache';
import { EngineHooks } from './hooks';
import type { AnyQueryCompiler } from './query-compiler';

export interface EngineOptions {
  db: Db;
  schema: SchemaMeta;
  /** The compiled query specs of the schema; compiled from `schema` when absent (as generated apps do). */
  queries?: QuerySpecs;
  /** The filter/populate compilers of the app's content types (its src/api/<api>/query.ts); the others are parsed by the generic one. */
  compilers?: readonly AnyQueryCompiler[];
  defaultLocale?: string;
  rest?: { defaultLimit?: number; maxLimit?: number; withCount?: boolean; strictParams?: boolean };
  bcryptRounds?: number;
}

/**
 * What every action shares: the database, the schema and the configuration. The actions take this
 * part of the Engine (operations.ts), which adds the Document Service on top of them.
 */
export class EngineCore {
  readonly dialect: Dialect;
  /** The default locale: the constructor's until the start-up reads the locale table's (useDefaultLocale). */
  private defaultLocaleCode: string;
  readonly limits: { defaultLimit: number; maxLimit: number; withCount: boolean; strictParams: boolean };
  readonly bcryptRounds: number;
  /** What queries may name on each content type and component (runtime/query/spec.ts). */
  readonly queries: QuerySpecs;
  private readonly compilers: ReadonlyMap<string, AnyQueryCompiler>;
  /** Set by the upload plugin when File records need rewriting on every read (signed URLs). */
  fileOutput?: FileOutputHook;
  /** Announces committed writes (webhooks and user code listen). */
  readonly events = new EngineEvents();
  /** Document Service middlewares and lifecycle subscribers (every transport runs through them). */
  readonly hooks = new EngineHooks();

  constructor(readonly options: EngineOptions) {
    this.dialect = dialectFor(options.db.dialect);
    this.defaultLocaleCode = options.defaultLocale ?? 'en';
    this.limits = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, ...options.rest };
    this.bcryptRounds = options.bcryptRounds ?? 10;
    this.queries = options.queries ?? compileQuerySpecs(options.schema);
    this.compilers = new Map((options.compilers ?? []).map((compiler) => [compiler.uid, compiler]));
    this.counts = new CountCache(options.db);
  }

  get defaultLocale(): string {
    return this.defaultLocaleCode;
  }

  /**
   * Makes `code` the locale a request without `locale` reads and writes. The start-up calls it with
   * the locale table's default (bootstrap.json's `locales.default` on the first start, or what an
   * import brought), so a project whose default is not en is served in its own.
   */
  useDefaultLocale(code: string): void {
    this.defaultLocaleCode = code;
    this.localeCache = undefined;
  }

  get db(): Db {
    return this.options.db;
  }

  get schema(): SchemaMeta {
    return this.options.schema;
  }

  /** Page counts until the data changes (count-cache.ts). */
  readonly counts: CountCache;

  readEnv(db: Db = this.db): ReadEnv {
    // A transaction's counts must include its own uncommitted writes: never from the cache.
    const counts = db === this.db ? this.counts : undefined;
    return { db, dialect: this.dialect, schema: this.schema, defaultLocale: this.defaultLocale, fileOutput: this.fileOutput, counts };
  }

  writeEnv(tx: Db): WriteEnv {
    return { tx, schema: this.schema, dialect: this.dialect, defaultLocale: this.defaultLocale, bcryptRounds: this.bcryptRounds };
  }

  private localeCache: { codes: Set<string>; expires: number } | undefined;

  /** Configured locale codes (the i18n locale table), cached briefly. */
  async locales(): Promise<Set<string>> {
    if (this.localeCache && this.localeCache.expires > Date.now()) return this.localeCache.codes;
    const meta = this.schema.contentTypes['plugin::i18n.locale'];
    const rows = meta ? await this.db.query(`SELECT code FROM ${this.dialect.quote(meta.table)}`) : [];
    const codes = new Set([this.defaultLocale, ...rows.map((r) => String(r.code))]);
    this.localeCache = { codes, expires: Date.now() + 2000 };
    return codes;
  }

  /**
   * Validates a raw query for `uid` on behalf of `auth` (populate drops types it cannot find).
   * `limits` overrides the REST paging limits (the trusted Document Service lists without a cap).
   */
  parseQuery(uid: string, raw: RawQuery, auth: AuthContext, limits?: Partial<EngineCore['limits']>): DocumentQuery {
    const options = {
      defaultLimit: limits?.defaultLimit ?? this.limits.defaultLimit,
      maxLimit: limits?.maxLimit ?? this.limits.maxLimit,
      withCount: limits?.withCount ?? this.limits.withCount,
      strictParams: limits?.strictParams ?? this.limits.strictParams,
      defaultLocale: this.defaultLocale,
      canRead(target: ContentTypeQuerySpec) {
        return auth.can(target.readAction);
      },
    };
    const compiler = this.compilers.get(uid);
    return compiler ? compiler.compile(raw, this.queries, options) : validateDocumentQuery(raw, uid, this.queries, options);
  }
}
