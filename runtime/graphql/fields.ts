// Relation, media, component, dynamic-zone and localizations fields: each resolves through the
// request's DataLoader for (owner type, field, reading, arguments, auth rule), then to-many values
// are windowed per parent by `pagination`, as Strapi's association resolvers do.
import type DataLoader from 'dataloader';
import type { Request, Response } from 'express';
import type { AuthContext, Document } from '@cms-gen/core/engine/types';
import { ForbiddenError } from '@cms-gen/core/errors';
import { FILE_UID, type Shape } from '@cms-gen/core/model/schema-index';
import { validatePagination } from '@cms-gen/core/query/validate-pagination';
import { toRawFilters, toRawSort, type ListArgs, type Reading } from './args';
import { fieldLoader, isListField, parentRef, type FieldNode, type ParentRef } from './loaders';
import type { PrefetchPlan } from './prefetch';
import type { GraphqlRuntime } from './runtime';

/** Arguments of a relation, media or component field. */
export type FieldArgs = Pick<ListArgs, 'filters' | 'pagination' | 'sort'>;

/**
 * What one request keeps between resolver calls. The documents it tags are its own (read for this
 * request) and the state ends with the request, so plain Maps hold them: a WeakMap entry is an
 * ephemeron, which every young-generation collection must trace separately, and a list answer
 * tags a hundred documents or more.
 */
export interface RequestState {
  runtime: GraphqlRuntime;
  /** How each returned document was read (status, publication filter): its relations are read the same way. */
  readings: Map<object, Reading>;
  loaders: Map<string, DataLoader<ParentRef, unknown, number>>;
  /** Documents read with a look-ahead populate, and what was populated below each (prefetch.ts). */
  prefetched: Map<object, PrefetchPlan>;
  /** The HTTP exchange (absent when a schema is executed directly, as tests do). */
  http?: { req: Request; res: Response };
  /** Per owner type and field, under the default auth rule: whether the caller may read what the field relates to (readableOrThrow). */
  readable: Map<string, Map<string, boolean>>;
}

export interface FieldCaller {
  /** Key of the auth rule in force (loaders of different rules must not mix). */
  ruleKey: string;
  /** The caller as an operation reading `action` sees it. */
  authFor(action: string): AuthContext;
  auth: AuthContext;
}

const PUBLISHED: Reading = { status: 'published' };

export function tag<T extends Document | null>(state: RequestState, doc: T, reading: Reading): T {
  if (doc) state.readings.set(doc, reading);
  return doc;
}

export function tagAll(state: RequestState, docs: Document[], reading: Reading): Document[] {
  for (const doc of docs) state.readings.set(doc, reading);
  return docs;
}

const loadsEverything = (args: FieldArgs): boolean => (args.filters === undefined || args.filters === null) && (!args.sort || args.sort.length === 0);

/** The REST populate node of a field: `true`, or its filters and sort. */
function fieldNode(state: RequestState, shape: Shape, name: string, args: FieldArgs): FieldNode {
  // The common case (no filters, default sort) costs nothing: fields run once per parent.
  if (loadsEverything(args)) return true;
  const node: { filters?: unknown; sort?: string[] } = {};
  if (args.filters !== undefined && args.filters !== null) {
    const attribute = shape.meta.attributes[name];
    const targetUid = name === 'localizations' ? shape.uid : attribute?.kind === 'relation' ? attribute.target : undefined;
    if (targetUid) node.filters = toRawFilters(args.filters, state.runtime.shape(targetUid), state.runtime.engine.schema);
  }
  const sort = toRawSort(args.sort);
  if (sort) node.sort = sort;
  return node.filters === undefined && node.sort === undefined ? true : node;
}

/** The content type whose `find` permission the field reads (none for components and zones). */
function fieldTarget(shape: Shape, field: string): string | undefined {
  if (field === 'localizations') return shape.uid;
  const attribute = shape.meta.attributes[field];
  if (attribute?.kind === 'relation') return attribute.target;
  if (attribute?.kind === 'media') return FILE_UID;
  return undefined;
}

function loaderFor(state: RequestState, caller: FieldCaller, shape: Shape, field: string, reading: Reading, node: FieldNode): DataLoader<ParentRef, unknown, number> {
  const key = `${shape.uid}|${field}|${reading.status}|${reading.publicationFilter ?? ''}|${node === true ? '' : JSON.stringify(node)}|${caller.ruleKey}`;
  let loader = state.loaders.get(key);
  if (!loader) {
    const target = fieldTarget(shape, field);
    const auth = target ? caller.authFor(state.runtime.actionOf(target, 'find')) : caller.auth;
    state.loaders.set(key, (loader = fieldLoader(state.runtime.engine, auth, { shape, field, ...reading, node })));
  }
  return loader;
}

