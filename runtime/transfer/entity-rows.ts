// One archive entity (a row of a content type, its components nested) → the app's rows: the
// content-type row with its original id, documentId, locale, publication state and timestamps, and
// one row per component (original ids too, so links and media that point at components still find
// them), owned by (owner_type, owner_id, owner_field, position).
import type { Attribute, ComponentMeta, ContentTypeMeta, Db, EntityRecord, JsonValue, SchemaMeta, SqlValue } from './runtime-deps';
import { encodeValue } from './runtime-deps';
import type { RowSink } from './row-batch';

export interface EntityContext {
  db: Db;
  schema: SchemaMeta;
  /** Attributes the import writes, per uid (schema comparison). */
  importable: Map<string, Set<string>>;
  batch: RowSink;
  /** Rows written, per table (the report's counts). */
  written: Map<string, number>;
}

type Owner = { uid: string; id: number };

function count(ctx: EntityContext, table: string): void {
  ctx.written.set(table, (ctx.written.get(table) ?? 0) + 1);
}

function isObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveId(value: unknown, what: string): number {
  const id = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`${what}: id ${JSON.stringify(value)} is not a positive integer`);
  return id;
}

/** Scalar columns of `model` from `data`, for the attributes the import writes. */
function scalarColumns(ctx: EntityContext, uid: string, model: ContentTypeMeta | ComponentMeta, data: Record<string, JsonValue | undefined>, row: Map<string, SqlValue>): void {
  const allowed = ctx.importable.get(uid);
  for (const attribute of Object.values(model.attributes)) {
    if (attribute.kind !== 'scalar' || !allowed?.has(attribute.name)) continue;
    const value = data[attribute.name];
    if (value === undefined) continue;
    row.set(attribute.column, encodeValue(attribute.type, value, ctx.db.dialect));
  }
}

async function writeComponents(ctx: EntityContext, ownerModel: ContentTypeMeta | ComponentMeta, owner: Owner, data: Record<string, JsonValue | undefined>): Promise<void> {
  const allowed = ctx.importable.get(owner.uid);
  for (const attribute of Object.values(ownerModel.attributes) as Attribute[]) {
    if ((attribute.kind !== 'component' && attribute.kind !== 'dynamiczone') || !allowed?.has(attribute.name)) continue;
    const value = data[attribute.name];
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (!isObject(item)) throw new Error(`${owner.uid} ${owner.id}.${attribute.name}: a component entry is not an object`);
      const uid = attribute.kind === 'component' ? attribute.component : String(item.__component ?? '');
      if (attribute.kind === 'dynamiczone' && !attribute.components.includes(uid)) {
        if (!ctx.importable.has(uid)) continue; // a component the app lacks (reported by the comparison)
        throw new Error(`${owner.uid} ${owner.id}.${attribute.name}: ${uid} is not allowed in this dynamic zone`);
      }
      const model = ctx.schema.components[uid];
      if (!model || !ctx.importable.has(uid)) continue;
      const id = positiveId(item.id, `${uid} in ${owner.uid} ${owner.id}.${attribute.name}`);
      const row = new Map<string, SqlValue>([
        ['id', id],
        ['owner_type', owner.uid],
        ['owner_id', owner.id],
        ['owner_field', attribute.name],
        ['position', i + 1],
      ]);
      scalarColumns(ctx, uid, model, item, row);
      await ctx.batch.add(model.table, row);
      count(ctx, model.table);
      await writeComponents(ctx, model, { uid, id }, item);
    }
  }
}

/** Writes one entity; false when the app does not import its type. */
export async function writeEntity(ctx: EntityContext, entity: EntityRecord): Promise<boolean> {
  const meta = ctx.schema.contentTypes[entity.type];
  if (!meta || !ctx.importable.has(entity.type)) return false;
  const data = entity.data;
  const id = positiveId(entity.id, entity.type);
  if (typeof data.documentId !== 'string' || data.documentId === '') throw new Error(`${entity.type} ${id}: no documentId`);
  const dialect = ctx.db.dialect;
  const createdAt = data.createdAt ?? new Date().toISOString();
  const publishedAt = data.publishedAt ?? null;
  // Types without draft & publish have one row, always published (docs/architecture.md).
  const isDraft = meta.draftAndPublish ? publishedAt === null : false;
  const row = new Map<string, SqlValue>([
    ['id', id],
    ['document_id', data.documentId],
    ['created_at', encodeValue('datetime', createdAt, dialect)],
    ['updated_at', encodeValue('datetime', data.updatedAt ?? createdAt, dialect)],
    ['published_at', encodeValue('datetime', meta.draftAndPublish ? publishedAt : (publishedAt ?? createdAt), dialect)],
    ['is_draft', encodeValue('boolean', isDraft, dialect)],
  ]);
  if (meta.localized) row.set('locale', data.locale ?? null);
  scalarColumns(ctx, entity.type, meta, data, row);
  await ctx.batch.add(meta.table, row);
  count(ctx, meta.table);
  await writeComponents(ctx, meta, { uid: entity.type, id }, data);
  return true;
}
