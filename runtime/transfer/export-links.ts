// The app's link rows as archive links, from the owning side as Strapi writes them. The app links an
// owner row to a target *document*; Strapi links rows, so each link names the target row the owner's
// version sees: a draft owner the target's draft, a published owner its published version. An owner
// that has one row for both versions (no draft & publish, or a component) links to each version of
// a draft & publish target, as Strapi keeps them; `target_is_draft` narrows that when set.
import { MEDIA_MORPH } from './schema-compare';
import { dialectFor, LINK_TARGET_IS_DRAFT, type ComponentMeta, type ContentTypeMeta, type Db, type LinkRecord, type MorphAttribute, type RelationAttribute, type SchemaMeta, type SqlValue } from './runtime-deps';

const PAGE = 1000;

/** Pages through a query ordered by `l.id` (keyset on the link id). */
async function* pages(db: Db, text: (after: string) => string, params: SqlValue[]): AsyncGenerator<Record<string, unknown>> {
  let after = 0;
  for (;;) {
    const rows = await db.query(`${text('l.id > ?')} ORDER BY l.id LIMIT ${PAGE}`, [...params, after]);
    for (const row of rows) yield row;
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1].link_id);
  }
}

function versionCondition(owner: ContentTypeMeta | undefined, target: ContentTypeMeta, attribute: { targetVersions?: true }): string {
  if (!target.draftAndPublish) return '';
  if (owner?.draftAndPublish) return ' AND t.is_draft = s.is_draft';
  if (attribute.targetVersions) return ` AND (l.${LINK_TARGET_IS_DRAFT} IS NULL OR l.${LINK_TARGET_IS_DRAFT} = t.is_draft)`;
  return '';
}

const TO_MANY = new Set(['oneToMany', 'manyToMany', 'manyWay']);

async function* relationLinks(db: Db, schema: SchemaMeta, ownerUid: string, ownerModel: ContentTypeMeta | ComponentMeta, attribute: RelationAttribute): AsyncGenerator<LinkRecord> {
  const q = dialectFor(db.dialect).quote;
  const target = schema.contentTypes[attribute.target];
  if (!target) return;
  const ownerMeta = schema.contentTypes[ownerUid];
  const locale = target.localized ? ' AND t.locale = l.target_locale' : '';
  const inverse = attribute.inverse ? target.attributes[attribute.inverse] : undefined;
  const ownerOrdered = TO_MANY.has(attribute.relation);
  const inverseOrdered = inverse?.kind === 'relation' && inverse.toMany;
  const sql = (cursor: string) =>
    `SELECT l.id AS link_id, l.source_id, l.position, l.inverse_position, t.id AS target_id FROM ${q(attribute.linkTable)} l JOIN ${q(ownerModel.table)} s ON s.id = l.source_id JOIN ${q(target.table)} t ON t.document_id = l.target_document_id${locale}${versionCondition(ownerMeta, target, attribute)} WHERE ${cursor}`;
  for await (const row of pages(db, sql, [])) {
    yield {
      kind: attribute.target === ownerUid ? 'relation.circular' : 'relation.basic',
      relation: attribute.relation,
      left: { type: ownerUid, field: attribute.name, ref: Number(row.source_id), ...(ownerOrdered ? { pos: Number(row.position) } : {}) },
      right: { type: attribute.target, ...(attribute.inverse ? { field: attribute.inverse } : {}), ref: Number(row.target_id), ...(inverseOrdered ? { pos: Number(row.inverse_position) } : {}) },
    };
  }
}

async function* morphLinks(db: Db, schema: SchemaMeta, ownerUid: string, ownerModel: ContentTypeMeta | ComponentMeta, attribute: MorphAttribute): AsyncGenerator<LinkRecord> {
  const q = dialectFor(db.dialect).quote;
  const ownerMeta = schema.contentTypes[ownerUid];
  for (const target of Object.values(schema.contentTypes)) {
    const locale = target.localized ? ' AND t.locale = l.target_locale' : '';
    const sql = (cursor: string) =>
      `SELECT l.id AS link_id, l.source_id, l.position, t.id AS target_id FROM ${q(attribute.linkTable)} l JOIN ${q(ownerModel.table)} s ON s.id = l.source_id JOIN ${q(target.table)} t ON t.document_id = l.target_document_id${locale}${versionCondition(ownerMeta, target, {})} WHERE l.target_type = ? AND ${cursor}`;
    for await (const row of pages(db, sql, [target.uid])) {
      yield {
        kind: 'relation.morph',
        relation: attribute.relation,
        left: { type: ownerUid, field: attribute.name, ref: Number(row.source_id), ...(attribute.toMany ? { pos: Number(row.position) } : {}) },
        right: { type: target.uid, ref: Number(row.target_id) },
      };
    }
  }
}

/** Media links (`files_related`) as the file's `related` morph links. */
async function* mediaLinks(db: Db): AsyncGenerator<LinkRecord> {
  const q = dialectFor(db.dialect).quote;
  const sql = (cursor: string) => `SELECT l.id AS link_id, l.file_id, l.related_type, l.related_id, l.field, l.position FROM ${q('files_related')} l WHERE ${cursor}`;
  for await (const row of pages(db, sql, [])) {
    yield {
      kind: 'relation.morph',
      relation: 'morphToMany',
      left: { type: MEDIA_MORPH.type, field: MEDIA_MORPH.field, ref: Number(row.file_id) },
      right: { ref: Number(row.related_id), pos: Number(row.position), type: String(row.related_type), field: String(row.field) },
    };
  }
}

/** Every link of the app: content types' and components' owning relations, morphs, media, localizations. */
export async function* appLinks(db: Db, schema: SchemaMeta, contentTypes: ContentTypeMeta[]): AsyncGenerator<LinkRecord> {
  const q = dialectFor(db.dialect).quote;
  const owners: [string, ContentTypeMeta | ComponentMeta][] = [...contentTypes.map((m) => [m.uid, m] as [string, ContentTypeMeta]), ...Object.entries(schema.components)];
  for (const [uid, model] of owners) {
    if (uid === MEDIA_MORPH.type) yield* mediaLinks(db);
    for (const attribute of Object.values(model.attributes)) {
      if (attribute.kind === 'relation' && attribute.owner) yield* relationLinks(db, schema, uid, model, attribute);
      if (attribute.kind === 'morph' && attribute.owner) yield* morphLinks(db, schema, uid, model, attribute);
    }
    // Strapi writes each row's `localizations` link (to its own documentId) as well.
    const meta = schema.contentTypes[uid];
    if (meta) {
      const sql = (cursor: string) => `SELECT l.id AS link_id, l.document_id FROM ${q(meta.table)} l WHERE ${cursor}`;
      for await (const row of pages(db, sql, [])) {
        yield { kind: 'relation.circular', relation: 'oneToMany', left: { type: uid, ref: Number(row.link_id), field: 'localizations' }, right: { type: uid, ref: String(row.document_id) } };
      }
    }
  }
}
