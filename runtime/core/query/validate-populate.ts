// `populate`: every notation Strapi accepts → a PopulateMap checked against the schema.
//   '*' (one level: every relation, media, component and dynamic zone)   'author' | 'author,categories'
//   'seo.meta_social' (each dot is one nested level)   ['author', 'seo.meta_social']   true
//   { author: true | '*' | { fields, filters, sort, populate, count } }
//   { sections: { on: { 'sections.cta': { populate: '*' } } } }   { sections: { populate: '*' } }
// Relations to types the caller may not read are validated like any other, then dropped silently
// (Strapi's sanitizer removes them; the spec: "that content type is not populated").
//
// Error paths mirror Strapi's validator: string notations report the dotted path of the offending
// segment (`populate=nope` → key 'nope', path 'nope'); the object notation reports unknown keys at
// the attribute path above them (`populate[articles][pagination]` → path 'articles') and
// non-populatable attributes at the raw path of every key walked (`author.populate.name`).
import { InvalidKeyError, ValidationError } from '../errors';
import type { PopulateMap, PopulateNode } from './ast';
import { attributeEntry, type ComponentEntry, type ContentTypeQuerySpec, type DynamicZoneEntry, type MediaEntry, type MorphEntry, type RelationEntry } from './spec';
import {
  indexedItems,
  invalidKey,
  invalidQuery,
  isRecord,
  joinPath,
  parseBooleanLike,
  splitList,
  type Target,
  type UnknownRecord,
  type ValidationEnv,
} from './validate-common';
import { validateFields } from './validate-fields';
import { validateFilters } from './validate-filters';
import { validateSort } from './validate-sort';

/** Populated levels below the queried type; each level costs at least one statement. */
export const MAX_POPULATE_DEPTH = 10;

const UPLOAD_FILE_UID = 'plugin::upload.file';

/** Strapi 5.54's answer to a populate item that is neither a name nor an object, with empty details. */
const POPULATE_NOT_A_TREE = 'Invalid populate parameter. Expected a string, an array of strings, a populate object';

/** What a populate key names: a spec entry, or i18n's pseudo-relation of a localized type to its other locales. */
type Populatable =
  | RelationEntry
  | MediaEntry
  | ComponentEntry
  | DynamicZoneEntry
  | { kind: 'localizations'; target: ContentTypeQuerySpec }
  /** The upload plugin's `related` of a file: the entries that use it (file-related.ts). */
  | { kind: 'fileRelated' }
  /** The owning side of a morph relation: entries of any type, populated per type through `on`. */
  | MorphEntry;

/** `unexposed`: a relation the schema declares that the content API never reads (ContentTypeQuerySpec.unexposed). */
type Lookup = Populatable | { kind: 'unknown' } | { kind: 'hidden' } | { kind: 'scalar' } | { kind: 'unexposed' };

/** Where the walk is: Strapi's raw path (every key), attribute path, and populate depth. */
interface Place {
  raw: string | null;
  attr: string | null;
  depth: number;
}

/** Params only valid at the root of a query (Strapi refuses them inside populate, with this reason). */
const ROOT_ONLY = new Set(['status', 'publicationFilter', 'hasPublishedVersion']);

export function validatePopulate(raw: unknown, target: Target, env: ValidationEnv): PopulateMap {
  return populateMap(raw, target, env, { raw: null, attr: null, depth: 0 });
}

function lookup(key: string, target: Target): Lookup {
  if (target.kind === 'contentType' && target.unexposed?.includes(key)) return { kind: 'unexposed' };
  const entry = attributeEntry(target, key);
  if (!entry) {
    if (key === 'localizations' && target.kind === 'contentType' && target.localized) return { kind: 'localizations', target };
    if (key === 'related' && target.uid === UPLOAD_FILE_UID) return { kind: 'fileRelated' };
    return { kind: 'unknown' };
  }
  return entry.kind === 'field' ? { kind: 'scalar' } : entry;
}

/** Whether the caller gets to see what `p` points at (dropped, not refused, when not). */
function visible(p: Populatable, env: ValidationEnv): boolean {
  if (p.kind === 'relation' || p.kind === 'localizations') return env.canRead(p.target);
  return true;
}

