// Object types, inputs, filter inputs, enums and dynamic zones of content types and components,
// in Strapi 5's shape (v5) or Strapi 4's (v4 compatibility). Private attributes never appear in
// outputs or filters; relations to types that are not exposed over GraphQL are left out.
import type { Attribute, ComponentMeta, ContentTypeMeta, ScalarType, SchemaMeta } from '../../runtime/core/model/types';
import {
  componentName,
  dynamicZoneName,
  entityName,
  entityResponseCollectionName,
  entityResponseName,
  enumName,
  filtersInputName,
  GENERIC_MORPH,
  inputName,
  relationResponseCollectionName,
  typeName,
} from '../../runtime/graphql/naming';
import { scalarFilterName } from './graphql-common';
import { enumValueNames } from './graphql-enum-values';
import type { ArgDef, FieldDef, GraphqlMode, InputFieldDef, NamedDef, TypeRef } from './graphql-ir';

export const FILE_UID = 'plugin::upload.file';

export interface TypesContext {
  meta: SchemaMeta;
  mode: GraphqlMode;
  /** Content types exposed as GraphQL types, by uid. */
  exposed: ReadonlyMap<string, ContentTypeMeta>;
}

const SCALAR_GRAPHQL: Record<ScalarType, string> = {
  string: 'String',
  text: 'String',
  richtext: 'String',
  blocks: 'JSON',
  enumeration: 'String',
  email: 'String',
  password: 'String',
  uid: 'String',
  date: 'Date',
  time: 'Time',
  datetime: 'DateTime',
  timestamp: 'DateTime',
  integer: 'Int',
  biginteger: 'Long',
  float: 'Float',
  decimal: 'Float',
  boolean: 'Boolean',
  json: 'JSON',
};

export const graphqlScalarOf = (type: ScalarType): string => SCALAR_GRAPHQL[type];

/** The generated module of a content type or component. */
export function moduleOf(uid: string, meta: SchemaMeta): string {
  const ct = meta.contentTypes[uid];
  if (!ct) return `components/${uid}`;
  if (uid.startsWith('api::')) return `api/${ct.singularName}`;
  return `plugins/${typeName(ct)}`;
}

/** What a GraphQL type is built from: a content type or a component. */
interface Owner {
  uid: string;
  name: string;
  module: string;
  attributes: Record<string, Attribute>;
  component: boolean;
}

export const ownerOfContentType = (ct: ContentTypeMeta, meta: SchemaMeta): Owner => ({ uid: ct.uid, name: typeName(ct), module: moduleOf(ct.uid, meta), attributes: ct.attributes, component: false });
export const ownerOfComponent = (c: ComponentMeta, meta: SchemaMeta): Owner => ({ uid: c.uid, name: componentName(c), module: moduleOf(c.uid, meta), attributes: c.attributes, component: true });

const plain = (name: string, type: TypeRef): FieldDef => ({ name, type, args: [] });

export const PAGINATION_ARG: ArgDef = { name: 'pagination', type: { name: 'PaginationArg' }, default: { kind: 'emptyObject' } };
export const SORT_ARG: ArgDef = { name: 'sort', type: { name: 'String', list: true }, default: { kind: 'emptyList' } };

/** filters / pagination / sort of a to-many relation (and of list queries). */
export function listArgs(targetTypeName: string): ArgDef[] {
  return [{ name: 'filters', type: { name: filtersInputName(targetTypeName) } }, PAGINATION_ARG, SORT_ARG];
}

function enumFor(owner: Owner, attribute: Attribute): { name: string; values: { name: string; value: string }[] } | undefined {
  if (attribute.kind !== 'scalar' || attribute.type !== 'enumeration' || !attribute.enum) return undefined;
  const names = enumValueNames(attribute.enum);
  const values = attribute.enum;
  return names && { name: enumName(owner.name, attribute.name), values: names.map((name, i) => ({ name, value: values[i] })) };
}

/** Scalar type of a scalar attribute (its enum when the values can be GraphQL names). */
function scalarTypeName(owner: Owner, attribute: Attribute & { kind: 'scalar' }): string {
  return enumFor(owner, attribute)?.name ?? SCALAR_GRAPHQL[attribute.type];
}

const visible = (attribute: Attribute): boolean => !attribute.private && !(attribute.kind === 'scalar' && attribute.type === 'password');

