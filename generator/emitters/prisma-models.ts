// The tables of the storage layout (docs/architecture.md) as provider-independent Prisma models:
// one per content type, one per component, one per owning relation attribute (its link table)
// and files_related. prisma.ts turns them into each provider's schema text.
import { LINK_TARGET_IS_DRAFT, SYSTEM_COLUMNS, type Attribute, type ContentTypeMeta, type MorphAttribute, type RelationAttribute, type ScalarType, type SchemaMeta } from '../../runtime/core/model/types';
import { FILE_UID } from '../builtins';
import { compareText } from '../compare-text';
import { FILES_RELATED_TABLE } from '../storage-names';
import { backRelationField, componentModelName, contentTypeModelName, FILES_RELATED_MODEL, linkModelName, morphModelName } from './prisma-names';
import { UNINDEXABLE_TYPES } from './prisma-columns';

export interface ColumnField {
  kind: 'column';
  name: string;
  /** Value type per the dialect table; system columns use the type whose storage they share. */
  type: ScalarType;
  optional: boolean;
  primaryKey?: boolean;
  /** The column's previous name: emitted as a `/// renamed from` line the migrator reads. */
  renamedFrom?: string;
}

/** A relation field: a foreign key on a link model, or the list side on the model it points to. */
export interface RelationField {
  kind: 'relation';
  name: string;
  model: string;
  list: boolean;
  /** Set on the side holding the foreign key column. */
  foreignKey?: { column: string; onDelete: 'Cascade' };
}

export type PrismaField = ColumnField | RelationField;

export interface PrismaIndex {
  columns: { name: string; type: ScalarType }[];
  /** A unique index: the database refuses a second row with the same values (NULLs never clash). */
  unique?: boolean;
}

export interface PrismaModel {
  name: string;
  table: string;
  /** One line saying what the table holds (emitted as a `///` doc comment). */
  description: string;
  fields: PrismaField[];
  indexes: PrismaIndex[];
}

const id = (): ColumnField => ({ kind: 'column', name: 'id', type: 'integer', optional: false, primaryKey: true });
const column = (name: string, type: ScalarType, optional = false): ColumnField => ({ kind: 'column', name, type, optional });

interface LinkOwner {
  uid: string;
  model: string;
  table: string;
  attribute: RelationAttribute | MorphAttribute;
}

/** Attribute columns (every one nullable: drafts may be incomplete; the runtime enforces required). */
function attributeColumns(attributes: Record<string, Attribute>): ColumnField[] {
  return Object.values(attributes).flatMap((attr) =>
    attr.kind === 'scalar' ? [{ ...column(attr.column, attr.type, true), ...(attr.renamedFrom ? { renamedFrom: attr.renamedFrom } : {}) }] : [],
  );
}

/**
 * The version a row holds: `is_draft` is true on a draft row and false on a published one (every
 * row of a type without draft & publish). Nullable so that adding it to an existing table needs
 * no default; migrate() fills it from published_at in the same migration (version-state.ts).
 */
const DRAFT_FLAG = { name: SYSTEM_COLUMNS.isDraft, type: 'boolean' as const };

/** The scope a document's uniqueness is checked in: its locale and its publication state. */
function versionScope(ct: ContentTypeMeta): PrismaIndex['columns'] {
  return [...(ct.localized ? [{ name: SYSTEM_COLUMNS.locale, type: 'string' as const }] : []), DRAFT_FLAG];
}

/**
 * Unique attributes (and uid attributes, which Strapi checks the same way) are enforced by the
 * database per version scope: a draft and its published version hold the same value, two
 * documents in one locale and state may not. Concurrent writers cannot both pass a check-then-
 * insert this way; the loser's unique violation becomes a 400 (engine/write/constraint-errors.ts).
 */
function uniqueIndexes(ct: ContentTypeMeta): PrismaIndex[] {
  return Object.values(ct.attributes).flatMap((attr) =>
    attr.kind === 'scalar' && (attr.unique || attr.type === 'uid') && !UNINDEXABLE_TYPES.includes(attr.type)
      ? [{ columns: [{ name: attr.column, type: attr.type }, ...versionScope(ct)], unique: true }]
      : [],
  );
}

/**
 * Component attributes marked unique keep a plain lookup index: Strapi scopes their uniqueness to
 * the content type holding the component, the path in it and its published versions, which no index
 * of the component's table can hold; the writer checks it (runtime/core/engine/write/component-unique.ts).
 */
function componentLookupIndexes(attributes: Record<string, Attribute>): PrismaIndex[] {
  return Object.values(attributes).flatMap((attr) =>
    attr.kind === 'scalar' && (attr.unique || attr.type === 'uid') && !UNINDEXABLE_TYPES.includes(attr.type)
      ? [{ columns: [{ name: attr.column, type: attr.type }] }]
      : [],
  );
}