function deeper(depth: number): number {
  const next = depth + 1;
  if (next > MAX_POPULATE_DEPTH) {
    throw invalidQuery('populate', `Populate is nested too deeply: at most ${MAX_POPULATE_DEPTH} levels are allowed`, { limit: MAX_POPULATE_DEPTH });
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// A populate value at one level (root, or `[populate]` of a relation/component)

function populateMap(value: unknown, target: Target, env: ValidationEnv, place: Place): PopulateMap {
  if (value === undefined || value === null || value === '') return {};
  if (value === '*') return starMap(target, env, place);
  // In a query string `populate=true` names an attribute `true` (Strapi: 400 `Invalid key true`);
  // the boolean itself, which only code can pass, still means '*' / nothing.
  if (typeof value === 'boolean') return value ? starMap(target, env, place) : {};
  if (typeof value === 'string') return dottedMap(splitList(value), target, env, place, {});
  const items = indexedItems(value);
  if (items) return listMap(items, target, env, place);
  if (isRecord(value)) return objectMap(value, target, env, place);
  throw new ValidationError(POPULATE_NOT_A_TREE);
}

/** `['author', 'seo.meta_social', { categories: { fields: ['name'] } }]`, merged into one map. */
function listMap(items: unknown[], target: Target, env: ValidationEnv, place: Place): PopulateMap {
  let map: PopulateMap = {};
  for (const item of items) {
    if (item === '*') map = mergeMaps(map, starMap(target, env, place));
    else if (typeof item === 'string') map = dottedMap(splitList(item), target, env, place, map);
    else if (isRecord(item)) map = mergeMaps(map, objectMap(item, target, env, place));
    else throw new ValidationError(POPULATE_NOT_A_TREE);
  }
  return map;
}

/** `*`: every populatable attribute one level deep, each with the default node. */
function starMap(target: Target, env: ValidationEnv, place: Place): PopulateMap {
  deeper(place.depth);
  const map: PopulateMap = {};
  const keys = Object.keys(target.entries);
  // Strapi's i18n adds `localizations` as the last attribute of a localized type.
  if (target.kind === 'contentType' && target.localized) keys.push('localizations');
  if (target.uid === UPLOAD_FILE_UID) keys.push('related');
  for (const key of keys) {
    const p = lookup(key, target);
    if (isPopulatable(p) && visible(p, env)) map[key] = defaultNode(p, env);
  }
  return map;
}

const isPopulatable = (p: Lookup): p is Populatable => p.kind !== 'unknown' && p.kind !== 'hidden' && p.kind !== 'scalar' && p.kind !== 'unexposed';

// ---------------------------------------------------------------------------------------------
// Dotted string notation: 'seo.meta_social', 'author.articles', 'sections.image'

function dottedMap(paths: string[], target: Target, env: ValidationEnv, place: Place, into: PopulateMap): PopulateMap {
  for (const path of paths) {
    const segments = path
      .split('.')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (segments.length > 0) addDotted(into, segments, target, env, '', place.depth);
  }
  return into;
}

/** Adds one dotted path to `map` (paths in errors are relative to where the string appears, like Strapi). */
function addDotted(map: PopulateMap, segments: string[], target: Target, env: ValidationEnv, prefix: string, depth: number): void {
  const [head, ...tail] = segments;
  const full = prefix ? `${prefix}.${head}` : head;
  const level = deeper(depth);
  const p = lookup(head, target);
  // Strapi populates nothing for it and says nothing.
  if (p.kind === 'unexposed') return;
  if (!isPopulatable(p)) throw invalidKey('populate', head, full);
  const shown = visible(p, env);
  // A node of a type the caller cannot read is still walked (errors are errors), then discarded.
  const node: PopulateNode = shown ? (map[head] ?? defaultNode(p, env)) : {};
  if (tail.length > 0) {
    if (p.kind === 'media' || p.kind === 'fileRelated' || p.kind === 'morph') throw invalidKey('populate', head, full);
    if (p.kind === 'dynamiczone') addDottedToZone(node, p, tail, env, full, level);
    else {
      const nested = node.populate ?? {};
      addDotted(nested, tail, p.target, env, full, level);
      node.populate = nested;
    }
  }
  if (shown) map[head] = node;
}

/**
 * `sections.image`: the segment after a dynamic zone names an attribute of some of its components;
 * it is populated in every component where the rest of the path is valid.
 */
function addDottedToZone(node: PopulateNode, zone: DynamicZoneEntry, tail: string[], env: ValidationEnv, full: string, depth: number): void {
  const nextPath = `${full}.${tail[0]}`;
  let matched = false;
  for (const component of zone.components) {
    if (!attributeEntry(component, tail[0]) || !dottedPathFits(tail, component, env, full, depth)) continue;
    const on = node.on ?? {};
    const componentNode = on[component.uid] ?? {};
    const nested = componentNode.populate ?? {};
    addDotted(nested, tail, component, env, full, depth);
    on[component.uid] = { ...componentNode, populate: nested };
    node.on = on;
    matched = true;
  }
  if (!matched) throw invalidKey('populate', tail[0], nextPath);
}

/** Dry run of `addDotted` (so a failing component leaves nothing half-added); depth errors still throw. */
function dottedPathFits(segments: string[], target: Target, env: ValidationEnv, prefix: string, depth: number): boolean {
  try {
    addDotted({}, segments, target, env, prefix, depth);
    return true;
  } catch (error) {
    if (error instanceof InvalidKeyError) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Object notation

/** `{ author: …, seo: … }`: keys are populatable attributes of `target`. */
function objectMap(object: UnknownRecord, target: Target, env: ValidationEnv, place: Place): PopulateMap {
  const map: PopulateMap = {};
  for (const key of Object.keys(object)) {
    const p = lookup(key, target);
    if (p.kind === 'unexposed') continue;
    if (p.kind === 'unknown') throw invalidKey('populate', key, place.attr, rootOnlyReason(key));
    if (p.kind === 'hidden') throw invalidKey('populate', key, joinPath(place.attr, key));
    if (p.kind === 'scalar') throw invalidKey('populate', key, joinPath(place.raw, key));
    const child: Place = { raw: joinPath(place.raw, key), attr: joinPath(place.attr, key), depth: deeper(place.depth) };
    const node = populateNode(object[key], p, env, child);
    if (node && visible(p, env)) map[key] = node;
  }
  return map;
}

const rootOnlyReason = (key: string): string | undefined =>
  ROOT_ONLY.has(key) ? `${key} is only accepted at the root of the query, and it also applies to populated relations` : undefined;

/** The value under one populated attribute: a flag, '*', or an object of options. */
function populateNode(value: unknown, p: Populatable, env: ValidationEnv, place: Place): PopulateNode | undefined {
  if (p.kind === 'fileRelated') return fileRelatedNode(value, env, place);
  if (p.kind === 'morph') return morphNode(value, env, place);
  // `populate[author]=*` is the attribute itself, like `true` (its own relations need `[populate]=*`).
  if (value === '*') return {};
  const flag = parseBooleanLike(value);
  if (flag !== undefined) return flag ? {} : undefined;
  if (isRecord(value)) return nodeObject(value, p, env, place);
  throw invalidQuery('populate', `Invalid populate value for ${place.attr}: expected true, false, '*' or an object`, { path: place.attr });
}

/** `related` of a file: true or '*' lists the entries; Strapi leaves it out for options or false. */
function fileRelatedNode(value: unknown, env: ValidationEnv, place: Place): PopulateNode | undefined {
  if (isRecord(value)) return undefined;
  const flag = value === '*' ? true : parseBooleanLike(value);
  if (flag === undefined) throw invalidQuery('populate', `Invalid populate value for ${place.attr}: expected true, false, '*' or an object`, { path: place.attr });
  return flag ? relatedNode(env) : undefined;
}

/** Lists entries of the content types the caller may read, nothing else (docs/rest.md, "Deliberate"). */
function relatedNode(env: ValidationEnv): PopulateNode {
  const types = Object.values(env.specs ?? {}).filter((spec): spec is ContentTypeQuerySpec => spec.kind === 'contentType' && spec.uid !== UPLOAD_FILE_UID && env.canRead(spec));
  return { relatedTypes: types.map((spec) => spec.uid) };
}

/** The node `true`, '*' and dotted paths give an attribute. */
function defaultNode(p: Populatable, env: ValidationEnv): PopulateNode {
  if (p.kind === 'fileRelated') return relatedNode(env);
  if (p.kind === 'morph') return { morphTypes: readableTypes(env) };
  return {};
}

/** Every content type the caller may read (a morph relation may point at any of them). */
function readableTypes(env: ValidationEnv): string[] {
  return Object.values(env.specs ?? {})
    .filter((spec): spec is ContentTypeQuerySpec => spec.kind === 'contentType' && env.canRead(spec))
    .map((spec) => spec.uid);
}

/**
 * The owning side of a morph relation, as Strapi 5.54 answers: true or '*' lists every linked entry
 * the caller may read, with its type's scalar fields; `{ on: { <uid>: { fields, populate } } }`
 * lists only the entries of the types named (of those the caller may read: none leaves the
 * attribute out); `{ count: true }` counts them; an object with neither leaves the attribute out.
 */
function morphNode(value: unknown, env: ValidationEnv, place: Place): PopulateNode | undefined {
  if (value === '*') return { morphTypes: readableTypes(env) };
  const flag = parseBooleanLike(value);
  if (flag !== undefined) return flag ? { morphTypes: readableTypes(env) } : undefined;
  if (!isRecord(value)) throw invalidQuery('populate', `Invalid populate value for ${place.attr}: expected true, false, '*' or an object`, { path: place.attr });
  if (value.on !== undefined) return morphFragments(value.on, env, place);
  if (value.count !== undefined && parseBooleanLike(value.count) === true) return { morphTypes: readableTypes(env), count: true };
  return undefined;
}

function morphFragments(fragments: unknown, env: ValidationEnv, place: Place): PopulateNode | undefined {
  const rawOn = joinPath(place.raw, 'on');
  if (!isRecord(fragments)) throw invalidKey('populate', 'on', rawOn);
  const on: Record<string, PopulateNode> = {};
  for (const uid of Object.keys(fragments)) {
    const spec = env.specs && Object.prototype.hasOwnProperty.call(env.specs, uid) ? env.specs[uid] : undefined;
    if (!spec || spec.kind !== 'contentType') throw invalidKey('populate', uid, `${rawOn}.${uid}`);
    const typeNode = populateNode(fragments[uid], { kind: 'relation', toMany: true, target: spec }, env, { ...place, raw: `${rawOn}[${uid}]` });
    if (typeNode && env.canRead(spec)) on[uid] = typeNode;
  }
  const morphTypes = Object.keys(on);
  return morphTypes.length > 0 ? { morphTypes, on } : undefined;
}

/** Which options each kind of attribute takes (rule 6: no filters or sort on media or dynamic zones). */
const OPTIONS: Record<Populatable['kind'], ReadonlySet<string>> = {
  relation: new Set(['fields', 'filters', 'sort', 'populate', 'count']),
  localizations: new Set(['fields', 'filters', 'sort', 'populate']),
  component: new Set(['fields', 'filters', 'sort', 'populate', 'count']),
  media: new Set(['fields', 'populate', 'count']),
  dynamiczone: new Set(['on', 'populate', 'count']),
  fileRelated: new Set(),
  morph: new Set(),
};

function nodeObject(object: UnknownRecord, p: Populatable, env: ValidationEnv, place: Place): PopulateNode {
  let node: PopulateNode = {};
  for (const key of Object.keys(object)) {
    if (!OPTIONS[p.kind].has(key)) throw invalidKey('populate', key, place.attr, rootOnlyReason(key));
    const part = nodeOption(key, object[key], p, env, place);
    // Options are distinct keys, except a zone's `on` and `populate` which both fill `on`.
    node = p.kind === 'dynamiczone' ? mergeNodes(node, part) : { ...node, ...part };
  }
  // A zone given `on` returns only the entries of the components `on` names (`false` included,
  // with their scalars), and `populate=*` beside it is ignored: Strapi 5.54 answers so.
  if (p.kind === 'dynamiczone' && 'on' in object) return { on: nodeOption('on', object.on, p, env, place).on ?? {}, onlyNamed: true };
  return node;
}

/** One option of a populate node, as a partial node. */
function nodeOption(key: string, value: unknown, p: Populatable, env: ValidationEnv, place: Place): PopulateNode {
  if (p.kind === 'dynamiczone') {
    if (key === 'count') return countOption(value, p, place);
    return key === 'on' ? { on: zoneFragments(value, p, env, place) } : zonePopulate(value, p, env, place);
  }
  // A file's related and a morph owner take no such options (populateNode never gets here with one).
  if (p.kind === 'fileRelated' || p.kind === 'morph') return {};
  switch (key) {
    case 'fields': {
      const fields = validateFields(value, p.target, 'populate');
      return fields ? { fields } : {};
    }
    case 'filters': {
      const filters = validateFilters(value, p.target, env, 'populate');
      return filters ? { filters } : {};
    }
    case 'sort': {
      const sort = validateSort(value, p.target, env, 'populate');
      return sort.length > 0 ? { sort } : {};
    }
    case 'count':
      return countOption(value, p, place);
    default: {
      const populate = populateMap(value, p.target, env, { ...place, raw: joinPath(place.raw, 'populate') });
      return Object.keys(populate).length > 0 ? { populate } : {};
    }
  }
}

/** `count: true` returns `{ count }` instead of the rows, on any relation or component (a to-one counts 0 or 1, as in Strapi). */
function countOption(value: unknown, p: Populatable, place: Place): PopulateNode {
  const flag = parseBooleanLike(value);
  // Strapi ignores a boolean `count` on media and dynamic zones and returns the files / entries.
  if (flag !== undefined && (p.kind === 'media' || p.kind === 'dynamiczone')) return {};
  if (flag === undefined || (p.kind !== 'relation' && p.kind !== 'component')) throw invalidKey('populate', 'count', place.attr);
  return flag ? { count: true } : {};
}

/** `populate[sections][populate]=*`: every component of the zone with its attributes one level deep. */
function zonePopulate(value: unknown, zone: DynamicZoneEntry, env: ValidationEnv, place: Place): PopulateNode {
  const flag = value === '*' ? true : parseBooleanLike(value);
  // Strapi: a dynamic zone's nested populate can only be '*'; details go through `on`.
  if (flag === undefined) throw invalidKey('populate', 'populate', place.raw);
  if (!flag) return {};
  const on: Record<string, PopulateNode> = {};
  for (const component of zone.components) {
    const populate = starMap(component, env, place);
    if (Object.keys(populate).length > 0) on[component.uid] = { populate };
  }
  return Object.keys(on).length > 0 ? { on } : {};
}

/** `on`: per-component population of a dynamic zone, keyed by component uid. */
function zoneFragments(value: unknown, zone: DynamicZoneEntry, env: ValidationEnv, place: Place): Record<string, PopulateNode> {
  const rawOn = joinPath(place.raw, 'on');
  if (!isRecord(value)) throw invalidKey('populate', 'on', rawOn);
  const on: Record<string, PopulateNode> = {};
  for (const uid of Object.keys(value)) {
    const component = zone.components.find((c) => c.uid === uid);
    if (!component) throw invalidKey('populate', uid, `${rawOn}.${uid}`);
    // `false` still names the component: its entries are returned, unpopulated.
    on[uid] = populateNode(value[uid], { kind: 'component', target: component }, env, { ...place, raw: `${rawOn}[${uid}]` }) ?? {};
  }
  return on;
}

// ---------------------------------------------------------------------------------------------
// Merging (the same attribute named by several list items, or `on` next to `populate=*`)

function mergeMaps(a: PopulateMap, b: PopulateMap): PopulateMap {
  const out: PopulateMap = { ...a };
  for (const key of Object.keys(b)) out[key] = out[key] ? mergeNodes(out[key], b[key]) : b[key];
  return out;
}

function mergeNodes(a: PopulateNode, b: PopulateNode): PopulateNode {
  const out: PopulateNode = {};
  // No field list on one side means every field there, so every field in the union.
  if (a.fields && b.fields) out.fields = [...new Set([...a.fields, ...b.fields])];
  const filters = b.filters ?? a.filters;
  if (filters) out.filters = filters;
  const sort = b.sort ?? a.sort;
  if (sort) out.sort = sort;
  if (a.populate || b.populate) out.populate = mergeMaps(a.populate ?? {}, b.populate ?? {});
  if (a.on || b.on) out.on = mergeMaps(a.on ?? {}, b.on ?? {});
  if (a.count || b.count) out.count = true;
  // The union of a zone restricted to some components and a zone asked for in full is the full zone.
  if (a.onlyNamed && b.onlyNamed) out.onlyNamed = true;
  const morphTypes = a.morphTypes ?? b.morphTypes;
  if (morphTypes) out.morphTypes = morphTypes;
  return out;
}
