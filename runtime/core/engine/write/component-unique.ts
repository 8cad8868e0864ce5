// `unique` (and `uid`) on a component's attributes. Strapi 5.54 keeps them when a version is
// published (never for a draft), scoped to the content type holding the component, the
// attribute's path in it, the locale and the other documents' published versions:
// - a value another published version holds at the same path clashes (`box.code` against the
//   other gadgets' `box.code`, not against their `boxes[].code` or another type's);
// - inside a repeatable component, a value the same list holds twice clashes at every entry;
// - inside a dynamic zone, the path is the zone: an entry's value clashes with another entry of
//   the same component in this zone, or in another version's zone, holding it (nested components'
//   values are compared with the zone's own entries of their component, as Strapi does);
// - null and '' never clash.
// The answer is Strapi's: `This attribute must be unique` at the value's path (`boxes.0.code`).
import type { ValidationIssue } from '../../errors';
import type { SqlValue } from '@cms-gen/db/types';
import type { Attribute, ComponentAttribute, ContentTypeMeta, DynamicZoneAttribute, SchemaMeta } from '../../model/types';
import { component } from '../../model/schema-index';
import type { WriteEnv } from './context';
import { UNIQUE_MESSAGE } from './constraint-errors';
import type { ComponentEntry, WritePlan } from './plan';

/** A component's values as the rules read them: scalars by attribute name, nested components by attribute. */
interface Node {
  uid: string;
  scalars: Map<string, SqlValue>;
  nested: Map<string, Node | Node[] | null>;
}

type Holder = ComponentAttribute | DynamicZoneAttribute;

const reachCache = new WeakMap<SchemaMeta, Map<string, boolean>>();

/** Whether a component (or one nested in it) has a unique attribute. */
function reachesUnique(schema: SchemaMeta, uid: string, seen = new Set<string>()): boolean {
  let cache = reachCache.get(schema);
  if (!cache) reachCache.set(schema, (cache = new Map()));
  const known = cache.get(uid);
  if (known !== undefined) return known;
  if (seen.has(uid)) return false;
  seen.add(uid);
  const found = Object.values(component(schema, uid).attributes).some(
    (attr) => (attr.kind === 'scalar' && (attr.unique || attr.type === 'uid')) || (attr.kind === 'component' && reachesUnique(schema, attr.component, seen)),
  );
  cache.set(uid, found);
  return found;
}

const holderCache = new WeakMap<ContentTypeMeta, Holder[]>();

/** The content type's component and dynamic-zone attributes that hold a unique attribute somewhere (found once: every write asks). */
export function uniqueHolders(schema: SchemaMeta, meta: ContentTypeMeta): Holder[] {
  const cached = holderCache.get(meta);
  if (cached) return cached;
  const holders = Object.values(meta.attributes).filter(
    (attr): attr is Holder =>
      (attr.kind === 'component' && reachesUnique(schema, attr.component)) || (attr.kind === 'dynamiczone' && attr.components.some((uid) => reachesUnique(schema, uid))),
  );
  holderCache.set(meta, holders);
  return holders;
}

/** Where a version's component values come from: what the write sends, else what the row holds. */
export interface ComponentSource {
  plan?: WritePlan;
  rowId?: number;
}

function nodeFromEntry(schema: SchemaMeta, entry: ComponentEntry): Node {
  const scalars = new Map<string, SqlValue>();
  const nested = new Map<string, Node | Node[] | null>();
  for (const attr of Object.values(component(schema, entry.component).attributes)) {
    if (attr.kind === 'scalar' && entry.plan.scalars.has(attr.column)) scalars.set(attr.name, entry.plan.scalars.get(attr.column) as SqlValue);
    if (attr.kind === 'component' && entry.plan.components.has(attr.name)) nested.set(attr.name, nodesFromPlan(schema, entry.plan.components.get(attr.name) ?? null));
  }
  return { uid: entry.component, scalars, nested };
}

function nodesFromPlan(schema: SchemaMeta, value: ComponentEntry | ComponentEntry[] | null): Node | Node[] | null {
  if (value === null) return null;
  return Array.isArray(value) ? value.map((entry) => nodeFromEntry(schema, entry)) : nodeFromEntry(schema, value);
}

