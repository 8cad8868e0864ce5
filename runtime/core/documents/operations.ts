// The operation layer's entry points. `Engine` holds what every operation shares; `documents(uid)`
// is the Document Service (runtime/documents). REST routers and GraphQL resolvers call
// `collectionOperations` / `singleOperations`, thin adapters over the same action functions with
// REST's defaults (status 'published', the caller's permissions), so middlewares, lifecycles and
// events fire for every transport through one code path.
import { contentType } from '../model/schema-index';
import type { AuthContext, CollectionOperations, PaginationMeta, RawQuery, SingleOperations } from '../engine/types';
import { actionTarget, type ActionTarget } from './action-context';
import { type CallOptions, type TransportLimits } from './call-options';
import { EngineCore } from './engine-core';
import { findFirstAction, findManyAction, findOneAction } from './read-actions';
import { createDocumentService } from './service';
import type { DocumentAction, DocumentParams, DocumentService } from './types';
import { createAction, deleteAction, updateAction } from './write-actions';

export { EngineCore, type EngineOptions } from './engine-core';

/** Everything the operations share (engine-core.ts), and the Document Service of each type. */
export class Engine extends EngineCore {
  private readonly services = new Map<string, DocumentService>();

  /** The Document Service of a content type (Strapi 5's `strapi.documents(uid)`); trusted unless `auth` is passed. */
  documents(uid: string): DocumentService {
    let service = this.services.get(uid);
    if (!service) {
      contentType(this.schema, uid); // an unknown uid fails here, not on first use
      this.services.set(uid, (service = createDocumentService(this, uid)));
    }
    return service;
  }
}

/**
 * A REST/GraphQL call as Document Service parameters, built once: the transport's query, the
 * addressed document, the body's `data` and the caller. Middlewares see (and may change) these
 * params, and the action validates them as they are (call-options.ts), so this is the one copy
 * between the route and the validated query.
 *
 * The REST core service hands its params over whole (query, `auth` and, for a write, `data` in
 * one object): `auth` is the caller passed beside it and a write's `data` is its body. Any other
 * `documentId`, or a read's `data`, came from the query string: it is not a parameter of the call,
 * and goes back to validation as a stray so that `strictParams` refuses it.
 */
function apiCall(raw: RawQuery, auth: AuthContext, transport: ApiTransport, extra: { documentId?: string; body?: unknown } = {}): { params: DocumentParams; call: CallOptions } {
  const params: DocumentParams = {};
  let strays: RawQuery | undefined;
  const write = 'body' in extra;
  for (const key in raw) {
    if (!Object.prototype.hasOwnProperty.call(raw, key)) continue;
    const value = raw[key];
    if (key === 'auth' || (key === 'data' && write)) continue;
    if (key === 'documentId' || key === 'data') (strays ??= {})[key] = value;
    else params[key] = value;
  }
  // REST's default made explicit, as Strapi's core service does, so middlewares see what runs.
  if (params.status === undefined) params.status = 'published';
  if (extra.documentId !== undefined) params.documentId = extra.documentId;
  if (write) params.data = bodyData(extra.body);
  params.auth = auth;
  const call: CallOptions = { transport: 'api' };
  if (strays) call.strays = strays;
  if (transport.limits) call.limits = transport.limits;
  if (transport.unreadableRelations) call.unreadableRelations = transport.unreadableRelations;
  return { params, call };
}

/** `data` of a request body; the action refuses anything but a plain object (Strapi's "Missing data payload"). */
function bodyData(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const proto = Object.getPrototypeOf(body);
  if (proto !== Object.prototype && proto !== null) return undefined;
  return (body as { data?: Record<string, unknown> }).data;
}

/** Runs one action through the middlewares with its api call options. */
function through<T>(t: ActionTarget, action: DocumentAction, api: { params: DocumentParams; call: CallOptions }, inner: (t: ActionTarget, p: DocumentParams, call: CallOptions) => Promise<T>): Promise<T> {
  return t.engine.hooks.run(t.uid, t.meta, action, api.params, (p) => inner(t, p, api.call));
}

/** The page meta when a middleware answered a list without running it. */
function pageOf(results: unknown[]): PaginationMeta {
  return { page: 1, pageSize: results.length, pageCount: results.length > 0 ? 1 : 0, total: results.length };
}

/**
 * What a transport other than REST does its own way: its paging limits (GraphQL's), and whether a
 * write's relations to types the caller may not read are left out rather than refused (GraphQL's).
 */
export interface ApiTransport {
  limits?: TransportLimits;
  unreadableRelations?: CallOptions['unreadableRelations'];
}

export function collectionOperations(engine: Engine, uid: string, transport: ApiTransport = {}): CollectionOperations {
  const t = actionTarget(engine, uid);
  return {
    async find(raw, auth) {
      const api = apiCall(raw, auth, transport);
      let pagination: PaginationMeta | undefined;
      api.call.onPage = (page) => (pagination = page);
      const results = await through(t, 'findMany', api, findManyAction);
      return { results, pagination: pagination ?? pageOf(results) };
    },
    findOne: (documentId, raw, auth) => through(t, 'findOne', apiCall(raw, auth, transport, { documentId }), findOneAction),
    create: (body, raw, auth) => through(t, 'create', apiCall(raw, auth, transport, { body }), createAction),
    update: (documentId, body, raw, auth) => through(t, 'update', apiCall(raw, auth, transport, { documentId, body }), updateAction),
    async delete(documentId, raw, auth) {
      await through(t, 'delete', apiCall(raw, auth, transport, { documentId }), deleteAction);
    },
  };
}

/** Single types hold at most one document; it is addressed by the type. */
export function singleOperations(engine: Engine, uid: string, transport: ApiTransport = {}): SingleOperations {
  const t = actionTarget(engine, uid);
  return {
    find: (raw, auth) => through(t, 'findFirst', apiCall(raw, auth, transport), findFirstAction),
    update: (body, raw, auth) => through(t, 'update', apiCall(raw, auth, transport, { body }), updateAction),
    async delete(raw, auth) {
      await through(t, 'delete', apiCall(raw, auth, transport), deleteAction);
    },
  };
}
