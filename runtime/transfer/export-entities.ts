// The app's rows as archive entities: every content-type row (each version of each document) in id
// order, a page at a time, with its components nested as Strapi nests them (each with its row id,
// `__component` in a dynamic zone). Memory holds one page and its components.
import { isExportedAttribute } from './export-schemas';
import { decodeValue, dialectFor, type Attribute, type ComponentMeta, type ContentTypeMeta, type Db, type EntityRecord, type JsonValue, type Row, type SchemaMeta } from './runtime-deps';

const PAGE = 500;

type Item = Record<string, JsonValue>;

function selectList(db: Db, model: ContentTypeMeta | ComponentMeta, extra: string[]): string {
  const d = dialectFor(db.dialect);
  const columns = [...extra];
  for (const attribute of Object.values(model.attributes)) {
    if (attribute.kind !== 'scalar') continue;
    columns.push(attribute.type === 'biginteger' ? `${d.selectBigint(d.quote(attribute.column))} AS ${d.quote(attribute.column)}` : d.quote(attribute.column));
  }
  return columns.join(', ');
}

function scalars(uid: string, model: ContentTypeMeta | ComponentMeta, row: Row, out: Item): void {
  for (const attribute of Object.values(model.attributes)) {
    if (attribute.kind !== 'scalar' || !isExportedAttribute(uid, attribute.name)) continue;
    out[attribute.name] = decodeValue(attribute.type, row[attribute.column]) as JsonValue;
  }
}

const componentAttributes = (model: ContentTypeMeta | ComponentMeta): Attribute[] =>
  Object.values(model.attributes).filter((a) => a.kind === 'component' || a.kind === 'dynamiczone');

/**
 * Fills the component attributes of `owners` (rows of `ownerUid` by id): one query per component
 * table and attribute, then the same for the components found (nested ones).
 */
async function nestComponents(db: Db, schema: SchemaMeta, ownerUid: string, ownerModel: ContentTypeMeta | ComponentMeta, owners: Map<number, Item>): Promise<void> {
  const attributes = componentAttributes(ownerModel);
  if (attributes.length === 0 || owners.size === 0) return;
  const q = dialectFor(db.dialect).quote;
  const ids = [...owners.keys()];
  for (const attribute of attributes) {
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    const entries = new Map<number, { position: number; id: number; uid: string; item: Item }[]>();
    for (const uid of uids) {
      const model = schema.components[uid];
      if (!model) continue;
      const found = new Map<number, Item>();
      for (let i = 0; i < ids.length; i += PAGE) {
        const chunk = ids.slice(i, i + PAGE);
        const rows = await db.query(
          `SELECT ${selectList(db, model, ['id', 'owner_id', 'position'])} FROM ${q(model.table)} WHERE owner_type = ? AND owner_field = ? AND owner_id IN (${chunk.map(() => '?').join(', ')}) ORDER BY owner_id, position, id`,
          [ownerUid, attribute.name, ...chunk],
        );
        for (const row of rows) {
          const id = Number(row.id);
          const item: Item = { id };
          scalars(uid, model, row, item);
          found.set(id, item);
          const list = entries.get(Number(row.owner_id)) ?? [];
          list.push({ position: Number(row.position), id, uid, item });
          entries.set(Number(row.owner_id), list);
        }
      }
      await nestComponents(db, schema, uid, model, found);
    }
    for (const [ownerId, owner] of owners) {
      const list = (entries.get(ownerId) ?? []).sort((a, b) => a.position - b.position || a.id - b.id);
      if (attribute.kind === 'dynamiczone') owner[attribute.name] = list.map((e) => ({ ...e.item, __component: e.uid }));
      else if (attribute.kind === 'component' && attribute.repeatable) owner[attribute.name] = list.map((e) => e.item);
      else owner[attribute.name] = list[0]?.item ?? null;
    }
  }
}

/** Entities of one content type, in id order. */
export async function* contentTypeEntities(db: Db, schema: SchemaMeta, meta: ContentTypeMeta): AsyncGenerator<EntityRecord> {
  const q = dialectFor(db.dialect).quote;
  const system = ['id', 'document_id', 'created_at', 'updated_at', 'published_at', ...(meta.localized ? ['locale'] : [])];
  let after = 0;
  for (;;) {
    const rows = await db.query(`SELECT ${selectList(db, meta, system)} FROM ${q(meta.table)} WHERE id > ? ORDER BY id LIMIT ${PAGE}`, [after]);
    if (rows.length === 0) return;
    const page = new Map<number, Item>();
    for (const row of rows) {
      const data: Item = { documentId: String(row.document_id) };
      scalars(meta.uid, meta, row, data);
      data.createdAt = decodeValue('datetime', row.created_at) as string;
      data.updatedAt = decodeValue('datetime', row.updated_at) as string;
      data.publishedAt = decodeValue('datetime', row.published_at) as string | null;
      data.locale = meta.localized ? ((row.locale as string | null) ?? null) : null;
      page.set(Number(row.id), data);
    }
    await nestComponents(db, schema, meta.uid, meta, page);
    for (const [id, data] of page) yield { type: meta.uid, id, data };
    after = Number(rows[rows.length - 1].id);
    if (rows.length < PAGE) return;
  }
}
