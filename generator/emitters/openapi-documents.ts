// Response and request-body schemas of documents and components. A response document carries
// id, documentId and the system fields, then its attributes; every attribute is optional (`fields`
// selects, relations and media appear only when populated) and private ones never appear. A
// request body's `data` writes attributes: relations by documentId (or connect/disconnect/set),
// media by file id, components as objects, dynamic-zone entries with `__component`.
import type { Attribute, ComponentMeta, ContentTypeMeta, SchemaMeta } from '../../runtime/core/model/types';
import { typeSchemaName } from './openapi-names';
import { nullable, object, refTo, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { inputValue, responseValue } from './openapi-values';

const FILE_UID = 'plugin::upload.file';

/** Fields the runtime adds to a type's documents beyond its attributes. */
const EXTRA_FIELDS: Readonly<Record<string, JsonObject>> = {
  // Whether `url` is a signed (private bucket) URL; set on every file the upload routes return.
  [FILE_UID]: { isUrlSigned: { type: 'boolean' } },
  // Whether the locale is the app's default; the locale listing computes it (it is no attribute).
  'plugin::i18n.locale': { isDefault: { type: 'boolean' } },
};

interface Context {
  meta: SchemaMeta;
  registry: SchemaRegistry;
}

function contentType(ctx: Context, uid: string): ContentTypeMeta {
  const ct = ctx.meta.contentTypes[uid];
  if (!ct) throw new Error(`openapi: ${uid} is not a content type of this schema`);
  return ct;
}

function component(ctx: Context, uid: string): ComponentMeta {
  const meta = ctx.meta.components[uid];
  if (!meta) throw new Error(`openapi: ${uid} is not a component of this schema`);
  return meta;
}

/** A dynamic zone's entries: one schema per component, told apart by `__component`. */
function zone(uids: string[], entry: (uid: string) => JsonObject): JsonObject {
  return {
    type: 'array',
    items: {
      oneOf: uids.map(entry),
      discriminator: { propertyName: '__component', mapping: Object.fromEntries(uids.map((uid) => [uid, String(entry(uid).$ref)])) },
    },
  };
}

function responseAttribute(ctx: Context, attribute: Attribute): JsonObject {
  switch (attribute.kind) {
    case 'scalar':
      return nullable(responseValue(attribute.type, attribute));
    case 'relation': {
      const target = documentSchema(ctx, attribute.target);
      // A to-many relation populated with `count: true` answers { count }.
      return attribute.toMany ? { anyOf: [{ type: 'array', items: target }, object({ count: { type: 'integer' } }, { required: ['count'] })] } : nullable(target);
    }
    case 'media': {
      const file = documentSchema(ctx, FILE_UID);
      return attribute.multiple ? nullable({ type: 'array', items: file }) : nullable(file);
    }
    case 'component': {
      const schema = componentSchema(ctx, attribute.component);
      return attribute.repeatable ? { type: 'array', items: schema } : nullable(schema);
    }
    case 'dynamiczone':
      return zone(attribute.components, (uid) => componentSchema(ctx, uid, true));
    case 'morph': {
      // Entries of any content type: the owning side tags each with `__type`; the inverse side lists owners.
      const entry = attribute.ownerType ? documentSchema(ctx, attribute.ownerType) : morphEntry(ctx.registry);
      return attribute.toMany ? { anyOf: [{ type: 'array', items: entry }, object({ count: { type: 'integer' } }, { required: ['count'] })] } : nullable(entry);
    }
  }
}

/** A populated entry of a polymorphic relation: any content type's document, tagged by `__type`. */
function morphEntry(registry: SchemaRegistry): JsonObject {
  return registry.ref('MorphEntry', () =>
    object({ __type: { type: 'string', description: 'The uid of the entry\'s content type.' }, id: { type: 'integer' }, documentId: { type: 'string' } }, { required: ['__type'], closed: false }),
  );
}

/** A polymorphic relation's value in a body: entries naming their type, the full list or connect/disconnect/set. */
function morphInput(registry: SchemaRegistry, toMany: boolean): JsonObject {
  return registry.ref(toMany ? 'MorphInputMany' : 'MorphInputOne', () => {
    const ref = object(
      { __type: { type: 'string' }, documentId: { type: 'string' }, id: { type: 'integer' }, locale: { type: 'string' }, position: POSITION },
      { required: ['__type'], description: 'An entry: its content type uid (`__type`) and its documentId or id.' },
    );
    const list = { type: 'array', items: ref };
    const diff = object({ connect: { anyOf: [ref, list] }, disconnect: { anyOf: [ref, list] }, set: { anyOf: [ref, list] } });
    return toMany ? { anyOf: [list, diff] } : { anyOf: [ref, list, diff, { type: 'null' }] };
  });
}

function responseProperties(ctx: Context, attributes: Record<string, Attribute>): JsonObject {
  const properties: JsonObject = {};
  for (const attribute of Object.values(attributes)) if (!attribute.private) properties[attribute.name] = responseAttribute(ctx, attribute);
  return properties;
}

/** A document of `uid` as responses return it, named after the type (`Article`). */
export function documentSchema(ctx: Context, uid: string): JsonObject {
  const ct = contentType(ctx, uid);
  const name = typeSchemaName(uid);
  return ctx.registry.ref(name, () => {
    const dateTime = { type: 'string', format: 'date-time' };
    const system: JsonObject = {
      id: { type: 'integer' },
      documentId: { type: 'string' },
      createdAt: dateTime,
      updatedAt: dateTime,
      // Set on published versions (and always on types without draft & publish); null on drafts.
      publishedAt: nullable(dateTime),
    };
    if (ct.localized) {
      system.locale = { type: 'string' };
      system.localizations = { type: 'array', items: refTo(name) };
    }
    return object(
      { ...system, ...responseProperties(ctx, ct.attributes), ...(EXTRA_FIELDS[uid] ?? {}) },
      { required: ['id', 'documentId'], description: `${ct.displayName} (${uid}). Relations, media, components and dynamic zones appear only when populated; \`fields\` selects the rest.` },
    );
  });
}

/** A component as responses return it; `entry` adds the `__component` of a dynamic-zone entry. */
export function componentSchema(ctx: Context, uid: string, entry = false): JsonObject {
  const meta = component(ctx, uid);
  return ctx.registry.ref(`${typeSchemaName(uid)}${entry ? 'Entry' : ''}`, () => {
    const head: JsonObject = entry ? { __component: { type: 'string', const: uid } } : {};
    return object({ ...head, id: { type: 'integer' }, ...responseProperties(ctx, meta.attributes) }, { required: entry ? ['__component'] : [], description: `Component ${uid}${entry ? ' in a dynamic zone' : ''}.` });
  });
}

/** Where a related document goes in a relation's list. */
const POSITION: JsonObject = object({
  before: { type: 'string' },
  after: { type: 'string' },
  start: { type: 'boolean' },
  end: { type: 'boolean' },
  locale: { type: 'string' },
});

/** One related document: its documentId (or row id), or an object naming locale and position. */
function relationRef(registry: SchemaRegistry): JsonObject {
  return registry.ref('RelationRef', () => ({
    description: 'A related document: its documentId, its id, or { documentId, locale?, status?, position? }.',
    anyOf: [
      { type: 'string' },
      { type: 'integer' },
      object({ documentId: { type: 'string' }, id: { type: 'integer' }, locale: { type: 'string' }, status: { type: 'string', enum: ['draft', 'published'] }, position: POSITION }),
    ],
  }));
}

/** A relation's value in a body: the full list (or one, or null), or connect/disconnect/set. */
function relationInput(registry: SchemaRegistry, toMany: boolean): JsonObject {
  return registry.ref(toMany ? 'RelationInputMany' : 'RelationInputOne', () => {
    const ref = relationRef(registry);
    const list = { type: 'array', items: ref };
    const diff = object({ connect: { anyOf: [ref, list] }, disconnect: { anyOf: [ref, list] }, set: { anyOf: [ref, list] } });
    return toMany ? { anyOf: [list, ref, diff, { type: 'null' }] } : { anyOf: [ref, list, diff, { type: 'null' }] };
  });
}

/** One attribute's value in a request body. */
export function inputAttribute(ctx: Context, attribute: Attribute): JsonObject {
  // A required scalar, media or component refuses null, on create and update alike.
  const orNull = (schema: JsonObject): JsonObject => (attribute.required ? schema : nullable(schema));
  switch (attribute.kind) {
    case 'scalar':
      return orNull(inputValue(attribute));
    case 'relation':
      return relationInput(ctx.registry, attribute.toMany);
    case 'media': {
      const id = { anyOf: [{ type: 'integer' }, { type: 'string' }, object({ id: { type: 'integer' } }, { closed: false })] };
      return attribute.multiple ? orNull({ type: 'array', items: id, ...(attribute.required ? { minItems: 1 } : {}) }) : orNull(id);
    }
    case 'component': {
      const schema = componentInput(ctx, attribute.component);
      return attribute.repeatable ? orNull({ type: 'array', items: schema }) : orNull(schema);
    }
    case 'dynamiczone':
      return nullable(zone(attribute.components, (uid) => componentInput(ctx, uid, true)));
    case 'morph':
      return morphInput(ctx.registry, attribute.toMany);
  }
}

function inputProperties(ctx: Context, attributes: Record<string, Attribute>): JsonObject {
  const properties: JsonObject = {};
  // Private attributes are written like any other (private means never returned, as in Strapi).
  // The inverse side of a polymorphic relation is read-only (its owners hold the links).
  for (const attribute of Object.values(attributes)) if (attribute.kind !== 'morph' || attribute.owner) properties[attribute.name] = inputAttribute(ctx, attribute);
  return properties;
}

/**
 * What a create must name (runtime/engine/write/plan.ts): required attributes other than relations
 * and media (Strapi lets both be left out), unless a default fills them in.
 */
function requiredOnCreate(attributes: Record<string, Attribute>, properties: JsonObject): string[] {
  return Object.values(attributes)
    .filter((a) => a.required && a.kind !== 'relation' && a.kind !== 'media' && !(a.kind === 'scalar' && a.default !== undefined) && a.name in properties)
    .map((a) => a.name);
}

/** The `data` of an update (`<Type>Input`) or a create (`<Type>CreateInput`, required attributes named) of `uid`. */
export function documentInput(ctx: Context, uid: string, create = false): JsonObject {
  const ct = contentType(ctx, uid);
  return ctx.registry.ref(`${typeSchemaName(uid)}${create ? 'CreateInput' : 'Input'}`, () => {
    // Accepted and ignored, as Strapi does (runtime/engine/write/plan.ts): the status and the query's
    // locale decide; Strapi 4 clients send `publishedAt: null`.
    const ignored = {
      publishedAt: { type: ['string', 'null'], description: 'Accepted and ignored: publish with `status` or the publish action.' },
      locale: { type: ['string', 'null'], description: 'Accepted and ignored: the `locale` query parameter chooses the locale.' },
    };
    const properties = { ...inputProperties(ctx, ct.attributes), ...ignored };
    return object(properties, {
      required: create ? requiredOnCreate(ct.attributes, properties) : [],
      description: create
        ? `Attributes of a new ${ct.displayName}: required ones without a default must be named.`
        : `Attributes of ${ct.displayName} to change: an update writes only what it names.`,
    });
  });
}

/** A component in a body; `id` updates the existing one in place. */
export function componentInput(ctx: Context, uid: string, entry = false): JsonObject {
  const meta = component(ctx, uid);
  return ctx.registry.ref(`${typeSchemaName(uid)}${entry ? 'EntryInput' : 'Input'}`, () => {
    const head: JsonObject = entry ? { __component: { type: 'string', const: uid } } : {};
    const properties = inputProperties(ctx, meta.attributes);
    // A component is written whole (created, or replaced in place with its id): its required attributes always apply.
    return object({ ...head, id: { type: 'integer' }, ...properties }, { required: [...(entry ? ['__component'] : []), ...requiredOnCreate(meta.attributes, properties)] });
  });
}

export type { Context as DocumentContext };
