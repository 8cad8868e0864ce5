// How a call's parameters become a validated query, by transport: REST and GraphQL keep their
// own query (status 'published' by default), engine.documents() gets Strapi 5's Document Service
// defaults (status 'draft', top-level start/limit, no page cap for trusted code).
import type { AuthContext, PaginationMeta, RawQuery } from '../engine/types';
import { InvalidKeyError } from '../errors';
import type { DocumentQuery } from '../query/ast';
import { QUERY_PARAMS } from '../query/validate';
import type { ActionTarget } from './action-context';
import type { DocumentParams, LifecycleName } from './types';

/** How a call arrived: the transport decides defaults, never the code path. */
export interface CallOptions {
  /**
   * 'api': REST and GraphQL (status defaults to 'published', the query is the transport's own);
   * 'service': engine.documents() (status defaults to 'draft', top-level start/limit, no page cap for trusted code).
   */
  transport: 'api' | 'service';
  /** REST/GraphQL lists: receives the page meta (page, pageSize, total, ...) of findMany. */
  onPage?: (pagination: PaginationMeta) => void;
  /**
   * REST: query-string keys named like structural parameters (documentId, data, auth). They are
   * not query parameters; they are handed back to validation so `strictParams` refuses them as before.
   */
  strays?: RawQuery;
  /**
   * The transport's own paging limits, when they are not REST's (`api.rest`): GraphQL pages by its
   * plugin's `defaultLimit` and `maxLimit`, as Strapi's GraphQL plugin does, whatever REST's are.
   */
  limits?: TransportLimits;
  /** A write's relations to types the caller may not read: REST refuses them, GraphQL leaves them out (readable-relations.ts). */
  unreadableRelations?: 'refuse' | 'drop';
}

export interface TransportLimits {
  defaultLimit: number;
  /** 0 or less: no cap. */
  maxLimit: number;
}

export const SERVICE_CALL: CallOptions = { transport: 'service' };

/** Parameters that address or carry a write, not part of the query. */
const STRUCTURAL = new Set(['documentId', 'data', 'auth']);

/** Trusted server code: every permission, so populate never drops a type. */
const TRUSTED: AuthContext = { kind: 'api-token', can: () => true };

/** The query parts of a call's parameters, as the validator takes them. */
export function rawQueryOf(params: DocumentParams, call: CallOptions): RawQuery {
  const raw: RawQuery = { ...call.strays };
  for (const [key, value] of Object.entries(params)) if (!STRUCTURAL.has(key) && value !== undefined) raw[key] = value;
  if (call.transport === 'service') {
    // The Document Service's own defaults and its top-level `start`/`limit` (REST has `pagination[start]`).
    if (raw.status === undefined) raw.status = 'draft';
    const { start } = raw;
    // Top-level `limit: -1` is "no limit" in the Document Service (REST clamps `pagination[limit]=-1` to 1).
    const limit = raw.limit === -1 || raw.limit === '-1' ? undefined : raw.limit;
    delete raw.start;
    delete raw.limit;
    if (start !== undefined || limit !== undefined) {
      const given = raw.pagination && typeof raw.pagination === 'object' ? (raw.pagination as Record<string, unknown>) : {};
      raw.pagination = { ...given, ...(start !== undefined ? { start } : {}), ...(limit !== undefined ? { limit } : {}) };
    }
  }
  return raw;
}

/** Validates the query of a call; trusted Document Service reads are not paged unless they ask. */
export function parseCallQuery(t: ActionTarget, raw: RawQuery, params: DocumentParams, call: CallOptions): DocumentQuery {
  const auth = params.auth ?? TRUSTED;
  if (call.transport === 'api') return t.engine.parseQuery(t.uid, raw, auth, call.limits);
  // Strapi's findMany returns every match when no pagination is given; only a caller acting for a
  // user keeps the REST cap. Lists never need a total here (count() is the way to ask).
  const limits = params.auth ? { withCount: false } : { withCount: false, defaultLimit: Number.MAX_SAFE_INTEGER, maxLimit: 0 };
  return t.engine.parseQuery(t.uid, raw, auth, limits);
}

/**
 * The validated query of a REST/GraphQL call read straight from its Document Service params, for
 * an action no lifecycle listens to (nobody needs the query parts as an object of their own):
 * the params are not copied again. The structural keys (documentId, data, auth) are skipped as
 * rawQueryOf skips them; `strictParams` refuses the strays first and then any other unknown key,
 * in the order validation of rawQueryOf's copy would.
 */
export function parseApiParams(t: ActionTarget, params: DocumentParams, call: CallOptions): DocumentQuery {
  if (t.engine.limits.strictParams) {
    // `lookup` is refused as such before any unknown key (validateDocumentQuery's order).
    if (params.lookup !== undefined) throw new InvalidKeyError('lookup', null, 'query');
    const unknown = firstKey(call.strays) ?? Object.keys(params).find((key) => !STRUCTURAL.has(key) && !QUERY_PARAMS.has(key) && params[key] !== undefined);
    if (unknown !== undefined) throw new InvalidKeyError(unknown, null, 'query');
  }
  return t.engine.parseQuery(t.uid, params, params.auth ?? TRUSTED, call.limits ? { ...call.limits, strictParams: false } : { strictParams: false });
}

function firstKey(record: RawQuery | undefined): string | undefined {
  if (record) for (const key in record) return key;
  return undefined;
}

/**
 * A write's validated query and the query parts its lifecycle events carry. Copied out of the
 * params only when one of `lifecycles` listens; otherwise (REST, GraphQL without hooks) the params
 * are validated as they are and the events, which nobody reads, carry an empty query.
 */
export function writeCallQuery(t: ActionTarget, params: DocumentParams, call: CallOptions, ...lifecycles: LifecycleName[]): { raw: RawQuery; query: DocumentQuery } {
  if (readsParamsDirectly(t, call, ...lifecycles)) return { raw: {}, query: parseApiParams(t, params, call) };
  const raw = rawQueryOf(params, call);
  return { raw, query: parseCallQuery(t, raw, params, call) };
}

/** True when the call's query can be validated from its params as they are (parseApiParams). */
export function readsParamsDirectly(t: ActionTarget, call: CallOptions, ...lifecycles: LifecycleName[]): boolean {
  return call.transport === 'api' && !lifecycles.some((name) => t.engine.hooks.has(name, t.uid));
}
