// What the generated resolvers call (`ctx.cms`): one GraphqlRequest per HTTP request, holding the
// caller, the per-request DataLoaders and the status each returned document was read in.
// Every query and mutation goes through the operation layer (collectionOperations /
// singleOperations) with the caller's AuthContext, so permissions and validation are REST's.
import type { Request, Response } from 'express';
import type { GraphQLResolveInfo } from 'graphql';
import type { AuthContext, Document, RawQuery } from '@cms-gen/core/engine/types';
import { ForbiddenError, NotFoundError } from '@cms-gen/core/errors';
import { readingOf, statusOf, toPlainInput, toRawDocumentQuery, toRawListQuery, type ListArgs } from './args';
import { resolveFieldValue, tag, tagAll, type FieldArgs, type FieldCaller, type RequestState } from './fields';
import { pageInfoOf, toEntity, toEntityOrNull, type Connection, type DeleteResult, type EntityCollection, type EntityList, type EntityResponse, type RelationConnection } from './results';
import { PluginCalls } from './plugins/calls';
import { GraphqlRuntime } from './runtime';
import { prefetchOf, type PrefetchPlan, type PrefetchShape } from './prefetch';
import { selectsField } from './selection';

/**
 * resolversConfig's `auth: false` / `auth: { scope }` (scope already checked): the resolver's own
 * action is allowed. Its other reads (populated types, filters through relations) still use the
 * caller's own permissions.
 */
export type AuthOverride = { kind: 'none' } | { kind: 'bypass' };

export interface MutationArgs {
  data?: object | null;
  status?: ListArgs['status'];
  locale?: string | null;
}

type DocumentArgs = Pick<ListArgs, 'status' | 'publicationState' | 'publicationFilter' | 'hasPublishedVersion' | 'locale'>;

/** Where v4 answers hold their documents: `{ data { attributes { … } } }`. */
const V4_DOCUMENTS = ['data', 'attributes'];

export class GraphqlRequest implements FieldCaller {
  private readonly state: RequestState;

  constructor(
    runtime: GraphqlRuntime | RequestState,
    readonly auth: AuthContext,
    private readonly override: AuthOverride = { kind: 'none' },
    http?: { req: Request; res: Response },
  ) {
    this.state = runtime instanceof GraphqlRuntime ? { runtime, readings: new Map(), loaders: new Map(), prefetched: new Map(), http, readable: new Map() } : runtime;
  }

  get runtime(): GraphqlRuntime {
    return this.state.runtime;
  }

  get http(): { req: Request; res: Response } | undefined {
    return this.state.http;
  }

  /** The built-in plugins' operations (users & permissions, upload) for generated plugin fields. */
  get plugins(): PluginCalls {
    return new PluginCalls(this);
  }

  get ruleKey(): string {
    return this.override.kind;
  }

  /** The same request with resolversConfig's auth rule applied to the next resolver's own action. */
  withOverride(override: AuthOverride): GraphqlRequest {
    return override.kind === 'none' ? this : new GraphqlRequest(this.state, this.auth, override);
  }

  /** The caller as the operation running `action` sees it. */
  authFor(action: string): AuthContext {
    const base = this.auth;
    return this.override.kind === 'none' ? base : { ...base, can: (a) => a === action || base.can(a) };
  }

  private authOf(uid: string, action: string): AuthContext {
    return this.authFor(this.runtime.actionOf(uid, action));
  }

  private listQuery(uid: string, args: ListArgs, withCount: boolean): RawQuery {
    return toRawListQuery(args, this.runtime.shape(uid), this.runtime.engine.schema, this.runtime.limits, withCount);
  }

  // ---- queries ---------------------------------------------------------------------------------

  /**
   * Reads only the scalar columns the query selects and, under the default auth rule, populates the
   * relations, media and components it selects in the same call (prefetch.ts). Under a resolver's
   * own auth rule the populated reads would see that rule, so they are left to the loaders.
   */
  private withSelection(uid: string, query: RawQuery, info: GraphQLResolveInfo | undefined, under: readonly string[] = [], mode: PrefetchShape = 'v5'): { query: RawQuery; plan?: PrefetchPlan } {
    if (!info) return { query };
    const prefetch = prefetchOf(this.runtime, this.runtime.shape(uid), info, under, mode);
    const fields = prefetch.fields.length > 0 ? prefetch.fields : ['documentId'];
    if (this.override.kind !== 'none' || !prefetch.populate) return { query: { ...query, fields } };
    return { query: { ...query, fields, populate: prefetch.populate }, plan: prefetch.plan };
  }

  private adopt(docs: Document[], args: DocumentArgs, plan: PrefetchPlan | undefined): Document[] {
    tagAll(this.state, docs, readingOf(args));
    if (plan) for (const doc of docs) this.state.prefetched.set(doc, plan);
    return docs;
  }

