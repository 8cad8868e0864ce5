// The operation layer: find, findOne, create, update, delete per content type. REST and GraphQL
// both call these; permission checks and validation live here so no transport can skip them.
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Db } from '../db/types';
import type { ContentTypeMeta, SchemaMeta } from '../model/types';
import type { DocumentQuery } from '../query/ast';
import { compileQuerySpecs } from '../query/compile-specs';
import type { QuerySpecs } from '../query/spec';
import { validateDocumentQuery } from '../query/validate';
import { dialectFor, type Dialect } from '../sql/dialect';
import { findDocument, findDocuments, type ReadEnv } from './read';
import type { FileOutputHook } from './file-output';
import { contentType, contentTypeShape } from './schema-index';
import type { AuthContext, CollectionOperations, Document, RawQuery, SingleOperations } from './types';
import { buildWritePlan, requireDataPayload, type WritePlan } from './write/plan';
import { runWrite } from './write/constraint-errors';
import { createDocument, deleteDocument, updateDocument } from './write/document-writer';
import type { WriteEnv } from './write/context';
import { EngineEvents } from './events';

export interface EngineOptions {
  db: Db;
  schema: SchemaMeta;
  /** The compiled query specs of the schema (generated src/query); compiled from `schema` when absent. */
  queries?: QuerySpecs;
  defaultLocale?: string;
  rest?: { defaultLimit?: number; maxLimit?: number; withCount?: boolean; strictParams?: boolean };
  bcryptRounds?: number;
}

/** Everything the operations share: the database, the schema and the configuration. */
export class Engine {
  readonly dialect: Dialect;
  readonly defaultLocale: string;
  readonly limits: { defaultLimit: number; maxLimit: number; withCount: boolean; strictParams: boolean };
  readonly bcryptRounds: number;
  /** What queries may name on each content type and component (runtime/query/spec.ts). */
  readonly queries: QuerySpecs;
  /** Set by the upload plugin when File records need rewriting on every read (signed URLs). */
  fileOutput?: FileOutputHook;
  /** Announces committed writes (webhooks and user code listen). */
  readonly events = new EngineEvents();

  constructor(readonly options: EngineOptions) {
    this.dialect = dialectFor(options.db.dialect);
    this.defaultLocale = options.defaultLocale ?? 'en';
    this.limits = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, ...options.rest };
    this.bcryptRounds = options.bcryptRounds ?? 10;
    this.queries = options.queries ?? compileQuerySpecs(options.schema);
  }

  get db(): Db {
    return this.options.db;
  }

  get schema(): SchemaMeta {
    return this.options.schema;
  }

  readEnv(db: Db = this.db): ReadEnv {
    return { db, dialect: this.dialect, schema: this.schema, defaultLocale: this.defaultLocale, fileOutput: this.fileOutput };
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

  /** Validates a raw query for `uid` on behalf of `auth` (populate drops types it cannot find). */
  parseQuery(uid: string, raw: RawQuery, auth: AuthContext): DocumentQuery {
    return validateDocumentQuery(raw, uid, this.queries, {
      defaultLimit: this.limits.defaultLimit,
      maxLimit: this.limits.maxLimit,
      withCount: this.limits.withCount,
      strictParams: this.limits.strictParams,
      defaultLocale: this.defaultLocale,
      canRead: (target) => auth.can(target.readAction),
    });
  }
}

function authorize(auth: AuthContext, meta: ContentTypeMeta, action: string): void {
  if (!auth.can(`${meta.actionPrefix}.${action}`)) throw new ForbiddenError();
}

/** No documentId holds a NUL, and PostgreSQL cannot bind one: such an id names no document. */
function requireStorableId(documentId: string): void {
  if (documentId.includes('\u0000')) throw new NotFoundError();
}

/** Body writes carry their status and locale in the query, like Strapi's REST API. */
async function writeOptions(engine: Engine, meta: ContentTypeMeta, query: DocumentQuery): Promise<{ status: 'published' | 'draft'; locale?: string }> {
  if (query.locale === '*') throw new ValidationError('locale "*" cannot be used to write a document');
  // Reading an unknown locale finds nothing (as in Strapi); writing one must not invent it.
  if (meta.localized && query.locale !== undefined && !(await engine.locales()).has(query.locale)) {
    throw new ValidationError(`Locale ${query.locale} is not one of the configured locales`, { locale: query.locale });
  }
  return { status: query.status, locale: query.locale };
}

/**
 * Re-reads a written document with the caller's fields/populate, in the version just written.
 * It runs inside the write's transaction (`tx`): if the answer cannot be produced, the write is
 * rolled back, so a request that fails never leaves its data behind.
 */
