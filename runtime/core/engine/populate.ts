// Population: for each populated attribute, one statement loads the related rows of every parent
// at once (`... WHERE parent IN (...)`), then the rows are grouped back onto their parents and the
// next level runs on the loaded children. The number of statements depends on the populate tree,
// never on the number of parents (no N+1).
import type { Row } from '@cms-gen/db/types';
import type { ComponentAttribute, DynamicZoneAttribute, MediaAttribute, RelationAttribute } from '../model/types';
import type { PopulateMap, PopulateNode } from '../query/ast';
import { join, sql, type Sql } from '../sql/fragment';
import type { QueryContext } from '../sql/query-context';
import { versionJoinCondition, withLinkVersions } from '../sql/versions';
import type { Loaded, ReadEnv, Values } from './read-env';
import { applyFileOutput } from './file-output';
import { populateFileRelated } from './file-related';
import { populateMorph } from './morph-populate';
import { attach, extraTargetColumns, filterClause, groupRows, loadedFrom, orderBy, queryInChunks, relationTargetFields, targetFields, unique } from './populate-rows';
import { attributeOf, componentShape, contentTypeShape, FILE_UID, owningSide, type Shape } from '../model/schema-index';
import { selectList, type SelectedField } from './select';
import type { Document } from './types';

export type { Loaded, Values } from './read-env';

export async function populate(env: ReadEnv, parents: Loaded[], map: PopulateMap, shape: Shape, ctx: QueryContext): Promise<void> {
  if (parents.length === 0) return;
  // Populated attributes come after the scalars, in the order the request named them (`*` names
  // them in schema order, localizations last), dynamic zones after the rest, as Strapi writes them.
  const isZone = (name: string) => attributeOf(shape, name)?.kind === 'dynamiczone';
  const names = [...Object.keys(map).filter((name) => !isZone(name)), ...Object.keys(map).filter(isZone)];
  // Attributes of one level are independent: load them concurrently, then assign in order.
  const values = await Promise.all(names.map((name) => populateAttribute(env, parents, name, map[name], shape, ctx)));
  names.forEach((name, i) => parents.forEach((parent, j) => (parent.doc[name] = values[i][j])));
}

async function populateAttribute(env: ReadEnv, parents: Loaded[], name: string, node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  if (name === 'localizations' && shape.kind === 'contentType' && shape.meta.localized) {
    return populateLocalizations(env, parents, node, shape, ctx);
  }
  if (name === 'related' && shape.uid === FILE_UID && node.relatedTypes) return populateFileRelated(env, parents, node, ctx);
  const attribute = attributeOf(shape, name);
  if (!attribute) throw new Error(`populate: unknown attribute ${name}`);
  switch (attribute.kind) {
    case 'relation':
      if (node.count) return countRelation(env, parents, attribute, node, shape, ctx);
      return attribute.owner
        ? populateOwnedRelation(env, parents, attribute, node, ctx)
        : populateInverseRelation(env, parents, attribute, node, shape, ctx);
    case 'morph':
      return populateMorph(env, parents, attribute, node, shape, ctx, populateChildren);
    case 'component':
      if (node.count) return countComponent(env, parents, attribute, shape);
      return populateComponent(env, parents, attribute, node, shape, ctx);
    case 'dynamiczone':
      return populateDynamicZone(env, parents, attribute, node, shape, ctx);
    case 'media':
      return populateMedia(env, parents, attribute, node, shape, ctx);
    case 'scalar':
      throw new Error(`populate: ${name} is a scalar`);
  }
}

export async function populateChildren(env: ReadEnv, children: Loaded[], node: PopulateNode, target: Shape, ctx: QueryContext): Promise<void> {
  if (!node.populate || children.length === 0) return;
  // The same target row may sit under several parents: populate each row once.
  const byId = new Map<number, Loaded>();
  for (const child of children) if (!byId.has(child.id)) byId.set(child.id, child);
  const distinct = [...byId.values()];
  await populate(env, distinct, node.populate, target, ctx);
  for (const child of children) {
    const first = byId.get(child.id);
    if (first && first !== child) Object.assign(child.doc, pick(first.doc, Object.keys(node.populate)));
  }
}