/**
 * What lists read: the version a reader sees (`is_draft`, runtime/sql/query-context.ts) in the
 * reader's locale, in id order. `(locale, is_draft, id)` hands out exactly those rows in that
 * order, so the first page stops after 25 index entries, a deep page skips entries instead of
 * rows (a deferred join, runtime/engine/read.ts), and the count reads the index alone. The
 * `published_at` variant serves `sort=publishedAt` the same way (it replaces the plain
 * `published_at` index, which only served the count). A type without draft & publish has one
 * version: the primary key is its id order, and a localized one needs `(locale, id)`.
 */
function listIndexes(ct: ContentTypeMeta): PrismaIndex[] {
  // A single type holds one document: nothing to page through.
  if (ct.kind === 'singleType') return [];
  const locale = ct.localized ? [{ name: SYSTEM_COLUMNS.locale, type: 'string' as const }] : [];
  if (!ct.draftAndPublish) return ct.localized ? [{ columns: [...locale, { name: 'id', type: 'integer' }] }] : [];
  return [
    { columns: [...locale, DRAFT_FLAG, { name: 'id', type: 'integer' }] },
    { columns: [...locale, DRAFT_FLAG, { name: 'published_at', type: 'datetime' }] },
  ];
}

function owningRelations(uid: string, model: string, table: string, attributes: Record<string, Attribute>): LinkOwner[] {
  return Object.values(attributes).flatMap((attribute) => ((attribute.kind === 'relation' || attribute.kind === 'morph') && attribute.owner ? [{ uid, model, table, attribute }] : []));
}

const backRelations = (links: LinkOwner[]): RelationField[] =>
  links.map((link) => {
    const model = (link.attribute.kind === 'morph' ? morphModelName : linkModelName)(link.model, link.attribute.name);
    return { kind: 'relation', name: backRelationField(model), model, list: true };
  });

/** A morph owner's links name their target by type and document (docs/architecture.md, "Morph relations"). */
function morphModel(link: LinkOwner): PrismaModel {
  return {
    name: morphModelName(link.model, link.attribute.name),
    table: link.attribute.linkTable,
    description: `Links of ${link.uid}.${link.attribute.name} (${link.attribute.relation}): owner row → target document of any content type`,
    fields: [
      id(),
      column('source_id', 'integer'),
      column('target_type', 'string'),
      column('target_document_id', 'string'),
      column('target_locale', 'string', true),
      column('position', 'integer'),
      { kind: 'relation', name: 'source', model: link.model, list: false, foreignKey: { column: 'source_id', onDelete: 'Cascade' } },
    ],
    // (target_type, target_document_id): inverse reads (morphOne/morphMany) and deletes of a target.
    indexes: [
      { columns: [{ name: 'source_id', type: 'integer' }] },
      { columns: [{ name: 'target_type', type: 'string' }, { name: 'target_document_id', type: 'string' }] },
    ],
  };
}

function linkModel(link: LinkOwner): PrismaModel {
  if (link.attribute.kind === 'morph') return morphModel(link);
  return {
    name: linkModelName(link.model, link.attribute.name),
    table: link.attribute.linkTable,
    description: `Links of ${link.uid}.${link.attribute.name} (${link.attribute.relation} to ${link.attribute.kind === 'relation' ? link.attribute.target : ''}): owner row → target document`,
    fields: [
      id(),
      column('source_id', 'integer'),
      column('target_document_id', 'string'),
      column('target_locale', 'string', true),
      column('position', 'integer'),
      column('inverse_position', 'integer'),
      ...(link.attribute.kind === 'relation' && link.attribute.targetVersions ? [column(LINK_TARGET_IS_DRAFT, 'boolean', true)] : []),
      { kind: 'relation', name: 'source', model: link.model, list: false, foreignKey: { column: 'source_id', onDelete: 'Cascade' } },
    ],
    // (target_document_id, inverse_position): inverse reads and "append at the end" lookups use both.
    indexes: [
      { columns: [{ name: 'source_id', type: 'integer' }] },
      { columns: [{ name: 'target_document_id', type: 'string' }, { name: 'inverse_position', type: 'integer' }] },
    ],
  };
}

