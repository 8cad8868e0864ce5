// Look-ahead populate. A root query knows its whole selection before any field resolves, so it can
// ask the engine for the relations, media and components below it in the same `find` REST's
// `populate` uses: the same statements, the same permission check (a type the caller cannot
// `find` is dropped, so it resolves to null or []), and only the selected columns. The field
// resolvers then answer from the documents synchronously instead of through a DataLoader, which
// spares graphql-js a promise per document. Whatever the plan does not cover (fields with
// `filters` or `sort`, dynamic-zone contents, anything under a resolver with its own auth rule)
// still resolves through the DataLoaders, which give the same answers.
import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Attribute } from '@cms-gen/core/model/types';
import { MAX_POPULATE_DEPTH } from '@cms-gen/core/query/validate-populate';
import { fieldColumn } from '@cms-gen/core/sql/columns';
import type { Shape } from '@cms-gen/core/model/schema-index';

/** Per prefetched attribute, the plan of its values (undefined: its values are not planned, e.g. zones). */
export type PrefetchPlan = ReadonlyMap<string, PrefetchPlan | undefined>;

/** A REST populate node (`{ fields, populate }`) or `true`. */
type PopulateValue = true | { fields?: string[]; populate?: Record<string, PopulateValue> };

export interface Prefetch {
  /** The scalar fields to read at the root (REST `fields`). */
  fields: string[];
  /** REST `populate` for the engine's find (absent when nothing below is planned). */
  populate?: Record<string, PopulateValue>;
  plan: PrefetchPlan;
}

const CONNECTION_SUFFIX = '_connection';

/** Arguments that change what a field loads (pagination only windows the loaded list). */
const LOADING_ARGUMENTS = new Set(['filters', 'sort']);

/**
 * Field nodes selected directly under `sets`, by field name (aliases merged), through fragments.
 * Each fragment is expanded once (`seen`), so no cycle can loop, and the recursion is at most the
 * document's nesting (document-guard.ts) plus its number of fragments (bounded by maxTokens) deep;
 * `plan` descends at most MAX_POPULATE_DEPTH relations.
 */
function fieldsByName(sets: readonly SelectionSetNode[], info: GraphQLResolveInfo): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const list = out.get(selection.name.value);
        if (list) list.push(selection);
        else out.set(selection.name.value, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) visit(set);
  return out;
}

/** Selection sets reached from `sets` down `path` (a connection's `nodes`, v4's `data.attributes`). */
function setsUnder(sets: readonly SelectionSetNode[], path: readonly string[], info: GraphQLResolveInfo): SelectionSetNode[] {
  let current = sets;
  for (const name of path) {
    const nodes = fieldsByName(current, info).get(name) ?? [];
    current = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  }
  return [...current];
}

/** Where the documents of a relation or media field sit below it, per schema shape. */
const RELATED_PATH = { v5: [], v4: ['data', 'attributes'] } as const;

export type PrefetchShape = keyof typeof RELATED_PATH;

/** The attribute a selected field reads through a loader, and whether it is the `_connection` form. */
function loadedAttribute(shape: Shape, name: string): { attribute: string; connection: boolean } | undefined {
  const own = Object.prototype.hasOwnProperty.call(shape.meta.attributes, name);
  if (own) return { attribute: name, connection: false };
  if (!name.endsWith(CONNECTION_SUFFIX)) return undefined;
  const attribute = name.slice(0, -CONNECTION_SUFFIX.length);
  return Object.prototype.hasOwnProperty.call(shape.meta.attributes, attribute) ? { attribute, connection: true } : undefined;
}

function isToMany(attribute: Attribute): boolean {
  return (attribute.kind === 'relation' && attribute.toMany) || (attribute.kind === 'media' && attribute.multiple);
}

export interface PrefetchEnv {
  shape(uid: string): Shape;
  fileUid: string;
}

/** The shape a relation, media or component attribute leads to (undefined for the rest). */
function targetShape(env: PrefetchEnv, attribute: Attribute): Shape | undefined {
  switch (attribute.kind) {
    case 'relation':
      return env.shape(attribute.target);
    case 'media':
      return env.shape(env.fileUid);
    case 'component':
      return env.shape(attribute.component);
    default:
      return undefined;
  }
}

function scalarFields(shape: Shape, names: Iterable<string>): string[] {
  const fields = [...names].filter((name) => name !== 'id' && fieldColumn(shape, name) !== undefined);
  // Relation loaders below a document key on its locale (inverse sides of localized types).
  if (shape.kind === 'contentType' && shape.meta.localized && !fields.includes('locale')) fields.push('locale');
  return fields;
}

