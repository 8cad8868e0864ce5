// Strapi 5's migration aid for REST clients written against Strapi 4: a request carrying the header
// `Strapi-Response-Format: v4` gets the content endpoints' documents in Strapi 4's nested shape,
// everything else (meta, errors, status codes) unchanged.
//
//   document     { id, documentId, attributes: { ...every other key } }
//   relation     { data: document | document[] | null }     (also `localizations`, and media)
//   component    { id, ...its keys }, its own relations and media wrapped as above
//   dynamic zone each entry as a component of its `__component`
//   morph        { data: document[] }, each entry (with `__type` among its attributes) as its type's document
//
// Only the flat output of the operations is rewritten; no operation knows about the format. The
// value must be exactly `v4` (Strapi compares it as is); the header name is case-insensitive.
import type { IncomingHttpHeaders } from 'node:http';
import type { Document } from '@cms-gen/core/engine/types';
import { FILE_UID } from '@cms-gen/core/model/schema-index';
import type { Attribute, SchemaMeta } from '@cms-gen/core/model/types';
import { isRecord } from '@cms-gen/core/query/validate-common';

export const RESPONSE_FORMAT_HEADER = 'strapi-response-format';

export function wantsV4Format(headers: IncomingHttpHeaders): boolean {
  return headers[RESPONSE_FORMAT_HEADER] === 'v4';
}

/** Rewrites the `data` of one content type's responses into the v4 shape. */
export type V4Transform = (data: Document | Document[]) => unknown;

type Attributes = Record<string, Attribute>;

interface Owner {
  attributes: Attributes;
  /** Content types only: the uid `localizations` points back to (i18n). */
  localizationsOf?: string;
}

/** What Strapi 4 nests under `{ data }`: an object, a list, or null (nothing populated). */
function isEntry(value: unknown): value is Record<string, unknown> | unknown[] | null {
  return value === null || typeof value === 'object';
}

class V4Writer {
  constructor(private readonly schema: SchemaMeta) {}

  contentType(uid: string): Owner | undefined {
    const meta = this.schema.contentTypes[uid];
    return meta ? { attributes: meta.attributes, localizationsOf: meta.localized ? uid : undefined } : undefined;
  }

  componentOwner(uid: unknown): Owner | undefined {
    const meta = typeof uid === 'string' ? this.schema.components[uid] : undefined;
    return meta ? { attributes: meta.attributes } : undefined;
  }

  /** `{ id, documentId, attributes }` for one document, a list of them for a list. */
  entry(value: unknown, owner: Owner | undefined): unknown {
    if (Array.isArray(value)) return value.map((item) => this.entry(item, owner));
    if (!isRecord(value)) return value;
    const { id, documentId, ...rest } = value;
    return { id, documentId, attributes: this.attributes(rest, owner) };
  }

  private morphEntry(value: unknown): unknown {
    return this.entry(value, isRecord(value) && typeof value.__type === 'string' ? this.contentType(value.__type) : undefined);
  }

  private components(value: unknown, owner: Owner | undefined): unknown {
    if (Array.isArray(value)) return value.map((item) => this.componentEntry(item, owner));
    return this.componentEntry(value, owner);
  }

  private componentEntry(value: unknown, owner: Owner | undefined): unknown {
    if (!isRecord(value)) return value;
    const { id, documentId: _documentId, ...rest } = value;
    return { id, ...this.attributes(rest, owner) };
  }

  private attributes(values: Record<string, unknown>, owner: Owner | undefined): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) out[key] = this.attribute(key, value, owner);
    return out;
  }

  private attribute(key: string, value: unknown, owner: Owner | undefined): unknown {
    if (key === 'localizations' && owner?.localizationsOf && isEntry(value)) {
      return { data: this.entry(value, this.contentType(owner.localizationsOf)) };
    }
    const attribute = owner?.attributes[key];
    if (!attribute || !isEntry(value)) return value;
    switch (attribute.kind) {
      case 'relation':
        return { data: this.entry(value, this.contentType(attribute.target)) };
      case 'media':
        return { data: this.entry(value, this.contentType(FILE_UID)) };
      case 'morph':
        // The owning side's entries are of several types: each is nested as its `__type`'s document.
        if (attribute.ownerType !== undefined) return { data: this.entry(value, this.contentType(attribute.ownerType)) };
        return { data: Array.isArray(value) ? value.map((item) => this.morphEntry(item)) : this.morphEntry(value) };
      case 'component':
        return this.components(value, this.componentOwner(attribute.component));
      case 'dynamiczone':
        return Array.isArray(value) ? value.map((item) => this.componentEntry(item, this.componentOwner(isRecord(item) ? item.__component : undefined))) : value;
      default:
        return value;
    }
  }
}

/** The v4 rewrite of `uid`'s documents, for `collectionRouter`/`singleRouter`. */
export function v4Transform(schema: SchemaMeta, uid: string): V4Transform {
  const writer = new V4Writer(schema);
  const owner = writer.contentType(uid);
  if (!owner) throw new Error(`v4Transform: unknown content type ${uid}`);
  return (data) => writer.entry(data, owner);
}
