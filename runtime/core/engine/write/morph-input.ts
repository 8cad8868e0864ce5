// The write forms of a polymorphic relation (morphToOne/morphToMany), as Strapi 5 takes them: every
// item names its content type with `__type` and the document with `documentId` (or a row `id`):
// `[{ __type, documentId }]` (meaning "set"), one such object (to-one), or `{ connect, disconnect,
// set }` of such items (connect items may carry a locale and a position).
import type { SchemaMeta } from '../../model/types';
import { normalizeRelationInput, type RelationRef } from './relation-input';

export interface MorphRef extends RelationRef {
  /** The target's content type uid. */
  type: string;
}

export interface MorphInput {
  set?: MorphRef[];
  connect: MorphRef[];
  disconnect: MorphRef[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Strips `__type` off each item (collected in `types`, in order) so the relation parser reads the rest. */
function stripTypes(items: unknown, types: unknown[]): unknown {
  const list = Array.isArray(items) ? items : [items];
  const stripped = list.map((item) => {
    if (!isObject(item)) {
      types.push(undefined);
      return item;
    }
    const { __type, ...rest } = item;
    types.push(__type);
    return rest;
  });
  return Array.isArray(items) ? stripped : stripped[0];
}

/**
 * `invalidKey`: an entry without `__type` or naming no content type, or null; Strapi refuses the
 * whole attribute then (400 `Invalid key <attr>`).
 */
export type MorphInputProblem = { issue: string; invalidKey?: true };

export function normalizeMorphInput(value: unknown, toMany: boolean, label: string, schema: SchemaMeta): MorphInput | MorphInputProblem {
  const invalid = { issue: `${label} must be a list of { __type, documentId } objects or { connect, disconnect, set }` };
  // Strapi 5.54 refuses null here (`Invalid key`); `[]` or `{ set: [] }` clears.
  if (value === null) return { issue: `${label} cannot be null`, invalidKey: true };
  const wrapped = isObject(value) && ('connect' in value || 'disconnect' in value || 'set' in value);
  const types: Record<'set' | 'connect' | 'disconnect', unknown[]> = { set: [], connect: [], disconnect: [] };
  let input: unknown;
  if (wrapped) {
    const copy: Record<string, unknown> = { ...value };
    for (const key of ['set', 'connect', 'disconnect'] as const) if (value[key] !== undefined && value[key] !== null) copy[key] = stripTypes(value[key], types[key]);
    input = copy;
  } else {
    // A bare item or list is a "set"; bare ids cannot say which type they name.
    if (!isObject(value) && !(Array.isArray(value) && value.every(isObject))) return invalid;
    input = stripTypes(value, types.set);
  }
  const normalized = normalizeRelationInput(input, toMany, label);
  if ('issue' in normalized) return normalized;
  const typed = (refs: RelationRef[], key: 'set' | 'connect' | 'disconnect'): MorphRef[] | MorphInputProblem => {
    const out: MorphRef[] = [];
    for (const [i, ref] of refs.entries()) {
      const type = types[key][i];
      if (typeof type !== 'string') return { issue: `${label} entries need __type, the uid of the content type they point at`, invalidKey: true };
      if (schema.contentTypes[type] === undefined) return { issue: `${label}: unknown __type "${type}"`, invalidKey: true };
      out.push({ ...ref, type });
    }
    return out;
  };
  const connect = typed(normalized.connect, 'connect');
  const disconnect = typed(normalized.disconnect, 'disconnect');
  const set = normalized.set ? typed(normalized.set, 'set') : undefined;
  if ('issue' in connect) return connect;
  if ('issue' in disconnect) return disconnect;
  if (set && 'issue' in set) return set;
  return { connect, disconnect, ...(set ? { set } : {}) };
}
