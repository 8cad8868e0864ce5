// The app's schema metadata written back in the form Strapi holds its models in memory (what
// `strapi export` puts in schemas/*.jsonl), so that `strapi import` into a Strapi with the same
// schemas finds them alike: the attributes Strapi adds itself (timestamps, publishedAt, createdBy,
// updatedBy, locale, localizations) included. The app's own internal tables are not written.
import { APP_INTERNAL_TYPES } from './schema-compare';
import type { Attribute, ComponentMeta, ContentTypeMeta, JsonObject, SchemaMeta, SchemaRecord } from './runtime-deps';

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');

/** App attributes Strapi does not have (the default locale is a core-store entry in Strapi). */
const APP_ONLY_ATTRIBUTES: Record<string, string[]> = { 'plugin::i18n.locale': ['isDefault'] };

export function isExportedAttribute(uid: string, name: string): boolean {
  return !APP_ONLY_ATTRIBUTES[uid]?.includes(name);
}

function strapiAttribute(attribute: Attribute): JsonObject {
  const out: JsonObject = {};
  switch (attribute.kind) {
    case 'scalar':
      out.type = attribute.type;
      if (attribute.enum) out.enum = attribute.enum;
      if (attribute.unique) out.unique = true;
      for (const key of ['min', 'max', 'minLength', 'maxLength', 'regex', 'targetField'] as const) if (attribute[key] !== undefined) out[key] = attribute[key] as number | string;
      if (attribute.default !== undefined) out.default = attribute.default as JsonObject;
      break;
    case 'relation':
      out.type = 'relation';
      out.relation = attribute.relation;
      out.target = attribute.target;
      if (attribute.inverse) out[attribute.owner ? 'inversedBy' : 'mappedBy'] = attribute.inverse;
      break;
    case 'morph':
      out.type = 'relation';
      out.relation = attribute.relation;
      if (!attribute.owner && attribute.ownerType) {
        out.target = attribute.ownerType;
        out.morphBy = attribute.ownerAttribute ?? '';
      }
      break;
    case 'media':
      out.type = 'media';
      out.multiple = attribute.multiple;
      out.allowedTypes = attribute.allowedTypes;
      break;
    case 'component':
      out.type = 'component';
      out.repeatable = attribute.repeatable;
      out.component = attribute.component;
      break;
    case 'dynamiczone':
      out.type = 'dynamiczone';
      out.components = attribute.components;
      break;
  }
  if (attribute.required) out.required = true;
  if (attribute.private) out.private = true;
  if (!attribute.localized) out.pluginOptions = { i18n: { localized: false } };
  return out;
}

const adminLink = (): JsonObject => ({ type: 'relation', relation: 'oneToOne', target: 'admin::user', configurable: false, writable: false, visible: false, useJoinTable: false, private: true });

function contentTypeRecord(meta: ContentTypeMeta): SchemaRecord {
  const attributes: Record<string, JsonObject> = {};
  for (const [name, attribute] of Object.entries(meta.attributes)) if (isExportedAttribute(meta.uid, name)) attributes[name] = strapiAttribute(attribute);
  attributes.createdAt = { type: 'datetime' };
  attributes.updatedAt = { type: 'datetime' };
  attributes.publishedAt = { type: 'datetime', configurable: false, writable: true, visible: true };
  attributes.createdBy = adminLink();
  attributes.updatedBy = adminLink();
  attributes.locale = { writable: true, private: !meta.localized, configurable: false, visible: false, type: 'string' };
  attributes.localizations = {
    type: 'relation',
    relation: 'oneToMany',
    target: meta.uid,
    writable: false,
    private: !meta.localized,
    configurable: false,
    visible: false,
    unstable_virtual: true,
    joinColumn: { name: 'document_id', referencedColumn: 'document_id', referencedTable: meta.table },
  };
  const plugin = meta.uid.startsWith('plugin::') ? meta.uid.slice('plugin::'.length).split('.')[0] : undefined;
  return {
    collectionName: meta.table,
    info: { singularName: meta.singularName, pluralName: meta.pluralName, displayName: meta.displayName },
    options: { draftAndPublish: meta.draftAndPublish },
    pluginOptions: meta.localized ? { i18n: { localized: true } } : {},
    attributes,
    kind: meta.kind,
    modelType: 'contentType',
    modelName: meta.singularName,
    uid: meta.uid,
    ...(plugin ? { plugin } : {}),
    globalId: plugin ? `${pascal(plugin)}${pascal(meta.singularName)}` : pascal(meta.singularName),
  };
}

function componentRecord(meta: ComponentMeta): SchemaRecord {
  const attributes: Record<string, JsonObject> = {};
  for (const [name, attribute] of Object.entries(meta.attributes)) attributes[name] = strapiAttribute(attribute);
  const name = meta.uid.split('.').slice(1).join('.');
  return {
    collectionName: meta.table,
    info: { displayName: meta.displayName },
    options: {},
    attributes,
    modelType: 'component',
    modelName: name,
    uid: meta.uid,
    globalId: `Component${pascal(meta.category)}${pascal(name)}`,
  };
}

/** Content types in Strapi's order (plugin types first), then components. */
export function exportedContentTypes(schema: SchemaMeta): ContentTypeMeta[] {
  const types = Object.values(schema.contentTypes).filter((meta) => !APP_INTERNAL_TYPES.has(meta.uid));
  const rank = (uid: string) => (uid.startsWith('plugin::') ? 0 : 1);
  return types.map((meta, i) => ({ meta, i })).sort((a, b) => rank(a.meta.uid) - rank(b.meta.uid) || a.i - b.i).map(({ meta }) => meta);
}

export function schemaRecords(schema: SchemaMeta): SchemaRecord[] {
  return [...exportedContentTypes(schema).map(contentTypeRecord), ...Object.values(schema.components).map(componentRecord)];
}
