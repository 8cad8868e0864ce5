// Form values -> the body the API takes: media as ids, relations as documentIds (`set` keeps the
// order the editor gave), components and dynamic zones walked with their own attributes, system
// fields and an untouched password left out.
import type { AttributeMeta, ComponentMeta } from './types';

const SYSTEM = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status', '__meta'];

type Values = Record<string, unknown>;
type Related = { documentId?: string; id?: unknown } | string | null | undefined;

const relatedId = (item: Related): string | undefined => (typeof item === 'string' ? item : (item?.documentId ?? undefined));

/**
 * A to-many relation the edit view loads page by page (RelationInput): the entries shown (loaded
 * pages, minus those removed, plus those added, in order), how many the document held, and the
 * documentIds loaded from the server so far.
 */
export interface PagedRelation {
  __paged: true;
  items: { documentId?: string; id?: unknown; [key: string]: unknown }[];
  total: number;
  loaded: string[];
}

export const isPagedRelation = (value: unknown): value is PagedRelation => typeof value === 'object' && value !== null && (value as { __paged?: unknown }).__paged === true;

/**
 * Every entry loaded: `set` (the order the editor gave). Some still on the server: only what
 * changed, as `connect` (appended) and `disconnect`, so the entries never loaded stay.
 */
function pagedPayload(value: PagedRelation): unknown {
  const ids = value.items.map((v) => relatedId(v)).filter((id): id is string => !!id);
  if (value.loaded.length >= value.total) return { set: ids };
  const connect = ids.filter((id) => !value.loaded.includes(id));
  const disconnect = value.loaded.filter((id) => !ids.includes(id));
  return connect.length || disconnect.length ? { connect, disconnect } : undefined;
}

function mediaIds(value: unknown, multiple: boolean): unknown {
  const idOf = (file: unknown) => (typeof file === 'object' && file !== null ? (file as { id: unknown }).id : file);
  if (multiple) return Array.isArray(value) ? value.map(idOf) : [];
  return value ? idOf(value) : null;
}

export function toPayload(values: Values, attributes: Record<string, AttributeMeta>, components: Record<string, ComponentMeta>, keepIds = false): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    if (!keepIds && SYSTEM.includes(name)) continue;
    const attribute = attributes[name];
    if (!attribute) {
      if (keepIds && (name === 'id' || name === '__component')) out[name] = value;
      continue;
    }
    out[name] = fieldPayload(value, attribute, components);
    if (out[name] === undefined) delete out[name];
  }
  return out;
}

function fieldPayload(value: unknown, attribute: AttributeMeta, components: Record<string, ComponentMeta>): unknown {
  switch (attribute.type) {
    case 'password':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'media':
      return mediaIds(value, !!attribute.multiple);
    case 'relation': {
      if (value && typeof value === 'object' && !Array.isArray(value) && 'count' in (value as object)) return undefined; // a list's count: untouched
      if (isPagedRelation(value)) return pagedPayload(value);
      if (Array.isArray(value)) return { set: value.map((v) => relatedId(v as Related)).filter(Boolean) };
      return relatedId(value as Related) ?? null;
    }
    case 'component': {
      const component = components[attribute.component ?? ''];
      if (!component) return value;
      if (attribute.repeatable) return Array.isArray(value) ? value.map((item) => toPayload(item as Values, component.attributes, components, true)) : [];
      return value ? toPayload(value as Values, component.attributes, components, true) : null;
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? value.map((item) => {
            const component = components[(item as Values).__component as string];
            return component ? { ...toPayload(item as Values, component.attributes, components, true), __component: (item as Values).__component } : item;
          })
        : [];
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return value === '' || value === undefined ? null : value;
    case 'json':
    case 'blocks':
    case 'date':
    case 'datetime':
    case 'time':
    case 'email':
    case 'enumeration':
    case 'uid':
      return value === '' ? null : value;
    default:
      return value;
  }
}
