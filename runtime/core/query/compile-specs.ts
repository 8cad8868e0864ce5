// SchemaMeta → the query table of every content type and component (runtime/query/spec.ts).
// This is the one definition of what a query may name: the Engine compiles these tables from the
// app's SchemaMeta at start, and each type's query compiler checks queries against them. Pure: the
// schema in, new objects out.
import { SYSTEM_COLUMNS, type Attribute, type SchemaMeta } from '../model/types';
import type { FieldRef } from './ast';
import type { ComponentQuerySpec, ContentTypeQuerySpec, FieldEntry, OperatorFamily, QueryEntry, QuerySpec, QuerySpecs } from './spec';

/** Content type of media files: media attributes are traversed and populated against it. */
export const FILE_UID = 'plugin::upload.file';

/** Types compared as text: LIKE and case-insensitive operators apply to them. */
const TEXT_TYPES: ReadonlySet<FieldRef['type']> = new Set<FieldRef['type']>(['string', 'text', 'richtext', 'enumeration', 'email', 'uid', 'documentId', 'locale']);

export function operatorFamily(type: FieldRef['type']): OperatorFamily {
  // JSON and blocks have no comparable column value, only presence.
  if (type === 'json' || type === 'blocks') return 'presence';
  return TEXT_TYPES.has(type) ? 'text' : 'value';
}

function fieldEntry(field: FieldRef, system: boolean): FieldEntry {
  const operators = operatorFamily(field.type);
  return { kind: 'field', field, operators, sortable: operators !== 'presence', ...(system ? { system: true as const } : {}) };
}

/**
 * System fields: every content type has ids and timestamps (`publishedAt` even without draft &
 * publish, as Strapi returns it), `locale` only when localized; components only have `id`.
 */
const SYSTEM_FIELDS: readonly FieldRef[] = [
  { name: 'id', column: SYSTEM_COLUMNS.id, type: 'id' },
  { name: 'documentId', column: SYSTEM_COLUMNS.documentId, type: 'documentId' },
  { name: 'createdAt', column: SYSTEM_COLUMNS.createdAt, type: 'datetime' },
  { name: 'updatedAt', column: SYSTEM_COLUMNS.updatedAt, type: 'datetime' },
  { name: 'publishedAt', column: SYSTEM_COLUMNS.publishedAt, type: 'datetime' },
  { name: 'locale', column: SYSTEM_COLUMNS.locale, type: 'locale' },
];

function systemEntries(target: { kind: 'contentType'; localized: boolean } | { kind: 'component' }): Record<string, QueryEntry> {
  const fields = target.kind === 'component' ? SYSTEM_FIELDS.slice(0, 1) : SYSTEM_FIELDS.filter((f) => f.name !== 'locale' || target.localized);
  return Object.fromEntries(fields.map((field) => [field.name, fieldEntry({ ...field }, true)]));
}

/** Finds the spec a link leads to, once every spec exists. */
interface Resolver {
  contentType(uid: string): ContentTypeQuerySpec;
  component(uid: string): ComponentQuerySpec;
}

/** Private attributes and passwords are invisible to queries: Invalid key wherever they appear. */
const isHidden = (attribute: Attribute): boolean => attribute.private || (attribute.kind === 'scalar' && attribute.type === 'password');

function attributeEntry(attribute: Attribute, resolve: Resolver): QueryEntry {
  if (isHidden(attribute)) return { kind: 'hidden' };
  switch (attribute.kind) {
    case 'scalar':
      return fieldEntry({ name: attribute.name, column: attribute.column, type: attribute.type }, false);
    case 'relation':
      return {
        kind: 'relation',
        toMany: attribute.toMany,
        get target() {
          return resolve.contentType(attribute.target);
        },
      };
    case 'morph': {
      const ownerType = attribute.ownerType;
      if (ownerType === undefined) return { kind: 'morph', toMany: attribute.toMany };
      // The inverse side (morphOne/morphMany) lists owners of one type: Strapi filters, sorts
      // and populates it like a relation to that type.
      return {
        kind: 'relation',
        toMany: attribute.toMany,
        get target() {
          return resolve.contentType(ownerType);
        },
      };
    }
    case 'media':
      return {
        kind: 'media',
        get target() {
          return resolve.contentType(FILE_UID);
        },
      };
    case 'component':
      return {
        kind: 'component',
        get target() {
          return resolve.component(attribute.component);
        },
      };
    case 'dynamiczone': {
      let components: ComponentQuerySpec[] | undefined;
      return {
        kind: 'dynamiczone',
        get components() {
          components ??= attribute.components.map((uid) => resolve.component(uid));
          return components;
        },
      };
    }
  }
}

function entries(system: Record<string, QueryEntry>, attributes: Record<string, Attribute>, resolve: Resolver): Record<string, QueryEntry> {
  const out = system;
  // An attribute the content API does not know (AttributeBase.undeclared) has no entry: an unknown name.
  for (const name of Object.keys(attributes)) if (!attributes[name].undeclared) out[name] = attributeEntry(attributes[name], resolve);
  return out;
}

/**
 * Relations the content API never reads are named in errors like private attributes (`Invalid key
 * handledBy`, path `handledBy`) in filters, sort and fields; populate skips them (validate-populate.ts).
 */
function withUnexposed(out: Record<string, QueryEntry>, unexposed: readonly string[] | undefined): Record<string, QueryEntry> {
  for (const name of unexposed ?? []) out[name] = { kind: 'hidden' };
  return out;
}

/** The query table of every content type and component of `schema`, by uid. */
export function compileQuerySpecs(schema: SchemaMeta): QuerySpecs {
  const specs = new Map<string, QuerySpec>();
  const resolveAs = <K extends QuerySpec['kind']>(uid: string, kind: K): Extract<QuerySpec, { kind: K }> => {
    const spec = specs.get(uid);
    // Generated schemas are validated, so only a hand-built SchemaMeta can get here.
    if (!spec || spec.kind !== kind) throw new Error(`query spec: ${uid} is not a ${kind} of this schema`);
    return spec as Extract<QuerySpec, { kind: K }>;
  };
  const resolve: Resolver = { contentType: (uid) => resolveAs(uid, 'contentType'), component: (uid) => resolveAs(uid, 'component') };
  for (const meta of Object.values(schema.contentTypes)) {
    specs.set(meta.uid, {
      uid: meta.uid,
      kind: 'contentType',
      localized: meta.localized,
      readAction: `${meta.actionPrefix}.find`,
      entries: withUnexposed(entries(systemEntries({ kind: 'contentType', localized: meta.localized }), meta.attributes, resolve), meta.unexposed),
      ...(meta.unexposed ? { unexposed: meta.unexposed } : {}),
    });
  }
  for (const meta of Object.values(schema.components)) {
    specs.set(meta.uid, { uid: meta.uid, kind: 'component', entries: entries(systemEntries({ kind: 'component' }), meta.attributes, resolve) });
  }
  return Object.fromEntries(specs);
}