/** Output fields of one attribute (a to-many relation has a list and a `_connection`). */
function attributeOutput(ctx: TypesContext, owner: Owner, attribute: Attribute): FieldDef[] {
  const name = attribute.name;
  const field = (method: 'field' | 'fieldConnection' | 'v4Related' | 'v4RelatedList', type: TypeRef, args: ArgDef[] = [], fieldName = name): FieldDef => ({
    name: fieldName,
    type,
    args,
    resolve: { target: 'field', method, ownerUid: owner.uid, attribute: name },
  });
  switch (attribute.kind) {
    case 'scalar':
      return [plain(name, { name: scalarTypeName(owner, attribute), nonNull: attribute.required })];
    case 'relation':
    case 'media': {
      const target = ctx.exposed.get(attribute.kind === 'relation' ? attribute.target : FILE_UID);
      if (!target) return [];
      const many = attribute.kind === 'relation' ? attribute.toMany : attribute.multiple;
      // Media lists take pagination only: REST's populate has no filters or sort for media.
      const args = attribute.kind === 'relation' ? listArgs(typeName(target)) : [PAGINATION_ARG];
      if (ctx.mode === 'v4') {
        return many ? [field('v4RelatedList', { name: relationResponseCollectionName(target) }, args)] : [field('v4Related', { name: entityResponseName(target) })];
      }
      if (!many) return [field('field', { name: typeName(target) })];
      return [
        field('fieldConnection', { name: relationResponseCollectionName(target) }, args, `${name}_connection`),
        field('field', { name: typeName(target), list: true, nonNull: true }, args),
      ];
    }
    case 'component': {
      const component = ctx.meta.components[attribute.component];
      if (!component) return [];
      const type = componentName(component);
      // Repeatable components take pagination only: the engine populates components unfiltered.
      return attribute.repeatable ? [field('field', { name: type, list: true }, [PAGINATION_ARG])] : [field('field', { name: type })];
    }
    case 'dynamiczone':
      return [field('field', { name: dynamicZoneName(owner.name, name), list: true })];
    case 'morph':
      // As Strapi 5: the owning side is `GenericMorph` (a list for morphToMany), without arguments;
      // the inverse side is not in the schema. Strapi 4's shape has no morph fields here.
      if (!attribute.owner || ctx.mode !== 'v5') return [];
      return [field('field', { name: GENERIC_MORPH, list: attribute.toMany })];
  }
}

/**
 * `GenericMorph`: every exposed content type (Strapi also lists components, which no entry can be),
 * and `Error` for an entry of a type the schema does not expose. Emitted only when a field uses it.
 */
export function genericMorphDef(ctx: TypesContext): NamedDef {
  const components = Object.fromEntries([...ctx.exposed.values()].map((ct) => [ct.uid, typeName(ct)]));
  return { kind: 'union', name: GENERIC_MORPH, module: 'morph', members: [...Object.values(components), 'Error'], components, tag: '__type' };
}

/** Enums and dynamic-zone unions/inputs an owner's attributes need. */
function attributeDefs(ctx: TypesContext, owner: Owner): NamedDef[] {
  const defs: NamedDef[] = [];
  for (const attribute of Object.values(owner.attributes)) {
    const e = enumFor(owner, attribute);
    if (e) defs.push({ kind: 'enum', name: e.name, module: owner.module, values: e.values });
    if (attribute.kind === 'dynamiczone' && visible(attribute)) {
      const zone = dynamicZoneName(owner.name, attribute.name);
      const components: Record<string, string> = {};
      for (const uid of attribute.components) {
        const component = ctx.meta.components[uid];
        if (component) components[uid] = componentName(component);
      }
      defs.push({ kind: 'union', name: zone, module: owner.module, members: [...Object.values(components), 'Error'], components });
      const byTypeName = Object.fromEntries(Object.entries(components).map(([uid, name]) => [name, uid]));
      defs.push({ kind: 'scalar', name: inputName(zone), module: owner.module, zone: byTypeName });
    }
  }
  return defs;
}

function outputType(ctx: TypesContext, owner: Owner, ct?: ContentTypeMeta): NamedDef {
  const fields: FieldDef[] = [];
  if (owner.component) fields.push(plain('id', { name: 'ID', nonNull: true }));
  else if (ctx.mode === 'v5') fields.push(plain('documentId', { name: 'ID', nonNull: true }));
  for (const attribute of Object.values(owner.attributes)) if (visible(attribute)) fields.push(...attributeOutput(ctx, owner, attribute));
  if (ct) {
    for (const name of ['createdAt', 'updatedAt', 'publishedAt']) fields.push(plain(name, { name: 'DateTime' }));
    if (ct.localized) {
      fields.push(plain('locale', { name: 'String' }));
      const args = listArgs(owner.name);
      const resolve = (method: 'field' | 'fieldConnection' | 'v4RelatedList') => ({ target: 'field' as const, method, ownerUid: owner.uid, attribute: 'localizations' });
      if (ctx.mode === 'v4') fields.push({ name: 'localizations', type: { name: relationResponseCollectionName(ct) }, args, resolve: resolve('v4RelatedList') });
      else {
        fields.push({ name: 'localizations_connection', type: { name: relationResponseCollectionName(ct) }, args, resolve: resolve('fieldConnection') });
        fields.push({ name: 'localizations', type: { name: owner.name, list: true, nonNull: true }, args, resolve: resolve('field') });
      }
    }
  }
  return { kind: 'object', name: owner.name, module: owner.module, fields };
}

/**
 * `<Type>Input`: every writable attribute (private scalars too: they can be written, never read).
 * A content type's also ends with `publishedAt` and, unless it is localized, `locale`, as in
 * Strapi 5: both are accepted and ignored (the status and locale arguments decide).
 */