  async findMany(uid: string, args: ListArgs, info?: GraphQLResolveInfo): Promise<Document[]> {
    const { query, plan } = this.withSelection(uid, this.listQuery(uid, args, false), info);
    const result = await this.runtime.collection(uid).find(query, this.authOf(uid, 'find'));
    return this.adopt(result.results, args, plan);
  }

  /** `<plural>_connection`: the total is counted only when pageInfo is selected. */
  async findConnection(uid: string, args: ListArgs, info: GraphQLResolveInfo): Promise<Connection> {
    const counted = selectsField(info, 'pageInfo');
    const { query, plan } = this.withSelection(uid, this.listQuery(uid, args, counted), info, ['nodes']);
    const result = await this.runtime.collection(uid).find(query, this.authOf(uid, 'find'));
    const nodes = this.adopt(result.results, args, plan);
    return counted ? { nodes, pageInfo: pageInfoOf(result.pagination) } : { nodes };
  }

  async findOne(uid: string, documentId: string, args: DocumentArgs, info?: GraphQLResolveInfo): Promise<Document | null> {
    const { query, plan } = this.withSelection(uid, toRawDocumentQuery(args), info);
    const doc = await this.runtime.collection(uid).findOne(documentId, query, this.authOf(uid, 'findOne'));
    return doc ? this.adopt([doc], args, plan)[0] : null;
  }

  async findSingle(uid: string, args: DocumentArgs, info?: GraphQLResolveInfo): Promise<Document | null> {
    const { query, plan } = this.withSelection(uid, toRawDocumentQuery(args), info);
    const doc = await this.runtime.single(uid).find(query, this.authOf(uid, 'find'));
    return doc ? this.adopt([doc], args, plan)[0] : null;
  }

  // ---- mutations -------------------------------------------------------------------------------

  async create(uid: string, args: MutationArgs): Promise<Document> {
    const doc = await this.runtime.collection(uid).create({ data: toPlainInput(args.data) }, toRawDocumentQuery(args), this.authOf(uid, 'create'));
    return tag(this.state, doc, { status: statusOf(args) });
  }

