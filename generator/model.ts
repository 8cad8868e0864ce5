// Normalizes validated definitions into the SchemaMeta the runtime interprets
// (runtime/model/types.ts): columns, link tables, owning sides and i18n flags are decided here.
import type {
  Attribute,
  ComponentMeta,
  ContentTypeMeta,
  MorphAttribute,
  RelationAttribute,
  RelationKind,
  ScalarAttribute,
  SchemaMeta,
} from '../runtime/core/model/types';
import { actionPrefixOf } from './builtins';
import type { AttributeDefinition, ComponentDefinition, ContentTypeDefinition, MorphDefinition, RelationDefinition, ScalarDefinition, SchemaDefinitions } from './definitions';
import { attributeColumn, COMPONENT_SYSTEM_COLUMNS, CONTENT_TYPE_SYSTEM_COLUMNS, linkTableName, morphTableName } from './storage-names';

const TO_MANY: readonly RelationKind[] = ['oneToMany', 'manyToMany', 'manyWay'];

/** What normalizing an attribute needs to know about the type or component holding it. */
interface HolderInfo {
  table: string;
  localized: boolean;
  systemColumns: readonly string[];
  /** Table of every content type, for the link table of an inverse side. */
  tables: ReadonlyMap<string, string>;
  /** Draft & publish of the holder (undefined for components) and of every content type. */
  draftAndPublish?: boolean;
  versioned: ReadonlyMap<string, boolean>;
}

