// Relations and media named by numeric id are checked before anything is written, the way Strapi
// 5.54 checks them: once for the whole entity (components and dynamic-zone entries included), per
// target type, counting the distinct ids that name no row. The first type (in schema order) with a
// missing id is the answer: `2 relation(s) of type plugin::upload.file associated with this entity
// do not exist`, with `path: []`. Ids a write only removes (`disconnect`) or places against
// (`position.before`) are not checked, as in Strapi. Relations named by documentId are resolved
// first (resolveRefs), so a documentId that names nothing keeps its own answer.
import type { SchemaMeta } from '../../model/types';
import { componentShape, FILE_UID, type Shape } from '../../model/schema-index';
import type { WriteEnv } from './context';
import type { ComponentEntry, WritePlan } from './plan';
import type { RelationInput, RelationRef } from './relation-input';
import { resolveRefs } from './relations';
import { missingRelationsError } from './missing-relations-error';

interface Collected {
  /** target uid → numeric ids, in the order the types were first met */
  ids: Map<string, Set<number>>;
  /** relations named by documentId, to resolve before the numeric ids are counted */
  byDocumentId: { target: string; refs: RelationRef[]; locale: string | null }[];
}

const addedRefs = (input: RelationInput): RelationRef[] => [...(input.set ?? []), ...input.connect];

function collect(schema: SchemaMeta, shape: Shape, plan: WritePlan, locale: string | null, into: Collected): void {
  const add = (uid: string, id: number) => {
    const set = into.ids.get(uid) ?? new Set<number>();
    set.add(id);
    into.ids.set(uid, set);
  };
  // Schema order, so the first type reported is the one Strapi reports.
  for (const attr of Object.values(shape.meta.attributes)) {
    if (attr.kind === 'relation') {
      const input = plan.relations.get(attr.name);
      if (!input) continue;
      const refs = addedRefs(input);
      for (const ref of refs) if (ref.id !== undefined) add(attr.target, ref.id);
      const named = refs.filter((ref) => ref.id === undefined);
      if (named.length > 0) into.byDocumentId.push({ target: attr.target, refs: named, locale });
    } else if (attr.kind === 'media') {
      const media = plan.media.get(attr.name) ?? [];
      for (const id of Array.isArray(media) ? media : [...(media.set ?? []), ...media.connect]) add(FILE_UID, id);
    } else if (attr.kind === 'component' || attr.kind === 'dynamiczone') {
      const value = plan.components.get(attr.name);
      const entries: ComponentEntry[] = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
      // Relations inside components fall back to the default locale, as their write does (apply-plan.ts).
      for (const entry of entries) collect(schema, componentShape(schema, entry.component), entry.plan, null, into);
    }
  }
}

async function countMissing(env: WriteEnv, uid: string, ids: Set<number>): Promise<number> {
  const table = env.schema.contentTypes[uid]?.table;
  if (!table) return 0;
  const list = [...ids];
  const rows = await env.tx.query(`SELECT id FROM ${env.dialect.quote(table)} WHERE id IN (${list.map(() => '?').join(', ')})`, list);
  return list.length - rows.length;
}

/**
 * Refuses a write whose relations or media name ids that do not exist. `locale` is the version
 * written (relations by documentId default to it); `sent` is the write's `data`, reported as the
 * issue's value.
 */
export async function checkRelationsExist(env: WriteEnv, shape: Shape, plan: WritePlan, locale: string | null, sent: unknown): Promise<void> {
  const collected: Collected = { ids: new Map(), byDocumentId: [] };
  collect(env.schema, shape, plan, locale, collected);
  for (const [uid, ids] of collected.ids) {
    const missing = await countMissing(env, uid, ids);
    if (missing === 0) continue;
    // Strapi resolves documentIds before it counts ids: a documentId that names nothing wins.
    for (const { target, refs, locale: fallback } of collected.byDocumentId) await resolveRefs(env, target, refs, fallback);
    throw missingRelationsError(missing, uid, sent);
  }
}
