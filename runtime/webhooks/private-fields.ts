// Defence in depth: the emitters already leave private attributes out of an event's entry, but a
// webhook leaves the system, so its payload is walked once more against the schema and every
// attribute marked private (passwords always are) is dropped, in relations, media, components and
// dynamic zones too.
import { FILE_UID } from '@cms-gen/core/model/schema-index';
import type { Attribute, SchemaMeta } from '@cms-gen/core/model/types';

type Attributes = Record<string, Attribute>;

/** Entries nest only as deep as populate goes; a deeper value is not walked into (and not sent). */
const MAX_DEPTH = 32;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function attributesOf(uid: string | undefined, schema: SchemaMeta): Attributes | undefined {
  if (uid === undefined) return undefined;
  return (schema.contentTypes[uid] ?? schema.components[uid])?.attributes;
}

/** The schema owner of what `attribute` holds (undefined for scalars and unknown targets). */
function targetOf(attribute: Attribute, item: Record<string, unknown>): string | undefined {
  switch (attribute.kind) {
    case 'relation':
      return attribute.target;
    case 'media':
      return FILE_UID;
    case 'component':
      return attribute.component;
    case 'dynamiczone':
      return typeof item.__component === 'string' && attribute.components.includes(item.__component) ? item.__component : undefined;
    default:
      return undefined;
  }
}

function clean(value: unknown, owner: Attributes | undefined, attribute: Attribute | undefined, schema: SchemaMeta, depth: number): unknown {
  if (Array.isArray(value)) return value.map((item) => clean(item, owner, attribute, schema, depth));
  if (!isRecord(value)) return value;
  // A json attribute's value is the user's data, not a record of the schema.
  if (attribute?.kind === 'scalar') return value;
  if (depth > MAX_DEPTH) return null;
  // A record under an attribute is that attribute's target; a top-level record (or a
  // `localizations` entry, which is the same type) belongs to `owner`.
  const attributes = attribute ? attributesOf(targetOf(attribute, value), schema) : owner;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const fieldAttribute = attributes?.[key];
    if (fieldAttribute && (fieldAttribute.private || (fieldAttribute.kind === 'scalar' && fieldAttribute.type === 'password'))) continue;
    if (fieldAttribute) out[key] = clean(field, undefined, fieldAttribute, schema, depth + 1);
    else if (key === 'localizations') out[key] = clean(field, attributes, undefined, schema, depth + 1);
    else out[key] = field;
  }
  return out;
}

/** A copy of `record` (of type `uid`) without the attributes the schema marks private, at any depth. */
export function withoutPrivateAttributes(record: Record<string, unknown>, uid: string, schema: SchemaMeta): Record<string, unknown> {
  return clean(record, attributesOf(uid, schema), undefined, schema, 0) as Record<string, unknown>;
}
