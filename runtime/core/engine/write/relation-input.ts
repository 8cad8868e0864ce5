// The relation write forms Strapi accepts, normalized: a documentId or numeric id, an array of them
// (meaning "set"), or `{ connect, disconnect, set }` whose items may carry a locale and a position.
import { isRowId } from '../../model/row-id';

export interface RelationRef {
  documentId?: string;
  id?: number;
  locale?: string;
  position?: { before?: RelationRef; after?: RelationRef; start?: boolean; end?: boolean };
}

export interface RelationInput {
  set?: RelationRef[];
  connect: RelationRef[];
  disconnect: RelationRef[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Ids are 32-bit columns (isRowId), and PostgreSQL cannot bind a NUL: either would be a driver error (a 500). */
const isId = isRowId;

function toRef(item: unknown): RelationRef | undefined {
  if (typeof item === 'string' && item.length > 0) {
    if (item.includes('\u0000')) return undefined;
    if (!/^\d+$/.test(item)) return { documentId: item };
    return isId(Number(item)) ? { id: Number(item) } : undefined;
  }
  if (typeof item === 'number') return isId(item) ? { id: item } : undefined;
  if (!isObject(item)) return undefined;
  const base = item.documentId !== undefined ? toRef(String(item.documentId)) : item.id !== undefined ? toRef(item.id) : undefined;
  if (!base) return undefined;
  const ref: RelationRef = { ...base };
  if (typeof item.locale === 'string') {
    if (item.locale.includes('\u0000')) return undefined;
    ref.locale = item.locale;
  }
  if (isObject(item.position)) {
    const p = item.position;
    const position: NonNullable<RelationRef['position']> = {};
    if (p.before !== undefined) position.before = toRef(p.before);
    if (p.after !== undefined) position.after = toRef(p.after);
    if (p.start === true) position.start = true;
    if (p.end === true) position.end = true;
    if ((p.before !== undefined && !position.before) || (p.after !== undefined && !position.after)) return undefined;
    ref.position = position;
  }
  return ref;
}

function toRefs(value: unknown): RelationRef[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  const refs = items.map(toRef);
  return refs.some((r) => r === undefined) ? undefined : (refs as RelationRef[]);
}

export function normalizeRelationInput(value: unknown, toMany: boolean, label: string): RelationInput | { issue: string } {
  const invalid = { issue: `${label} must be a document id, an array of document ids or { connect, disconnect, set }` };
  if (value === null) return { set: [], connect: [], disconnect: [] };
  if (isObject(value) && ('connect' in value || 'disconnect' in value || 'set' in value)) {
    for (const key of Object.keys(value)) if (!['connect', 'disconnect', 'set'].includes(key)) return invalid;
    const connect = value.connect === undefined ? [] : toRefs(value.connect);
    const disconnect = value.disconnect === undefined ? [] : toRefs(value.disconnect);
    const set = value.set === undefined ? undefined : value.set === null ? [] : toRefs(value.set);
    if (!connect || !disconnect || (value.set !== undefined && !set)) return invalid;
    if (!toMany && ((set?.length ?? 0) > 1 || connect.length > 1)) return { issue: `${label} accepts one document` };
    return { set, connect, disconnect };
  }
  const refs = toRefs(value);
  if (!refs) return invalid;
  if (!toMany && refs.length > 1) return { issue: `${label} accepts one document` };
  return { set: refs, connect: [], disconnect: [] };
}
