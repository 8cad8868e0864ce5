// Comparable signatures of what a row owns outside its table, so publishing rewrites only the
// media and component fields whose content differs between the draft and the published version.
import type { RelationAttribute } from '../../model/types';
import { allScalars, componentShape, type Shape } from '../../model/schema-index';
import type { OwnerRow, WriteEnv } from './context';
import { linkSignature } from './relations';

export function ownedRelations(shape: Shape): RelationAttribute[] {
  return Object.values(shape.meta.attributes).filter((a): a is RelationAttribute => a.kind === 'relation' && a.owner);
}

/** field name → signature, for every media, component and dynamic-zone field of `shape`. */
export async function snapshotOwned(env: WriteEnv, shape: Shape, owner: OwnerRow): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const q = env.dialect.quote;
  for (const attr of Object.values(shape.meta.attributes)) {
    if (attr.kind === 'media') {
      const rows = await env.tx.query(`SELECT file_id FROM ${q('files_related')} WHERE related_type = ? AND related_id = ? AND field = ? ORDER BY position, id`, [owner.uid, owner.id, attr.name]);
      out.set(attr.name, rows.map((r) => String(r.file_id)).join(','));
    }
    if (attr.kind === 'component' || attr.kind === 'dynamiczone') {
      const uids = attr.kind === 'component' ? [attr.component] : attr.components;
      const entries: { position: number; uid: string; signature: string }[] = [];
      for (const uid of uids) {
        const target = componentShape(env.schema, uid);
        const columns = allScalars(target).map((a) => a.column);
        const select = ['id', 'position', ...columns].map(q).join(', ');
        const rows = await env.tx.query(`SELECT ${select} FROM ${q(target.meta.table)} WHERE owner_type = ? AND owner_field = ? AND owner_id = ? ORDER BY position, id`, [owner.uid, attr.name, owner.id]);
        for (const row of rows) {
          const nested = await snapshotOwned(env, target, { uid, id: Number(row.id) });
          const links: string[] = [];
          for (const rel of ownedRelations(target)) links.push(`${rel.name}=${await linkSignature(env, rel.linkTable, Number(row.id))}`);
          const scalars = columns.map((c) => stable(row[c])).join('|');
          entries.push({ position: Number(row.position), uid, signature: `${uid}{${scalars}}[${[...nested].map(([k, v]) => `${k}:${v}`).join(';')}](${links.join(';')})` });
        }
      }
      entries.sort((a, b) => a.position - b.position);
      out.set(attr.name, entries.map((e) => e.signature).join('\n'));
    }
  }
  return out;
}

function stable(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