function filesRelatedModel(fileModel: string): PrismaModel {
  return {
    name: FILES_RELATED_MODEL,
    table: FILES_RELATED_TABLE,
    description: 'Media links: the files of every media attribute of every content-type or component row',
    fields: [
      id(),
      column('file_id', 'integer'),
      column('related_type', 'string'),
      column('related_id', 'integer'),
      column('field', 'string'),
      column('position', 'integer'),
      { kind: 'relation', name: 'file', model: fileModel, list: false, foreignKey: { column: 'file_id', onDelete: 'Cascade' } },
    ],
    indexes: [
      { columns: [{ name: 'file_id', type: 'integer' }] },
      {
        columns: [
          { name: 'related_type', type: 'string' },
          { name: 'related_id', type: 'integer' },
          { name: 'field', type: 'string' },
        ],
      },
    ],
  };
}

/** Every model of the schema, in a fixed order: content types, components, link tables, files_related. */
export function prismaModels(meta: SchemaMeta): PrismaModel[] {
  const models: PrismaModel[] = [];
  const links: LinkOwner[] = [];
  const fileModel = contentTypeModelName(FILE_UID, 'file');
  for (const ct of Object.values(meta.contentTypes).sort((a, b) => compareText(a.uid, b.uid))) {
    const name = contentTypeModelName(ct.uid, ct.singularName);
    const owned = owningRelations(ct.uid, name, ct.table, { ...ct.attributes, ...ct.adminRelations });
    links.push(...owned);
    const fields: PrismaField[] = [
      id(),
      column('document_id', 'string'),
      ...(ct.localized ? [column('locale', 'string', true)] : []),
      ...attributeColumns(ct.attributes),
      column('created_at', 'datetime'),
      column('updated_at', 'datetime'),
      column('published_at', 'datetime', true),
      // Strapi's creator fields: the admin users (admin::user row ids) who created and last updated
      // the version; set by admin-panel writes only, never returned by the content API.
      column(SYSTEM_COLUMNS.createdById, 'integer', true),
      column(SYSTEM_COLUMNS.updatedById, 'integer', true),
      column(SYSTEM_COLUMNS.isDraft, 'boolean', true),
      ...backRelations(owned),
    ];
    if (ct.uid === FILE_UID) fields.push({ kind: 'relation', name: backRelationField(FILES_RELATED_MODEL), model: FILES_RELATED_MODEL, list: true });
    models.push({
      name,
      table: ct.table,
      description: `${ct.displayName} (${ct.uid}): one row per document version${ct.draftAndPublish ? ' (draft, published)' : ''}${ct.localized ? ' and locale' : ''}`,
      fields,
      indexes: [
        // One draft and one published row per document and locale: two requests publishing (or
        // creating a localization of) one document at once cannot both insert the row.
        { columns: [{ name: SYSTEM_COLUMNS.documentId, type: 'string' as const }, ...versionScope(ct)], unique: true },
        // A localized type keeps a plain `(document_id, locale)` lookup index as well: without
        // statistics SQLite plans `document_id = ? AND locale = ? ORDER BY id` (a version lookup
        // that does not name is_draft) on the `(locale, id)` list index, walking every row of the
        // locale. Elsewhere the unique index above is that lookup (document_id leads it, and no
        // list index starts with a column such a lookup names), and a second document_id index
        // was one more random leaf page written by every insert (docs/benchmarks.md, create).
        ...(ct.localized ? [{ columns: [SYSTEM_COLUMNS.documentId, SYSTEM_COLUMNS.locale].map((name) => ({ name, type: 'string' as const })) }] : []),
        ...listIndexes(ct),
        // A single type holds one document: one draft and one published row per locale at most.
        ...(ct.kind === 'singleType' ? [{ columns: versionScope(ct), unique: true }] : []),
        ...uniqueIndexes(ct),
      ],
    });
  }
  for (const component of Object.values(meta.components).sort((a, b) => compareText(a.uid, b.uid))) {
    const name = componentModelName(component.uid);
    const owned = owningRelations(component.uid, name, component.table, component.attributes);
    links.push(...owned);
    models.push({
      name,
      table: component.table,
      description: `Component ${component.uid} (${component.displayName}): rows owned by a content-type or component row`,
      fields: [
        id(),
        column('owner_type', 'string'),
        column('owner_id', 'integer'),
        column('owner_field', 'string'),
        column('position', 'integer'),
        ...attributeColumns(component.attributes),
        ...backRelations(owned),
      ],
      indexes: [
        {
          columns: [
            { name: 'owner_type', type: 'string' },
            { name: 'owner_field', type: 'string' },
            { name: 'owner_id', type: 'integer' },
          ],
        },
        ...componentLookupIndexes(component.attributes),
      ],
    });
  }
  models.push(...links.sort((a, b) => compareText(a.attribute.linkTable, b.attribute.linkTable)).map(linkModel));
  models.push(filesRelatedModel(fileModel));
  return models;
}