/** The component rows `owner` holds in `field`, in their order, with what they hold in turn. */
async function nodesFromRows(env: WriteEnv, owner: { uid: string; id: number }, field: string, uids: readonly string[]): Promise<Node[]> {
  const q = env.dialect.quote;
  const found: { position: number; id: number; node: Node }[] = [];
  for (const uid of uids) {
    const meta = component(env.schema, uid);
    const rows = await env.tx.query(`SELECT * FROM ${q(meta.table)} WHERE owner_type = ? AND owner_field = ? AND owner_id = ?`, [owner.uid, field, owner.id]);
    for (const row of rows) {
      const id = Number(row.id);
      const scalars = new Map<string, SqlValue>();
      const nested = new Map<string, Node | Node[] | null>();
      for (const attr of Object.values(meta.attributes)) {
        if (attr.kind === 'scalar') scalars.set(attr.name, row[attr.column] as SqlValue);
        if (attr.kind === 'component' && reachesUnique(env.schema, attr.component)) {
          const held = await nodesFromRows(env, { uid, id }, attr.name, [attr.component]);
          nested.set(attr.name, attr.repeatable ? held : (held[0] ?? null));
        }
      }
      found.push({ position: Number(row.position), id, node: { uid, scalars, nested } });
    }
  }
  return found.sort((a, b) => a.position - b.position || a.id - b.id).map(({ node }) => node);
}

/** Where a value sits, and what Strapi compares it with. */
interface Context {
  /** Attribute names from the content type down to the component holding the value (no list indexes). */
  pathToComponent: string[];
  /** The answer's path, with list indexes. */
  path: (string | number)[];
  /** The entries of the repeatable component at the top of the path (empty elsewhere). */
  repeatable: Node[];
  /** The dynamic zone's entries when the path starts at one. */
  zone?: Node[];
}

interface Probe {
  value: SqlValue;
  attribute: string;
  node: Node;
  context: Context;
}

/** Every unique value in `node` (and the components nested in it) with where it sits. */
function probesOf(schema: SchemaMeta, node: Node, context: Context, out: Probe[]): void {
  for (const attr of Object.values(component(schema, node.uid).attributes)) {
    if (attr.kind === 'scalar' && (attr.unique || attr.type === 'uid')) {
      const value = node.scalars.get(attr.name);
      if (value !== null && value !== undefined && value !== '') out.push({ value, attribute: attr.name, node, context });
    }
    if (attr.kind !== 'component' || !node.nested.has(attr.name)) continue;
    const held = node.nested.get(attr.name) ?? null;
    const pathToComponent = [...context.pathToComponent, attr.name];
    if (Array.isArray(held)) held.forEach((child, i) => probesOf(schema, child, { ...context, pathToComponent, path: [...context.path, attr.name, i] }, out));
    else if (held) probesOf(schema, held, { ...context, pathToComponent, path: [...context.path, attr.name] }, out);
  }
}

/** What `item` holds at `keys` (a path below the top repeatable entry), as Strapi reads it. */
function valueAt(item: Node, keys: string[], attribute: string): unknown {
  let at: Node | Node[] | null | undefined = item;
  for (const key of keys) {
    if (!at || Array.isArray(at)) return undefined;
    at = at.nested.get(key);
  }
  return at && !Array.isArray(at) ? at.scalars.get(attribute) : undefined;
}

/** `column` holds `value`: strings compare exactly, as on SQLite/PostgreSQL (MySQL's ci collation would make 'A' clash with 'a'). */
export function sameValue(env: WriteEnv, column: string, value: SqlValue): { text: string; params: SqlValue[] } {
  return typeof value === 'string' ? env.dialect.equals(column, value) : { text: `${column} = ?`, params: [value] };
}

/** The scope of the other versions a value is compared with: published, same locale, other documents. */
function otherPublished(meta: ContentTypeMeta, documentId: string, locale: string | null): { text: string; params: SqlValue[] } {
  const conds = ['p.document_id <> ?'];
  const params: SqlValue[] = [documentId];
  if (meta.draftAndPublish) conds.push('p.is_draft = FALSE');
  if (meta.localized) conds.push('p.locale = ?'), params.push(locale);
  return { text: conds.join(' AND '), params };
}

