// Lookups over SchemaMeta shared by the SQL compilers and the engine.
import { NotFoundError } from '../errors';
import type {
  Attribute,
  ComponentMeta,
  ContentTypeMeta,
  RelationAttribute,
  ScalarAttribute,
  SchemaMeta,
} from './types';

export const FILE_UID = 'plugin::upload.file';

/** Something with attributes stored in a table: a content type or a component. */
export type Shape =
  | { kind: 'contentType'; uid: string; meta: ContentTypeMeta }
  | { kind: 'component'; uid: string; meta: ComponentMeta };

export function contentType(schema: SchemaMeta, uid: string): ContentTypeMeta {
  const meta = schema.contentTypes[uid];
  if (!meta) throw new NotFoundError(`Unknown content type ${uid}`);
  return meta;
}

export function component(schema: SchemaMeta, uid: string): ComponentMeta {
  const meta = schema.components[uid];
  if (!meta) throw new NotFoundError(`Unknown component ${uid}`);
  return meta;
}

export const contentTypeShape = (schema: SchemaMeta, uid: string): Shape => ({
  kind: 'contentType',
  uid,
  meta: contentType(schema, uid),
});

export const componentShape = (schema: SchemaMeta, uid: string): Shape => ({
  kind: 'component',
  uid,
  meta: component(schema, uid),
});

export function attributeOf(shape: Shape, name: string): Attribute | undefined {
  return Object.prototype.hasOwnProperty.call(shape.meta.attributes, name) ? shape.meta.attributes[name] : undefined;
}

/** Scalar attributes that may be returned (not private), in schema order. */
export function publicScalars(shape: Shape): ScalarAttribute[] {
  const out: ScalarAttribute[] = [];
  for (const attr of Object.values(shape.meta.attributes)) {
    if (attr.kind === 'scalar' && !attr.private && attr.type !== 'password') out.push(attr);
  }
  return out;
}

export function allScalars(shape: Shape): ScalarAttribute[] {
  return Object.values(shape.meta.attributes).filter((a): a is ScalarAttribute => a.kind === 'scalar');
}

/** The owning side of a relation (itself when it owns the link table). */
export function owningSide(schema: SchemaMeta, shapeUid: string, attr: RelationAttribute): { uid: string; attr: RelationAttribute } {
  if (attr.owner) return { uid: shapeUid, attr };
  const ownerUid = attr.ownerType ?? attr.target;
  const ownerAttr = contentType(schema, ownerUid).attributes[attr.ownerAttribute ?? attr.inverse ?? ''];
  if (!ownerAttr || ownerAttr.kind !== 'relation') throw new Error(`Relation ${shapeUid}.${attr.name} has no owning side`);
  return { uid: ownerUid, attr: ownerAttr };
}