  /** Strapi 5.54 answers an update of a missing document with a null field and no error (kitchen-kit answers). */
  async update(uid: string, documentId: string, args: MutationArgs): Promise<Document | null> {
    try {
      const doc = await this.runtime.collection(uid).update(documentId, { data: toPlainInput(args.data) }, toRawDocumentQuery(args), this.authOf(uid, 'update'));
      return tag(this.state, doc, { status: statusOf(args) });
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  /** Strapi answers with the documentId it was given, whether or not the document existed. */
  async delete(uid: string, documentId: string, args: Pick<MutationArgs, 'locale'>): Promise<DeleteResult> {
    await this.runtime.collection(uid).delete(documentId, toRawDocumentQuery(args), this.authOf(uid, 'delete'));
    return { documentId };
  }

  async updateSingle(uid: string, args: MutationArgs): Promise<Document> {
    const doc = await this.runtime.single(uid).update({ data: toPlainInput(args.data) }, toRawDocumentQuery(args), this.authOf(uid, 'update'));
    return tag(this.state, doc, { status: statusOf(args) });
  }

  /** Strapi answers a missing single type with `NotFoundError('Document not found')` (its field is then null). */
  async deleteSingle(uid: string, args: Pick<MutationArgs, 'locale'>): Promise<DeleteResult> {
    const deleter = this.authOf(uid, 'delete');
    // Permission first, as Strapi checks the mutation's scope before its resolver runs.
    if (!deleter.can(this.runtime.actionOf(uid, 'delete'))) throw new ForbiddenError();
    // The answer names the deleted document; the deleter may lack `find`, and only the id is shown.
    const find = this.runtime.actionOf(uid, 'find');
    const reader: AuthContext = { ...this.auth, can: (a) => a === find || this.auth.can(a) };
    const current = await this.runtime.single(uid).find({ ...toRawDocumentQuery(args), status: 'draft', fields: ['documentId'] }, reader);
    if (typeof current?.documentId !== 'string') throw new NotFoundError('Document not found');
    await this.runtime.single(uid).delete(toRawDocumentQuery(args), deleter);
    return { documentId: current.documentId };
  }


  // ---- fields ----------------------------------------------------------------------------------

  /** A relation, media, component, dynamic-zone or localizations field of a document or component. */
  async field(parent: Document, ownerUid: string, name: string, args: FieldArgs = {}): Promise<unknown> {
    return resolveFieldValue(this.state, this, parent, ownerUid, name, args);
  }

  /** `field`, answered synchronously when the parent's query populated it (direct resolvers). */
  fieldValue(parent: Document, ownerUid: string, name: string, args: FieldArgs = {}): unknown {
    return resolveFieldValue(this.state, this, parent, ownerUid, name, args);
  }

  /** `<field>_connection` of a to-many field: `{ nodes }` (relation collections have no pageInfo). */
  async fieldConnection(parent: Document, ownerUid: string, name: string, args: FieldArgs = {}): Promise<RelationConnection> {
    return this.fieldConnectionValue(parent, ownerUid, name, args);
  }

  /** `fieldConnection`, answered synchronously when the parent's query populated it. */
  fieldConnectionValue(parent: Document, ownerUid: string, name: string, args: FieldArgs = {}): RelationConnection | Promise<RelationConnection> {
    const value = this.fieldValue(parent, ownerUid, name, args);
    const connection = (nodes: unknown): RelationConnection => ({ nodes: Array.isArray(nodes) ? (nodes as Document[]) : [] });
    return value instanceof Promise ? value.then(connection) : connection(value);
  }

  // ---- v4 compatibility ------------------------------------------------------------------------

  /** v4 `<plural>`: entities and the pagination meta. */
  async findEntities(uid: string, args: ListArgs, info?: GraphQLResolveInfo): Promise<EntityCollection> {
    const { query, plan } = this.withSelection(uid, this.listQuery(uid, args, true), info, V4_DOCUMENTS, 'v4');
    const result = await this.runtime.collection(uid).find(query, this.authOf(uid, 'find'));
    return { data: this.adopt(result.results, args, plan).map(toEntity), meta: { pagination: pageInfoOf(result.pagination) } };
  }

  async v4FindOne(uid: string, id: string | null | undefined, args: DocumentArgs, info?: GraphQLResolveInfo): Promise<EntityResponse> {
    if (!id) return { data: null };
    const { query, plan } = this.withSelection(uid, toRawDocumentQuery(args), info, V4_DOCUMENTS, 'v4');
    const doc = await this.runtime.collection(uid).findOne(id, query, this.authOf(uid, 'findOne'));
    return { data: doc ? toEntity(this.adopt([doc], args, plan)[0]) : null };
  }

  async v4FindSingle(uid: string, args: DocumentArgs, info?: GraphQLResolveInfo): Promise<EntityResponse> {
    const { query, plan } = this.withSelection(uid, toRawDocumentQuery(args), info, V4_DOCUMENTS, 'v4');
    const doc = await this.runtime.single(uid).find(query, this.authOf(uid, 'find'));
    return { data: doc ? toEntity(this.adopt([doc], args, plan)[0]) : null };
  }

  async v4Create(uid: string, args: MutationArgs): Promise<EntityResponse> {
    return { data: toEntity(await this.create(uid, args)) };
  }

  async v4Update(uid: string, id: string, args: MutationArgs): Promise<EntityResponse> {
    return { data: toEntityOrNull(await this.update(uid, id, args)) };
  }

  async v4UpdateSingle(uid: string, args: MutationArgs): Promise<EntityResponse> {
    return { data: toEntity(await this.updateSingle(uid, args)) };
  }

  /** v4 answered with the deleted entity: read first when the caller may read it, then delete. */
  async v4Delete(uid: string, id: string, args: Pick<MutationArgs, 'locale'>): Promise<EntityResponse> {
    const before = await readable(this.runtime.collection(uid).findOne(id, { ...toRawDocumentQuery(args), status: 'draft' }, this.auth));
    await this.delete(uid, id, args);
    return { data: toEntityOrNull(before) };
  }

  async v4DeleteSingle(uid: string, args: Pick<MutationArgs, 'locale'>): Promise<EntityResponse> {
    const before = await readable(this.runtime.single(uid).find({ ...toRawDocumentQuery(args), status: 'draft' }, this.auth));
    await this.deleteSingle(uid, args);
    return { data: toEntityOrNull(before) };
  }

  /** v4: a to-one relation or single media as `{ data: entity }`. */
  async v4Related(parent: Document, ownerUid: string, name: string): Promise<EntityResponse> {
    return { data: toEntityOrNull((await this.field(parent, ownerUid, name)) as Document | null) };
  }

  /** v4: a to-many relation, multiple media or localizations as `{ data: entities }`. */
  async v4RelatedList(parent: Document, ownerUid: string, name: string, args: FieldArgs = {}): Promise<EntityList> {
    const docs = (await this.field(parent, ownerUid, name, args)) as Document[];
    return { data: docs.map(toEntity) };
  }
}

/** The document, or null when the caller may not read it. */
async function readable(read: Promise<Document | null>): Promise<Document | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ForbiddenError) return null;
    throw err;
  }
}