const pick = (doc: Document, keys: string[]): Document => Object.fromEntries(keys.map((k) => [k, doc[k]]));

async function populateOwnedRelation(env: ReadEnv, parents: Loaded[], attribute: RelationAttribute, node: PopulateNode, ctx: QueryContext): Promise<Values> {
  const target = contentTypeShape(env.schema, attribute.target);
  const fields = relationTargetFields(target, node);
  const q = env.dialect.quote;
  const build = (ids: Sql): Sql =>
    join(
      [
        sql(`SELECT l.source_id AS __parent, ${selectList(fields, 'r', env.dialect)}${extraTargetColumns(target, 'r')} FROM ${q(attribute.linkTable)} l JOIN ${q(target.meta.table)} r ON `),
        withLinkVersions(versionJoinCondition(target, 'r', 'l.target_document_id', 'l.target_locale', ctx, 'visible'), attribute, 'l', ctx),
        sql(` WHERE l.source_id IN (${ids.text})`, ids.params),
        filterClause(node, target, 'r', ctx),
        orderBy(node, target, 'r', ctx, 'l.source_id, l.position, l.id'),
      ],
      '',
    );
  // Without filters, sort or publication filter the text depends on the target's fields, the link
  // table, the version read and the number of parents only (the link table names the attribute).
  const plain = !node.filters && !(node.sort && node.sort.length > 0) && ctx.publicationFilter === undefined;
  const rows = await queryInChunks(
    env,
    unique(parents.map((p) => p.id)),
    plain ? (ids) => keptStatement(relationStatements, fields, `${env.dialect.name}:${ctx.status}:${attribute.linkTable}:${ids.params.length}`, ids, build) : build,
  );
  const { children, groups } = groupRows(rows, fields, (row) => String(row.__parent));
  await populateChildren(env, children, node, target, ctx);
  return attach(parents, (p) => String(p.id), groups, attribute.toMany);
}

async function populateInverseRelation(env: ReadEnv, parents: Loaded[], attribute: RelationAttribute, node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  const owner = owningSide(env.schema, shape.uid, attribute);
  const target = contentTypeShape(env.schema, owner.uid);
  const fields = relationTargetFields(target, node);
  const q = env.dialect.quote;
  const parentLocalized = shape.kind === 'contentType' && shape.meta.localized;
  const keyOf = (documentId: unknown, locale: unknown) => (parentLocalized ? `${String(documentId)}\u0000${String(locale)}` : String(documentId));
  const status = withLinkVersions(ctx.visibleCondition(target, 'r'), owner.attr, 'l', ctx);
  const rows = await queryInChunks(env, unique(parents.map((p) => p.documentId ?? '')), (docIds) =>
    join(
      [
        sql(
          `SELECT l.target_document_id AS __parent, l.target_locale AS __parent_locale, ${selectList(fields, 'r', env.dialect)}${extraTargetColumns(target, 'r')} FROM ${q(owner.attr.linkTable)} l JOIN ${q(target.meta.table)} r ON r.id = l.source_id AND `,
        ),
        status,
        sql(` WHERE l.target_document_id IN (${docIds.text})`, docIds.params),
        filterClause(node, target, 'r', ctx),
        orderBy(node, target, 'r', ctx, 'l.target_document_id, l.inverse_position, l.id'),
      ],
      '',
    ),
  );
  const { children, groups } = groupRows(rows, fields, (row) => keyOf(row.__parent, row.__parent_locale));
  await populateChildren(env, children, node, target, ctx);
  return attach(parents, (p) => keyOf(p.documentId, p.locale), groups, attribute.toMany);
}