/** Page or offset window over one parent's list (default `defaultLimit` items, at most `amountLimit`). */
function window(state: RequestState, docs: Document[], args: FieldArgs): Document[] {
  const given = args.pagination;
  if (!given || (given.page == null && given.pageSize == null && given.start == null && given.limit == null)) {
    return docs.length <= state.runtime.limits.defaultLimit ? docs : docs.slice(0, state.runtime.limits.defaultLimit);
  }
  const p = validatePagination(args.pagination ? { ...args.pagination } : undefined, {
    defaultLimit: state.runtime.limits.defaultLimit,
    maxLimit: state.runtime.limits.amountLimit,
    withCount: false,
  });
  const start = p.mode === 'page' ? (p.page - 1) * p.pageSize : p.start;
  const size = p.mode === 'page' ? p.pageSize : p.limit;
  return start === 0 && docs.length <= size ? docs : docs.slice(start, start + size);
}

/** Marks the documents below a prefetched field with their reading and their own plan. */
function adoptPrefetched(state: RequestState, value: object, reading: Reading, plan: PrefetchPlan | undefined): void {
  state.readings.set(value, reading);
  if (plan) state.prefetched.set(value, plan);
}

/**
 * The value of field `name` of `parent`, synchronously when the parent's root query populated it
 * (prefetch.ts) and the field loads everything (no filters or sort), else through the loaders.
 * Only callers under the default auth rule take the prefetched value: it was read with that rule.
 */
export function resolveFieldValue(state: RequestState, caller: FieldCaller, parent: Document, ownerUid: string, name: string, args: FieldArgs): unknown {
  readableOrThrow(state, caller, ownerUid, name);
  const plan = state.prefetched.get(parent);
  if (!plan || !plan.has(name) || caller.ruleKey !== 'none' || !loadsEverything(args)) return resolveField(state, caller, parent, ownerUid, name, args);
  const reading = state.readings.get(parent) ?? PUBLISHED;
  const childPlan = plan.get(name);
  const value = parent[name];
  if (Array.isArray(value)) {
    const docs = value as Document[];
    for (const doc of docs) adoptPrefetched(state, doc, reading, childPlan);
    const shape = state.runtime.shape(ownerUid);
    return shape.meta.attributes[name]?.kind === 'dynamiczone' ? docs : window(state, docs, args);
  }
  if (typeof value === 'object' && value !== null) {
    adoptPrefetched(state, value, reading, childPlan);
    return value;
  }
  // Not populated: nothing is linked.
  return isListField(state.runtime.shape(ownerUid), name) ? [] : null;
}

/**
 * Throws Forbidden when field `name` relates to a type the caller may not `find`, as Strapi 5.54's
 * GraphQL answers (its relation resolvers require the target's `find`; test/easyfest). Thrown
 * before any read, on every path alike (prefetched or loaded), so graphql-js stops at the same
 * place whichever path a field takes. Decided once per request, owner type and field (under a
 * resolver's own auth rule, every time: such fields are few).
 */
function readableOrThrow(state: RequestState, caller: FieldCaller, ownerUid: string, name: string): void {
  // Looked up without building a key: a list answer resolves its relation fields hundreds of times.
  const cached = caller.ruleKey === 'none' ? state.readable.get(ownerUid)?.get(name) : undefined;
  if (cached === true) return;
  if (cached === false) throw new ForbiddenError();
  const attribute = state.runtime.shape(ownerUid).meta.attributes[name];
  const action = attribute?.kind === 'relation' ? state.runtime.actionOf(attribute.target, 'find') : undefined;
  // The caller as the loaders read the target (loaderFor): the same permission decides both.
  const readable = action === undefined || caller.authFor(action).can(action);
  if (caller.ruleKey === 'none') {
    let byField = state.readable.get(ownerUid);
    if (!byField) state.readable.set(ownerUid, (byField = new Map()));
    byField.set(name, readable);
  }
  if (!readable) throw new ForbiddenError();
}

/** The value of field `name` of `parent` (a document or component of type `ownerUid`). */
export async function resolveField(state: RequestState, caller: FieldCaller, parent: Document, ownerUid: string, name: string, args: FieldArgs): Promise<unknown> {
  const shape = state.runtime.shape(ownerUid);
  const reading = state.readings.get(parent) ?? PUBLISHED;
  const value = await loaderFor(state, caller, shape, name, reading, fieldNode(state, shape, name, args)).load(parentRef(parent));
  if (!Array.isArray(value)) return tag(state, value as Document | null, reading);
  const docs = tagAll(state, value as Document[], reading);
  // Dynamic zones take no pagination (Strapi returns every entry).
  return shape.meta.attributes[name]?.kind === 'dynamiczone' ? docs : window(state, docs, args);
}