function plan(env: PrefetchEnv, shape: Shape, sets: readonly SelectionSetNode[], info: GraphQLResolveInfo, depth: number, mode: PrefetchShape): Prefetch {
  const byName = fieldsByName(sets, info);
  const fields = scalarFields(shape, byName.keys());
  // Both `categories` and `categories_connection` read one attribute: their selections merge.
  const below = new Map<string, SelectionSetNode[]>();
  const skipped = new Set<string>();
  for (const [name, nodes] of byName) {
    const loaded = loadedAttribute(shape, name);
    if (!loaded) continue;
    const attribute = shape.meta.attributes[loaded.attribute];
    if (attribute.kind === 'scalar' || (loaded.connection && (mode !== 'v5' || !isToMany(attribute)))) continue;
    if (nodes.some((node) => node.arguments?.some((arg) => LOADING_ARGUMENTS.has(arg.name.value)))) {
      skipped.add(loaded.attribute);
      continue;
    }
    const own = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    // v4 wraps related documents (`author { data { attributes { … } } }`), not components.
    const wrapped = attribute.kind === 'relation' || attribute.kind === 'media';
    const childSets = setsUnder(own, loaded.connection ? ['nodes'] : wrapped ? RELATED_PATH[mode] : [], info);
    below.set(loaded.attribute, [...(below.get(loaded.attribute) ?? []), ...childSets]);
  }
  const populate: Record<string, PopulateValue> = {};
  const planned = new Map<string, PrefetchPlan | undefined>();
  if (depth < MAX_POPULATE_DEPTH) {
    for (const [name, childSets] of below) {
      if (skipped.has(name)) continue;
      const attribute = shape.meta.attributes[name];
      if (attribute.kind === 'dynamiczone') {
        // Zone entries are unions; their own relations resolve through the loaders.
        populate[name] = true;
        planned.set(name, undefined);
        continue;
      }
      const target = targetShape(env, attribute);
      if (!target) continue;
      const child = plan(env, target, childSets, info, depth + 1, mode);
      const node: { fields?: string[]; populate?: Record<string, PopulateValue> } = {};
      if (child.fields.length > 0) node.fields = child.fields;
      else if (target.kind === 'contentType') node.fields = ['documentId'];
      if (child.populate) node.populate = child.populate;
      populate[name] = node;
      planned.set(name, child.plan);
    }
  }
  return { fields, populate: planned.size > 0 ? populate : undefined, plan: planned };
}

/**
 * What a root field returning documents of `shape` reads: its selected scalars and the populate
 * tree of its selected relations, media, components and zones. `under`: where the documents sit
 * below the field (a connection's `nodes`; v4's `data.attributes`); `mode`: the schema shape.
 */
export function prefetchOf(env: PrefetchEnv, shape: Shape, info: GraphQLResolveInfo, under: readonly string[] = [], mode: PrefetchShape = 'v5'): Prefetch {
  const key = info.fieldNodes[0];
  const known = key ? planned.get(key) : undefined;
  const hit = known?.find((entry) => entry.env === env && entry.shape === shape && entry.mode === mode && sameList(entry.under, under) && sameList(entry.fieldNodes, info.fieldNodes));
  const prefetch = hit?.prefetch ?? uncachedPrefetchOf(env, shape, info, under, mode);
  if (key && !hit) {
    const entries = known ?? [];
    // A field node is part of one parsed document (Apollo keeps one per query text), so the
    // entries of one node stay few: one per shape and path that reads below it.
    if (entries.length < MAX_PLANS_PER_NODE) entries.push({ env, shape, mode, under: [...under], fieldNodes: [...info.fieldNodes], prefetch });
    if (!known) planned.set(key, entries);
  }
  // The caller hands fields and populate to the operation layer (and so to Document Service
  // middlewares, which may change their params): each call gets its own copy.
  return { fields: [...prefetch.fields], populate: prefetch.populate ? copyPopulate(prefetch.populate) : undefined, plan: prefetch.plan };
}

function uncachedPrefetchOf(env: PrefetchEnv, shape: Shape, info: GraphQLResolveInfo, under: readonly string[], mode: PrefetchShape): Prefetch {
  const own = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  return plan(env, shape, setsUnder(own, under, info), info, 0, mode);
}

/**
 * Plans by the root field node they were made for. A plan depends only on the selection below the
 * field (the node, and the fragments of its document, which the node belongs to), the schema
 * shape and the path: the same parsed document asked again plans the same, so a repeated query
 * (Apollo hands out one parsed document per query text) walks its selection once.
 */
const planned = new WeakMap<FieldNode, Array<{ env: PrefetchEnv; shape: Shape; mode: PrefetchShape; under: readonly string[]; fieldNodes: readonly FieldNode[]; prefetch: Prefetch }>>();
const MAX_PLANS_PER_NODE = 8;

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function copyPopulate(populate: Record<string, PopulateValue>): Record<string, PopulateValue> {
  const out: Record<string, PopulateValue> = {};
  for (const [name, value] of Object.entries(populate)) {
    if (value === true) out[name] = true;
    else {
      const node: { fields?: string[]; populate?: Record<string, PopulateValue> } = {};
      if (value.fields) node.fields = [...value.fields];
      if (value.populate) node.populate = copyPopulate(value.populate);
      out[name] = node;
    }
  }
  return out;
}