/** Copies the keys of `source` whose value is defined (keeps emitted metadata free of `undefined`). */
function definedOnly<T extends object>(source: T): Partial<T> {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A component's own createdAt/updatedAt of a date type: filled with the current time as Strapi does. */
function componentTimestamp(def: ScalarDefinition, holder: HolderInfo): ScalarAttribute['timestamp'] {
  if (holder.draftAndPublish !== undefined || !['date', 'datetime', 'time'].includes(def.type)) return undefined;
  return def.name === 'createdAt' || def.name === 'updatedAt' ? def.name : undefined;
}

function scalarMeta(def: ScalarDefinition, holder: HolderInfo): Omit<ScalarAttribute, 'name' | 'required' | 'private' | 'localized'> {
  return {
    kind: 'scalar',
    type: def.type,
    column: attributeColumn(def.name, holder.systemColumns),
    unique: def.unique,
    ...definedOnly({
      min: def.min,
      max: def.max,
      minLength: def.minLength,
      maxLength: def.maxLength,
      regex: def.regex,
      enum: def.enum,
      default: def.default,
      targetField: def.targetField,
      searchable: def.searchable,
      renamedFrom: def.renamedFrom === undefined ? undefined : attributeColumn(def.renamedFrom, holder.systemColumns),
      timestamp: componentTimestamp(def, holder),
    }),
  };
}

function relationMeta(def: RelationDefinition, holder: HolderInfo): Omit<RelationAttribute, 'name' | 'required' | 'private' | 'localized'> {
  const common = { kind: 'relation' as const, relation: def.relation, target: def.target, toMany: TO_MANY.includes(def.relation) };
  if (def.mappedBy === undefined) {
    // Owning side: it has inversedBy, or it is one-sided. Either way its rows hold the links.
    const targetVersions = def.inversedBy !== undefined && holder.draftAndPublish === false && holder.versioned.get(def.target) === true ? true : undefined;
    return { ...common, owner: true, ...definedOnly({ inverse: def.inversedBy, targetVersions }), linkTable: linkTableName(holder.table, def.name) };
  }
  const ownerTable = holder.tables.get(def.target) ?? '';
  return {
    ...common,
    owner: false,
    inverse: def.mappedBy,
    linkTable: linkTableName(ownerTable, def.mappedBy),
    ownerType: def.target,
    ownerAttribute: def.mappedBy,
  };
}

function morphMeta(def: MorphDefinition, holder: HolderInfo): Omit<MorphAttribute, 'name' | 'required' | 'private' | 'localized'> {
  const common = { kind: 'morph' as const, relation: def.relation, toMany: def.relation === 'morphToMany' || def.relation === 'morphMany' };
  if (def.target === undefined || def.morphBy === undefined) return { ...common, owner: true, linkTable: morphTableName(holder.table, def.name) };
  const ownerTable = holder.tables.get(def.target) ?? '';
  return { ...common, owner: false, linkTable: morphTableName(ownerTable, def.morphBy), ownerType: def.target, ownerAttribute: def.morphBy };
}

function attributeMeta(def: AttributeDefinition, holder: HolderInfo): Attribute {
  const flags = {
    required: def.required,
    // Passwords never leave the server, whatever the schema says.
    private: def.private || (def.kind === 'scalar' && def.type === 'password'),
    localized: !(holder.localized && def.i18nLocalized === false),
    ...(def.undeclared ? { undeclared: true as const } : {}),
    ...(def.visibleWhen ? { visibleWhen: def.visibleWhen } : {}),
  };
  const name = def.name;
  switch (def.kind) {
    case 'scalar':
      return { name, ...scalarMeta(def, holder), ...flags };
    case 'relation':
      return { name, ...relationMeta(def, holder), ...flags };
    case 'morph':
      return { name, ...morphMeta(def, holder), ...flags };
    case 'media':
      return { name, kind: 'media', multiple: def.multiple, allowedTypes: def.allowedTypes, ...flags };
    case 'component':
      return { name, kind: 'component', component: def.component, repeatable: def.repeatable, ...definedOnly({ min: def.min, max: def.max }), ...flags };
    case 'dynamiczone':
      return { name, kind: 'dynamiczone', components: def.components, ...definedOnly({ min: def.min, max: def.max }), ...flags };
  }
}

/** Relations Strapi boots but its content API never reads or writes (loose-relations.ts) stay out. */
const exposed = (def: AttributeDefinition): boolean => !(def.kind === 'relation' && def.unexposed === true);

function attributesMeta(defs: AttributeDefinition[], holder: HolderInfo): Record<string, Attribute> {
  return Object.fromEntries(defs.filter(exposed).map((def) => [def.name, attributeMeta(def, holder)]));
}

function unexposedMeta(defs: AttributeDefinition[]): Pick<ContentTypeMeta, 'unexposed'> {
  const names = defs.filter((def) => !exposed(def)).map((def) => def.name);
  return names.length > 0 ? { unexposed: names } : {};
}

/** A relation of a content type to the admin users: out of the content API, stored for the admin panel (runtime/admin). */
export const isAdminRelation = (def: AttributeDefinition): def is RelationDefinition =>
  def.kind === 'relation' && def.unexposed === true && def.target === 'admin::user' && def.mappedBy === undefined;

function adminRelationsMeta(defs: AttributeDefinition[], holder: HolderInfo): Pick<ContentTypeMeta, 'adminRelations'> {
  const relations = defs.filter(isAdminRelation).map((def) => {
    // One-sided whatever the schema says: admin::user declares nothing back.
    const { inverse: _inverse, targetVersions: _versions, ...meta } = attributeMeta({ ...def, inversedBy: undefined }, holder) as RelationAttribute;
    return [def.name, meta] as const;
  });
  return relations.length > 0 ? { adminRelations: Object.fromEntries(relations) } : {};
}

function contentTypeMeta(def: ContentTypeDefinition, tables: ReadonlyMap<string, string>, versioned: ReadonlyMap<string, boolean>): ContentTypeMeta {
  return {
    uid: def.uid,
    kind: def.kind,
    singularName: def.singularName,
    pluralName: def.pluralName,
    displayName: def.displayName,
    table: def.collectionName,
    draftAndPublish: def.draftAndPublish,
    localized: def.localized,
    attributes: attributesMeta(def.attributes, { table: def.collectionName, localized: def.localized, systemColumns: CONTENT_TYPE_SYSTEM_COLUMNS, tables, draftAndPublish: def.draftAndPublish, versioned }),
    actionPrefix: actionPrefixOf(def.uid),
    ...unexposedMeta(def.attributes),
    ...adminRelationsMeta(def.attributes, { table: def.collectionName, localized: def.localized, systemColumns: CONTENT_TYPE_SYSTEM_COLUMNS, tables, draftAndPublish: def.draftAndPublish, versioned }),
  };
}

function componentMeta(def: ComponentDefinition, tables: ReadonlyMap<string, string>, versioned: ReadonlyMap<string, boolean>): ComponentMeta {
  return {
    uid: def.uid,
    category: def.category,
    displayName: def.displayName,
    table: def.collectionName,
    // Components carry no locale of their own: they follow their owner row.
    attributes: attributesMeta(def.attributes, { table: def.collectionName, localized: false, systemColumns: COMPONENT_SYSTEM_COLUMNS, tables, versioned }),
  };
}

/** SchemaMeta of valid definitions (validate first: this assumes every reference resolves). */
export function buildModel(definitions: SchemaDefinitions): SchemaMeta {
  const tables = new Map(definitions.contentTypes.map((def) => [def.uid, def.collectionName]));
  const versioned = new Map(definitions.contentTypes.map((def) => [def.uid, def.draftAndPublish]));
  return {
    contentTypes: Object.fromEntries(definitions.contentTypes.map((def) => [def.uid, contentTypeMeta(def, tables, versioned)])),
    components: Object.fromEntries(definitions.components.map((def) => [def.uid, componentMeta(def, tables, versioned)])),
  };
}
