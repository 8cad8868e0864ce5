// Rows that lost what they belong to, found with SQL from the schema metadata: link rows whose
// owner row is gone (or whose target document is gone), component rows whose owner is gone, and
// media links (files_related) whose file or owner is gone. A consistent database has none.
import type { Db } from '../../../runtime/db/types';
import type { SchemaMeta } from '../../../runtime/core/model/types';
import { dialectFor } from '../../../runtime/core/sql/dialect';

const FILE_UID = 'plugin::upload.file';

/** Every check with a count of orphan rows; a consistent database answers only zeros. */
export async function countOrphans(db: Db, schema: SchemaMeta): Promise<Record<string, number>> {
  const q = dialectFor(db.dialect).quote;
  const out: Record<string, number> = {};
  const count = async (label: string, sql: string, params: (string | number)[] = []) => {
    out[label] = Number((await db.query(sql, params))[0].n);
  };
  const owners = [
    ...Object.values(schema.contentTypes).map((ct) => ({ uid: ct.uid, table: ct.table, attributes: ct.attributes })),
    ...Object.values(schema.components).map((c) => ({ uid: c.uid, table: c.table, attributes: c.attributes })),
  ];
  const tableOf = new Map(owners.map((o) => [o.uid, o.table]));
  for (const owner of owners) {
    for (const [name, attribute] of Object.entries(owner.attributes)) {
      if ((attribute.kind !== 'relation' && attribute.kind !== 'morph') || !attribute.owner) continue;
      const link = q(attribute.linkTable);
      await count(`${owner.uid}.${name}: link without owner row`, `SELECT COUNT(*) AS n FROM ${link} l WHERE NOT EXISTS (SELECT 1 FROM ${q(owner.table)} o WHERE o.id = l.source_id)`);
      if (attribute.kind === 'relation') {
        const target = q(schema.contentTypes[attribute.target].table);
        await count(
          `${owner.uid}.${name}: link to a deleted document`,
          `SELECT COUNT(*) AS n FROM ${link} l WHERE NOT EXISTS (SELECT 1 FROM ${target} t WHERE t.document_id = l.target_document_id)`,
        );
      }
    }
  }
  for (const component of Object.values(schema.components)) {
    const table = q(component.table);
    const known = owners.map((o) => o.uid);
    await count(`${component.uid}: unknown owner type`, `SELECT COUNT(*) AS n FROM ${table} WHERE owner_type NOT IN (${known.map(() => '?').join(', ')})`, known);
    for (const owner of owners) {
      await count(
        `${component.uid}: row without its ${owner.uid} owner`,
        `SELECT COUNT(*) AS n FROM ${table} c WHERE c.owner_type = ? AND NOT EXISTS (SELECT 1 FROM ${q(owner.table)} o WHERE o.id = c.owner_id)`,
        [owner.uid],
      );
    }
  }
  const files = q(schema.contentTypes[FILE_UID].table);
  await count('files_related: link to a deleted file', `SELECT COUNT(*) AS n FROM files_related r WHERE NOT EXISTS (SELECT 1 FROM ${files} f WHERE f.id = r.file_id)`);
  for (const [uid, table] of tableOf) {
    await count(`files_related: link from a deleted ${uid} row`, `SELECT COUNT(*) AS n FROM files_related r WHERE r.related_type = ? AND NOT EXISTS (SELECT 1 FROM ${q(table)} o WHERE o.id = r.related_id)`, [uid]);
  }
  return out;
}

/** Only the checks that found something. */
export async function orphans(db: Db, schema: SchemaMeta): Promise<Record<string, number>> {
  return Object.fromEntries(Object.entries(await countOrphans(db, schema)).filter(([, n]) => n > 0));
}
