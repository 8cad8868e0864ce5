// Loads demo content (a JSON file keyed by plural API id) through the operation layer, resolving
// "@<plural>.<key>" references to the documentIds created earlier in the same file.
import type { Engine } from '@cms-gen/core/documents/operations';
import { collectionOperations, singleOperations } from '@cms-gen/core/documents/operations';
import type { AuthContext } from '@cms-gen/core/engine/types';

/** Internal callers (seeding, CLI) act with every permission. */
export const SYSTEM_AUTH: AuthContext = { kind: 'api-token', can: () => true };

type SeedFile = Record<string, unknown>;

function resolveRefs(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string' && value.startsWith('@')) {
    const id = ids.get(value.slice(1));
    if (!id) throw new Error(`seed: unknown reference ${value}`);
    return id;
  }
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, ids)]));
  return value;
}

/** Seeds when no document of any served type exists yet. Returns how many documents it created. */
export async function seedDemoData(engine: Engine, data: SeedFile): Promise<number> {
  const byPlural = new Map(Object.values(engine.schema.contentTypes).map((ct) => [ct.pluralName, ct]));
  const bySingular = new Map(Object.values(engine.schema.contentTypes).map((ct) => [ct.singularName, ct]));
  for (const ct of byPlural.values()) {
    if (!ct.uid.startsWith('api::')) continue;
    const rows = await engine.db.query(`SELECT 1 AS hit FROM ${engine.dialect.quote(ct.table)} LIMIT 1`);
    if (rows.length) return 0;
  }
  const ids = new Map<string, string>();
  let created = 0;
  for (const [key, entries] of Object.entries(data)) {
    if (key.startsWith('$')) continue;
    const collection = byPlural.get(key);
    const single = bySingular.get(key);
    if (collection && collection.kind === 'collectionType') {
      const ops = collectionOperations(engine, collection.uid);
      for (const [localKey, raw] of Object.entries(entries as Record<string, Record<string, unknown>>)) {
        const { $status, ...fields } = raw;
        const doc = await ops.create({ data: resolveRefs(fields, ids) }, $status === 'draft' ? { status: 'draft' } : {}, SYSTEM_AUTH);
        ids.set(`${key}.${localKey}`, String(doc.documentId));
        created++;
      }
    } else if (single && single.kind === 'singleType') {
      await singleOperations(engine, single.uid).update({ data: resolveRefs(entries, ids) }, {}, SYSTEM_AUTH);
      created++;
    } else {
      throw new Error(`seed: ${key} is not a content type's plural (or single type's singular) API id`);
    }
  }
  return created;
}
