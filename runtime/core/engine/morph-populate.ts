// Populating a polymorphic relation (docs/architecture.md, "Morph relations"). The owning side
// (morphToOne/morphToMany) lists its linked entries, each with `__type` (its content type uid), in
// link order: one statement finds which types the parents link to, then one statement per type
// loads the versions the reader sees (like a relation: published or draft, the linked locale).
// Only types the reader may read are listed (node.morphTypes, from validation). The inverse side
// (morphOne/morphMany) lists the owners whose links point at the parent, like an inverse relation.
import type { Row } from '@cms-gen/db/types';
import type { MorphAttribute } from '../model/types';
import type { PopulateNode } from '../query/ast';
import { join, placeholders, sql } from '../sql/fragment';
import type { QueryContext } from '../sql/query-context';
import { versionJoinCondition } from '../sql/versions';
import { attach, extraTargetColumns, filterClause, groupRows, orderBy, queryInChunks, targetFields, unique } from './populate-rows';
import type { Loaded, PopulateChildren, ReadEnv, Values } from './read-env';
import { contentTypeShape, type Shape } from '../model/schema-index';
import { selectList, type SelectedField } from './select';
import type { Document } from './types';

export async function populateMorph(env: ReadEnv, parents: Loaded[], attribute: MorphAttribute, node: PopulateNode, shape: Shape, ctx: QueryContext, populateChildren: PopulateChildren): Promise<Values> {
  const values = attribute.owner
    ? await populateMorphOwner(env, parents, attribute, node, ctx, populateChildren)
    : await populateMorphInverse(env, parents, attribute, node, shape, ctx, populateChildren);
  // `count: true`: the entries the reader would be listed (few per parent; loaded, then counted).
  return node.count ? values.map((v) => ({ count: Array.isArray(v) ? v.length : v === null ? 0 : 1 })) : values;
}

interface Entry {
  parent: number;
  position: number;
  link: number;
  doc: Document;
}

async function populateMorphOwner(env: ReadEnv, parents: Loaded[], attribute: MorphAttribute, node: PopulateNode, ctx: QueryContext, populateChildren: PopulateChildren): Promise<Values> {
  const q = env.dialect.quote;
  const allowed = (node.morphTypes ?? []).filter((uid) => env.schema.contentTypes[uid] !== undefined);
  const parentIds = unique(parents.map((p) => p.id));
  if (allowed.length === 0 || parentIds.length === 0) return parents.map(() => (attribute.toMany ? [] : null));
  const allowedList = placeholders(allowed);
  const present = await queryInChunks(env, parentIds, (ids) =>
    sql(`SELECT DISTINCT l.target_type AS t FROM ${q(attribute.linkTable)} l WHERE l.source_id IN (${ids.text}) AND l.target_type IN (${allowedList.text})`, [
      ...ids.params,
      ...allowedList.params,
    ]),
  );
  const types = unique(present.map((row) => String(row.t))).sort();
  const entries: Entry[] = [];
  await Promise.all(
    types.map(async (uid) => {
      const target = contentTypeShape(env.schema, uid);
      const typeNode: PopulateNode = node.on?.[uid] ?? {};
      const fields = targetFields(target, typeNode);
      const versions = versionJoinCondition(target, 'r', 'l.target_document_id', 'l.target_locale', ctx, 'visible');
      const rows: Row[] = await queryInChunks(env, parentIds, (ids) =>
        join(
          [
            sql(`SELECT l.source_id AS __parent, l.position AS __position, l.id AS __link, ${selectColumns(env, fields, target)} FROM ${q(attribute.linkTable)} l JOIN ${q(target.meta.table)} r ON `),
            versions,
            sql(` WHERE l.target_type = ? AND l.source_id IN (${ids.text})`, [uid, ...ids.params]),
          ],
          '',
        ),
      );
      const { children } = groupRows(rows, fields, (row) => String(row.__parent));
      await populateChildren(env, children, typeNode, target, ctx);
      rows.forEach((row, i) => {
        entries.push({ parent: Number(row.__parent), position: Number(row.__position), link: Number(row.__link), doc: { ...children[i].doc, __type: uid } });
      });
    }),
  );
  const perParent = new Map<number, Entry[]>();
  for (const entry of entries) perParent.set(entry.parent, [...(perParent.get(entry.parent) ?? []), entry]);
  return parents.map((parent) => {
    const list = (perParent.get(parent.id) ?? []).sort((a, b) => a.position - b.position || a.link - b.link).map((e) => ({ ...e.doc }));
    return attribute.toMany ? list : (list[0] ?? null);
  });
}

function selectColumns(env: ReadEnv, fields: SelectedField[], target: Shape): string {
  return `${selectList(fields, 'r', env.dialect)}${extraTargetColumns(target, 'r')}`;
}

async function populateMorphInverse(
  env: ReadEnv,
  parents: Loaded[],
  attribute: MorphAttribute,
  node: PopulateNode,
  shape: Shape,
  ctx: QueryContext,
  populateChildren: PopulateChildren,
): Promise<Values> {
  const target = contentTypeShape(env.schema, attribute.ownerType ?? '');
  const fields = targetFields(target, node);
  const q = env.dialect.quote;
  const parentLocalized = shape.kind === 'contentType' && shape.meta.localized;
  const keyOf = (documentId: unknown, locale: unknown) => (parentLocalized ? `${String(documentId)}\u0000${String(locale)}` : String(documentId));
  const rows = await queryInChunks(env, unique(parents.map((p) => p.documentId ?? '')), (docIds) =>
    join(
      [
        sql(
          `SELECT l.target_document_id AS __parent, l.target_locale AS __parent_locale, ${selectColumns(env, fields, target)} FROM ${q(attribute.linkTable)} l JOIN ${q(target.meta.table)} r ON r.id = l.source_id AND `,
        ),
        ctx.visibleCondition(target, 'r'),
        sql(` WHERE l.target_type = ? AND l.target_document_id IN (${docIds.text})`, [shape.uid, ...docIds.params]),
        filterClause(node, target, 'r', ctx),
        orderBy(node, target, 'r', ctx, 'l.target_document_id, l.id'),
      ],
      '',
    ),
  );
  const { children, groups } = groupRows(rows, fields, (row) => keyOf(row.__parent, row.__parent_locale));
  await populateChildren(env, children, node, target, ctx);
  return attach(parents, (p) => keyOf(p.documentId, p.locale), groups, attribute.toMany);
}