function inputType(ctx: TypesContext, owner: Owner, ct?: ContentTypeMeta): NamedDef {
  const fields: InputFieldDef[] = owner.component ? [{ name: 'id', type: { name: 'ID' } }] : [];
  for (const attribute of Object.values(owner.attributes)) {
    const name = attribute.name;
    switch (attribute.kind) {
      case 'scalar':
        fields.push({ name, type: { name: scalarTypeName(owner, attribute) } });
        break;
      case 'relation':
      case 'media':
        if (attribute.private || !ctx.exposed.has(attribute.kind === 'relation' ? attribute.target : FILE_UID)) break;
        fields.push({ name, type: { name: 'ID', list: attribute.kind === 'relation' ? attribute.toMany : attribute.multiple } });
        break;
      case 'component': {
        const component = ctx.meta.components[attribute.component];
        if (!attribute.private && component) fields.push({ name, type: { name: inputName(componentName(component)), list: attribute.repeatable } });
        break;
      }
      case 'dynamiczone':
        if (!attribute.private) fields.push({ name, type: { name: inputName(dynamicZoneName(owner.name, name)), list: true, itemNonNull: true } });
        break;
    }
  }
  if (ct) {
    fields.push({ name: 'publishedAt', type: { name: 'DateTime' } });
    if (!ct.localized) fields.push({ name: 'locale', type: { name: 'String' } });
  }
  return { kind: 'input', name: inputName(owner.name), module: owner.module, fields };
}

/** `<Type>FiltersInput`: scalars, relations and components (media and zones cannot be filtered, as in Strapi). */
function filtersType(ctx: TypesContext, owner: Owner, ct?: ContentTypeMeta): NamedDef {
  const self = filtersInputName(owner.name);
  const fields: InputFieldDef[] = ct ? [{ name: 'documentId', type: { name: scalarFilterName('ID') } }] : [];
  for (const attribute of Object.values(owner.attributes)) {
    if (!visible(attribute)) continue;
    if (attribute.kind === 'scalar') fields.push({ name: attribute.name, type: { name: scalarFilterName(SCALAR_GRAPHQL[attribute.type]) } });
    if (attribute.kind === 'relation') {
      const target = ctx.exposed.get(attribute.target);
      if (target) fields.push({ name: attribute.name, type: { name: filtersInputName(typeName(target)) } });
    }
    if (attribute.kind === 'component') {
      const component = ctx.meta.components[attribute.component];
      if (component) fields.push({ name: attribute.name, type: { name: filtersInputName(componentName(component)) } });
    }
  }
  if (ct) {
    for (const name of ['createdAt', 'updatedAt', 'publishedAt']) fields.push({ name, type: { name: scalarFilterName('DateTime') } });
    if (ct.localized) fields.push({ name: 'locale', type: { name: scalarFilterName('String') } });
  }
  fields.push({ name: 'and', type: { name: self, list: true } }, { name: 'or', type: { name: self, list: true } }, { name: 'not', type: { name: self } });
  return { kind: 'input', name: self, module: owner.module, fields };
}

/** The wrappers a content type's lists and v4 responses use. */
function responseTypes(ctx: TypesContext, owner: Owner, ct: ContentTypeMeta): NamedDef[] {
  const object = (name: string, fields: FieldDef[]): NamedDef => ({ kind: 'object', name, module: owner.module, fields });
  if (ctx.mode === 'v5') {
    const nodes = plain('nodes', { name: owner.name, list: true, nonNull: true, itemNonNull: true });
    return [
      object(relationResponseCollectionName(ct), [nodes]),
      object(entityResponseCollectionName(ct), [nodes, plain('pageInfo', { name: 'Pagination', nonNull: true })]),
    ];
  }
  const entity = entityName(ct);
  const data = plain('data', { name: entity, list: true, nonNull: true, itemNonNull: true });
  return [
    object(entity, [plain('id', { name: 'ID' }), plain('attributes', { name: owner.name })]),
    object(entityResponseName(ct), [plain('data', { name: entity })]),
    object(entityResponseCollectionName(ct), [data, plain('meta', { name: 'ResponseCollectionMeta', nonNull: true })]),
    object(relationResponseCollectionName(ct), [data]),
  ];
}

export function contentTypeDefs(ctx: TypesContext, ct: ContentTypeMeta): NamedDef[] {
  const owner = ownerOfContentType(ct, ctx.meta);
  return [...attributeDefs(ctx, owner), outputType(ctx, owner, ct), ...responseTypes(ctx, owner, ct), inputType(ctx, owner, ct), filtersType(ctx, owner, ct)];
}

export function componentDefs(ctx: TypesContext, component: ComponentMeta): NamedDef[] {
  const owner = ownerOfComponent(component, ctx.meta);
  return [...attributeDefs(ctx, owner), outputType(ctx, owner), inputType(ctx, owner), filtersType(ctx, owner)];
}
