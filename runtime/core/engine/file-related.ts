// `related` of an upload file (`populate[cover][populate]=*` or `[populate][related]=true`): every
// entry that uses the file, in the order the links were made, each with its type's default fields
// and `__type` (its content type uid), as Strapi 5 lists them. An entry that uses the file twice
// (cover and gallery) is listed twice. Unlike Strapi, only entries the reader could read are listed:
// content types it may read (node.relatedTypes, from validation), versions of the status it reads
// (Strapi lists draft versions to every reader; docs/rest.md, "Deliberate"). Links from components
// are not listed, as in Strapi.
import type { Row, SqlValue } from '@cms-gen/db/types';
import type { PopulateNode } from '../query/ast';
import { join, placeholders, sql, type Sql } from '../sql/fragment';
import type { QueryContext } from '../sql/query-context';
import type { Loaded, ReadEnv } from './read-env';
import { contentTypeShape } from '../model/schema-index';
import { selectedFields, selectList, toDocument } from './select';
import type { Document } from './types';

const CHUNK = 500;

async function inChunks(env: ReadEnv, keys: readonly SqlValue[], build: (keys: Sql) => Sql): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const statement = build(placeholders(keys.slice(i, i + CHUNK)));
    for (const row of await env.db.query(statement.text, statement.params)) rows.push(row);
  }
  return rows;
}

/** Per file (same order as `files`), the entries using it. */
export async function populateFileRelated(env: ReadEnv, files: Loaded[], node: PopulateNode, ctx: QueryContext): Promise<Document[][]> {
  const types = (node.relatedTypes ?? []).filter((uid) => env.schema.contentTypes[uid] !== undefined);
  if (types.length === 0 || files.length === 0) return files.map(() => []);
  const q = env.dialect.quote;
  const typeList = placeholders(types);
  const links = await inChunks(env, [...new Set(files.map((f) => f.id))], (ids) =>
    sql(
      `SELECT fr.file_id AS file_id, fr.related_type AS related_type, fr.related_id AS related_id FROM ${q('files_related')} fr WHERE fr.file_id IN (${ids.text}) AND fr.related_type IN (${typeList.text}) ORDER BY fr.file_id, fr.id`,
      [...ids.params, ...typeList.params],
    ),
  );
  const entries = new Map<string, Document>();
  for (const uid of types) {
    const ids = [...new Set(links.filter((l) => l.related_type === uid).map((l) => Number(l.related_id)))];
    if (ids.length === 0) continue;
    const shape = contentTypeShape(env.schema, uid);
    const fields = selectedFields(shape);
    const rows = await inChunks(env, ids, (list) =>
      join([sql(`SELECT ${selectList(fields, 'r', env.dialect)} FROM ${q(shape.meta.table)} r WHERE r.id IN (${list.text}) AND `, list.params), ctx.visibleCondition(shape, 'r')], ''),
    );
    for (const row of rows) entries.set(`${uid}\u0000${Number(row.id)}`, { ...toDocument(row, fields), __type: uid });
  }
  const perFile = new Map<number, Document[]>();
  for (const link of links) {
    const doc = entries.get(`${String(link.related_type)}\u0000${Number(link.related_id)}`);
    if (!doc) continue;
    const list = perFile.get(Number(link.file_id)) ?? [];
    list.push({ ...doc });
    perFile.set(Number(link.file_id), list);
  }
  return files.map((file) => (perFile.get(file.id) ?? []).map((doc) => ({ ...doc })));
}