async function readBack(engine: Engine, tx: Db, meta: ContentTypeMeta, documentId: string, query: DocumentQuery, locale: string | null): Promise<Document> {
  const shape = contentTypeShape(engine.schema, meta.uid);
  const status = meta.draftAndPublish ? query.status : 'published';
  // The publication filter selects documents to list; a write answers with what it wrote.
  const doc = await findDocument(engine.readEnv(tx), shape, documentId, { ...query, status, publicationFilter: undefined, locale: locale ?? undefined });
  if (!doc) throw new NotFoundError();
  return doc;
}

export function collectionOperations(engine: Engine, uid: string): CollectionOperations {
  const meta = contentType(engine.schema, uid);
  const shape = contentTypeShape(engine.schema, uid);
  return {
    async find(raw, auth) {
      authorize(auth, meta, 'find');
      return findDocuments(engine.readEnv(), shape, engine.parseQuery(uid, raw, auth));
    },
    async findOne(documentId, raw, auth) {
      authorize(auth, meta, 'findOne');
      return findDocument(engine.readEnv(), shape, documentId, engine.parseQuery(uid, raw, auth));
    },
    async create(body, raw, auth) {
      authorize(auth, meta, 'create');
      const query = engine.parseQuery(uid, raw, auth);
      const data = requireDataPayload(body);
      const plan = await buildWritePlan(data, shape, { schema: engine.schema, dialect: engine.dialect.name, mode: 'create', bcryptRounds: engine.bcryptRounds });
      const options = await writeOptions(engine, meta, query);
      return runWrite(
        engine.db,
        engine.schema,
        async (tx) => {
          const key = await createDocument(engine.writeEnv(tx), meta, plan, options);
          return readBack(engine, tx, meta, key.documentId, query, key.locale);
        },
        plan.scalars,
      );
    },
    async update(documentId, body, raw, auth) {
      authorize(auth, meta, 'update');
      requireStorableId(documentId);
      const query = engine.parseQuery(uid, raw, auth);
      const data = requireDataPayload(body);
      const plan = await buildWritePlan(data, shape, { schema: engine.schema, dialect: engine.dialect.name, mode: 'update', bcryptRounds: engine.bcryptRounds });
      const options = await writeOptions(engine, meta, query);
      return runWrite(
        engine.db,
        engine.schema,
        async (tx) => {
          const key = await updateDocument(engine.writeEnv(tx), meta, documentId, plan, options);
          return readBack(engine, tx, meta, key.documentId, query, key.locale);
        },
        plan.scalars,
      );
    },
    async delete(documentId, raw, auth) {
      authorize(auth, meta, 'delete');
      requireStorableId(documentId);
      const query = engine.parseQuery(uid, raw, auth);
      await runWrite(engine.db, engine.schema, (tx) => deleteDocument(engine.writeEnv(tx), meta, documentId, query.locale));
    },
  };
}

/** Single types hold at most one document; it is addressed by the type. */
export function singleOperations(engine: Engine, uid: string): SingleOperations {
  const meta = contentType(engine.schema, uid);
  const shape = contentTypeShape(engine.schema, uid);
  const currentDocumentId = async (db: Db): Promise<string | undefined> => {
    const rows = await db.query(`SELECT document_id FROM ${engine.dialect.quote(meta.table)} ORDER BY id LIMIT 1`);
    return rows.length ? String(rows[0].document_id) : undefined;
  };
  return {
    async find(raw, auth) {
      authorize(auth, meta, 'find');
      const query = engine.parseQuery(uid, raw, auth);
      const documentId = await currentDocumentId(engine.db);
      return documentId ? findDocument(engine.readEnv(), shape, documentId, query) : null;
    },
    async update(body, raw, auth) {
      authorize(auth, meta, 'update');
      const query = engine.parseQuery(uid, raw, auth);
      const data = requireDataPayload(body);
      const options = await writeOptions(engine, meta, query);
      let sent: WritePlan['scalars'] | undefined;
      // Concurrent first writes all find no document; the unique index on the single type's
      // versions lets one create it, and runWrite runs the others again as updates of it.
      return runWrite(
        engine.db,
        engine.schema,
        async (tx) => {
          const env = engine.writeEnv(tx);
          const documentId = await currentDocumentId(tx);
          const mode = documentId ? 'update' : 'create';
          const plan = await buildWritePlan(data, shape, { schema: engine.schema, dialect: engine.dialect.name, mode, bcryptRounds: engine.bcryptRounds });
          sent = plan.scalars;
          const key = documentId ? await updateDocument(env, meta, documentId, plan, options) : await createDocument(env, meta, plan, options);
          return readBack(engine, tx, meta, key.documentId, query, key.locale);
        },
        { get: (column: string) => sent?.get(column) },
      );
    },
    async delete(raw, auth) {
      authorize(auth, meta, 'delete');
      const query = engine.parseQuery(uid, raw, auth);
      await runWrite(engine.db, engine.schema, async (tx) => {
        const documentId = await currentDocumentId(tx);
        if (documentId) await deleteDocument(engine.writeEnv(tx), meta, documentId, query.locale);
      });
    },
  };
}