/** Kept statement texts per selected-field list (the cached arrays of selectedFields: one per target and `fields`), then per key. */
type TextCache<T> = WeakMap<readonly SelectedField[], Map<string, T>>;

/**
 * The texts kept for `fields`. A key holds what else goes into a text (dialect, number of parents,
 * version read, link table); the keys of a field list are few, bounded all the same.
 */
function keptTexts<T>(cache: TextCache<T>, fields: readonly SelectedField[]): Map<string, T> {
  let texts = cache.get(fields);
  if (!texts) cache.set(fields, (texts = new Map()));
  if (texts.size >= 64) texts.clear();
  return texts;
}

/**
 * Statement texts of the component and media steps without filters or sort: building one took a
 * dozen fragments and a new string per step, which the statement cache then hashed again (a deep
 * get-one runs eight such steps).
 */
const componentStatements: TextCache<string> = new WeakMap();
const mediaStatements: TextCache<string> = new WeakMap();

/** The kept text for `fields` and `key`, or the one `build` gives (then kept). */
function statementText(cache: TextCache<string>, fields: readonly SelectedField[], key: string, build: () => string): string {
  const texts = keptTexts(cache, fields);
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = build()));
  return text;
}

/** Owned-relation texts; null marks a text whose parameters are not the ids alone (built each time). */
const relationStatements: TextCache<string | null> = new WeakMap();

/**
 * The statement `build` gives for `ids`, its text kept under `fields` and `key`. Kept only when the
 * statement's parameters are the ids alone, so the kept text is always run with the parameters it
 * was built with.
 */