/** Whether another published version holds `probe.value` at the same path (a component path, or the zone's own entries). */
async function heldElsewhere(env: WriteEnv, meta: ContentTypeMeta, key: { documentId: string; locale: string | null }, probe: Probe): Promise<boolean> {
  const q = env.dialect.quote;
  const joins: string[] = [];
  const params: SqlValue[] = [];
  let ownerUid = meta.uid;
  let ownerAlias = 'p';
  // In a zone Strapi looks for the zone's entries of the value's component; elsewhere it follows the path.
  const steps = probe.context.zone ? [{ field: probe.context.pathToComponent[0], uid: probe.node.uid }] : componentSteps(env.schema, meta, probe.context.pathToComponent);
  steps.forEach((step, i) => {
    const alias = `c${i}`;
    joins.push(`JOIN ${q(component(env.schema, step.uid).table)} ${alias} ON ${alias}.owner_type = ? AND ${alias}.owner_field = ? AND ${alias}.owner_id = ${ownerAlias}.id`);
    params.push(ownerUid, step.field);
    ownerUid = step.uid;
    ownerAlias = alias;
  });
  const column = component(env.schema, probe.node.uid).attributes[probe.attribute];
  if (column?.kind !== 'scalar') return false;
  const same = sameValue(env, `${ownerAlias}.${q(column.column)}`, probe.value);
  const scope = otherPublished(meta, key.documentId, key.locale);
  const rows = await env.tx.query(`SELECT 1 AS hit FROM ${q(meta.table)} p ${joins.join(' ')} WHERE ${same.text} AND ${scope.text} LIMIT 1`, [...params, ...same.params, ...scope.params]);
  return rows.length > 0;
}

/** The component uid at each step of a path of attribute names from the content type. */
function componentSteps(schema: SchemaMeta, meta: ContentTypeMeta, names: string[]): { field: string; uid: string }[] {
  const steps: { field: string; uid: string }[] = [];
  let attributes: Record<string, Attribute> = meta.attributes;
  for (const field of names) {
    const attr = attributes[field];
    if (attr?.kind !== 'component') throw new Error(`cms-gen: ${field} is not a component attribute of ${meta.uid}`);
    steps.push({ field, uid: attr.component });
    attributes = component(schema, attr.component).attributes;
  }
  return steps;
}

async function clashes(env: WriteEnv, meta: ContentTypeMeta, key: { documentId: string; locale: string | null }, probe: Probe): Promise<boolean> {
  const { context, value, attribute, node } = probe;
  if (context.zone) {
    const twice = context.zone.filter((entry) => entry.uid === node.uid && entry.scalars.get(attribute) === value).length > 1;
    return twice || heldElsewhere(env, meta, key, probe);
  }
  if (context.repeatable.length > 0) {
    const below = context.pathToComponent.slice(1);
    if (context.repeatable.filter((item) => valueAt(item, below, attribute) === value).length > 1) return true;
  }
  return heldElsewhere(env, meta, key, probe);
}

/**
 * The unique clashes of the components a version of the document `key` holds once published:
 * the plan's values where it sends them, else the row `source.rowId`'s. Empty for types without
 * unique component attributes (no query then).
 */
export async function componentUniqueIssues(env: WriteEnv, meta: ContentTypeMeta, key: { documentId: string; locale: string | null }, source: ComponentSource): Promise<ValidationIssue[]> {
  const holders = uniqueHolders(env.schema, meta);
  if (holders.length === 0) return [];
  const probes: Probe[] = [];
  for (const attr of holders) {
    let value: Node | Node[] | null;
    if (source.plan?.components.has(attr.name)) value = nodesFromPlan(env.schema, source.plan.components.get(attr.name) ?? null);
    else if (source.rowId !== undefined) {
      const rows = await nodesFromRows(env, { uid: meta.uid, id: source.rowId }, attr.name, attr.kind === 'component' ? [attr.component] : attr.components);
      value = attr.kind === 'component' && !attr.repeatable ? (rows[0] ?? null) : rows;
    } else continue;
    if (value === null) continue;
    const base = { pathToComponent: [attr.name], repeatable: [] as Node[] };
    if (attr.kind === 'dynamiczone') {
      const zone = value as Node[];
      zone.forEach((entry, i) => probesOf(env.schema, entry, { ...base, path: [attr.name, i], zone }, probes));
    } else if (Array.isArray(value)) value.forEach((entry, i) => probesOf(env.schema, entry, { ...base, path: [attr.name, i], repeatable: value }, probes));
    else probesOf(env.schema, value, { ...base, path: [attr.name] }, probes);
  }
  const issues: ValidationIssue[] = [];
  for (const probe of probes) {
    if (await clashes(env, meta, key, probe)) {
      issues.push({ path: [...probe.context.path.map(String), probe.attribute], message: UNIQUE_MESSAGE, name: 'ValidationError', value: probe.value });
    }
  }
  return issues;
}