function keptStatement(cache: TextCache<string | null>, fields: readonly SelectedField[], key: string, ids: Sql, build: (ids: Sql) => Sql): Sql {
  const texts = keptTexts(cache, fields);
  const text = texts.get(key);
  if (typeof text === 'string') return { text, params: ids.params };
  const statement = build(ids);
  if (text === undefined) texts.set(key, sameValues(statement.params, ids.params) ? statement.text : null);
  return statement;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Component rows owned by the parents under one field, in stored order. */
async function loadComponentRows(env: ReadEnv, parents: Loaded[], ownerUid: string, field: string, target: Shape, node: PopulateNode, ctx: QueryContext): Promise<{ rows: Row[]; fields: SelectedField[] }> {
  const fields = targetFields(target, node);
  if (!node.filters && !(node.sort && node.sort.length > 0)) {
    // Stored order, as the general statement below orders them without a sort.
    const rows = await queryInChunks(env, unique(parents.map((p) => p.id)), (ids) => ({
      text: statementText(componentStatements, fields, `${env.dialect.name}:${ids.params.length}`, () =>
        `SELECT c.owner_id AS __parent, c.position AS __position, ${selectList(fields, 'c', env.dialect)} FROM ${env.dialect.quote(target.meta.table)} c WHERE c.owner_type = ? AND c.owner_field = ? AND c.owner_id IN (${ids.text}) ORDER BY c.owner_id, c.position, c.id`,
      ),
      params: [ownerUid, field, ...ids.params],
    }));
    return { rows, fields };
  }
  // Repeatable components keep their stored order unless the populate sorts them.
  const rows = await queryInChunks(env, unique(parents.map((p) => p.id)), (ids) =>
    join(
      [
        sql(
          `SELECT c.owner_id AS __parent, c.position AS __position, ${selectList(fields, 'c', env.dialect)} FROM ${env.dialect.quote(target.meta.table)} c WHERE c.owner_type = ? AND c.owner_field = ? AND c.owner_id IN (${ids.text})`,
          [ownerUid, field, ...ids.params],
        ),
        filterClause(node, target, 'c', ctx),
        orderBy(node, target, 'c', ctx, 'c.owner_id, c.position, c.id'),
      ],
      '',
    ),
  );
  return { rows, fields };
}

/** `populate[seo][count]=true`: `{ count }` of the component rows per parent (0 or 1 unless repeatable), as in Strapi. */
async function countComponent(env: ReadEnv, parents: Loaded[], attribute: ComponentAttribute, shape: Shape): Promise<Values> {
  const target = componentShape(env.schema, attribute.component);
  const rows = await queryInChunks(env, unique(parents.map((p) => p.id)), (ids) =>
    sql(
      `SELECT c.owner_id AS __parent, COUNT(*) AS c FROM ${env.dialect.quote(target.meta.table)} c WHERE c.owner_type = ? AND c.owner_field = ? AND c.owner_id IN (${ids.text}) GROUP BY c.owner_id`,
      [shape.uid, attribute.name, ...ids.params],
    ),
  );
  const counts = new Map(rows.map((row) => [String(row.__parent), Number(row.c)]));
  return parents.map((p) => ({ count: counts.get(String(p.id)) ?? 0 }));
}

async function populateComponent(env: ReadEnv, parents: Loaded[], attribute: ComponentAttribute, node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  const target = componentShape(env.schema, attribute.component);
  const { rows, fields } = await loadComponentRows(env, parents, shape.uid, attribute.name, target, node, ctx);
  const { children, groups } = groupRows(rows, fields, (row) => String(row.__parent));
  await populateChildren(env, children, node, target, ctx);
  return attach(parents, (p) => String(p.id), groups, attribute.repeatable);
}

async function populateDynamicZone(env: ReadEnv, parents: Loaded[], attribute: DynamicZoneAttribute, node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  const entries = new Map<string, { position: number; id: number; child: Loaded }[]>();
  // With an explicit `on`, entries of the components it does not name are left out.
  const components = node.onlyNamed ? attribute.components.filter((uid) => node.on?.[uid] !== undefined) : attribute.components;
  await Promise.all(
    components.map(async (uid) => {
      const target = componentShape(env.schema, uid);
      // Components not named under `on` return their scalar fields only.
      const componentNode: PopulateNode = node.on?.[uid] ?? {};
      const { rows, fields } = await loadComponentRows(env, parents, shape.uid, attribute.name, target, componentNode, ctx);
      const children = rows.map((row) => loadedFrom(row, fields));
      await populateChildren(env, children, componentNode, target, ctx);
      rows.forEach((row, i) => {
        const child = children[i];
        child.doc.__component = uid;
        const key = String(row.__parent);
        const list = entries.get(key) ?? [];
        list.push({ position: Number(row.__position), id: child.id, child });
        entries.set(key, list);
      });
    }),
  );
  return parents.map((parent) => {
    const list = entries.get(String(parent.id)) ?? [];
    list.sort((a, b) => a.position - b.position || a.id - b.id);
    // `__component` goes last, after the component's own fields and populated attributes: it is
    // set above once the entry's populate is done, so the document already has that key order.
    return list.map(({ child }) => child.doc);
  });
}

async function populateMedia(env: ReadEnv, parents: Loaded[], attribute: MediaAttribute, node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  const target = contentTypeShape(env.schema, FILE_UID);
  const fields = targetFields(target, node);
  const q = env.dialect.quote;
  const rows = await queryInChunks(env, unique(parents.map((p) => p.id)), (ids) =>
    sql(
      statementText(mediaStatements, fields, `${env.dialect.name}:${ids.params.length}`, () =>
        `SELECT fr.related_id AS __parent, ${selectList(fields, 'f', env.dialect)} FROM ${q('files_related')} fr JOIN ${q(target.meta.table)} f ON f.id = fr.file_id WHERE fr.related_type = ? AND fr.field = ? AND fr.related_id IN (${ids.text}) ORDER BY fr.related_id, fr.position, fr.id`,
      ),
      [shape.uid, attribute.name, ...ids.params],
    ),
  );
  const { children, groups } = groupRows(rows, fields, (row) => String(row.__parent));
  await populateChildren(env, children, node, target, ctx);
  await applyFileOutput(env, target, children.map((c) => c.doc));
  return attach(parents, (p) => String(p.id), groups, attribute.multiple);
}

async function populateLocalizations(env: ReadEnv, parents: Loaded[], node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  const fields = targetFields(shape, node);
  const status = ctx.visibleCondition(shape, 'r');
  const rows = await queryInChunks(env, unique(parents.map((p) => p.documentId ?? '')), (docIds) =>
    join(
      [
        sql(`SELECT ${selectList(fields, 'r', env.dialect)}${extraTargetColumns(shape, 'r')} FROM ${env.dialect.quote(shape.meta.table)} r WHERE `),
        status,
        sql(` AND r.document_id IN (${docIds.text})`, docIds.params),
        filterClause(node, shape, 'r', ctx),
        orderBy(node, shape, 'r', ctx, 'r.locale, r.id'),
      ],
      '',
    ),
  );
  const { children, groups } = groupRows(rows, fields, (row) => String(row.__document_id));
  await populateChildren(env, children, node, shape, ctx);
  return parents.map((parent) => (groups.get(parent.documentId ?? '') ?? []).filter((c) => c.locale !== parent.locale).map((c) => c.doc));
}

/** `populate[rel][count]=true`: `{ count }` of the related documents the reader sees, per parent. */
async function countRelation(env: ReadEnv, parents: Loaded[], attribute: RelationAttribute, node: PopulateNode, shape: Shape, ctx: QueryContext): Promise<Values> {
  const q = env.dialect.quote;
  const counts = new Map<string, number>();
  if (attribute.owner) {
    const target = contentTypeShape(env.schema, attribute.target);
    const versions = withLinkVersions(versionJoinCondition(target, 'r', 'l.target_document_id', 'l.target_locale', ctx, 'visible'), attribute, 'l', ctx);
    const rows = await queryInChunks(env, unique(parents.map((p) => p.id)), (ids) =>
      join(
        [
          sql(`SELECT l.source_id AS __parent, COUNT(*) AS c FROM ${q(attribute.linkTable)} l JOIN ${q(target.meta.table)} r ON `),
          versions,
          sql(` WHERE l.source_id IN (${ids.text})`, ids.params),
          filterClause(node, target, 'r', ctx),
          sql(' GROUP BY l.source_id'),
        ],
        '',
      ),
    );
    for (const row of rows) counts.set(String(row.__parent), Number(row.c));
    return parents.map((p) => ({ count: counts.get(String(p.id)) ?? 0 }));
  }
  const owner = owningSide(env.schema, shape.uid, attribute);
  const target = contentTypeShape(env.schema, owner.uid);
  const parentLocalized = shape.kind === 'contentType' && shape.meta.localized;
  const keyOf = (documentId: unknown, locale: unknown) => (parentLocalized ? `${String(documentId)}\u0000${String(locale)}` : String(documentId));
  const rows = await queryInChunks(env, unique(parents.map((p) => p.documentId ?? '')), (docIds) =>
    join(
      [
        sql(`SELECT l.target_document_id AS __parent, l.target_locale AS __parent_locale, COUNT(*) AS c FROM ${q(owner.attr.linkTable)} l JOIN ${q(target.meta.table)} r ON r.id = l.source_id AND `),
        withLinkVersions(ctx.visibleCondition(target, 'r'), owner.attr, 'l', ctx),
        sql(` WHERE l.target_document_id IN (${docIds.text})`, docIds.params),
        filterClause(node, target, 'r', ctx),
        sql(' GROUP BY l.target_document_id, l.target_locale'),
      ],
      '',
    ),
  );
  for (const row of rows) {
    const key = keyOf(row.__parent, row.__parent_locale);
    counts.set(key, (counts.get(key) ?? 0) + Number(row.c));
  }
  return parents.map((p) => ({ count: counts.get(keyOf(p.documentId, p.locale)) ?? 0 }));
}
