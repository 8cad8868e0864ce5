// Records what Strapi's document service writes for the first N bench documents (default 40: four
// with components), so test/strapi-seed/strapi-rows.test.ts can check the SQL seeder without a
// Strapi install: the DDL of the content tables as Strapi created them, and their rows normalized
// by compare-databases.ts (documentIds by first appearance, timestamps by presence).
// Needs the oracle app (test/strapi-oracle/setup.sh). Rerun after changing bench/seed-data.ts or
// the oracle's schemas:  tsx bench/strapi/record-reference.ts [articles]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from '../config';
import { STRAPI_DATA_DIR } from './base-db';
import { CONTENT_TABLES, normalizedRows } from './compare-databases';
import { seedThroughDocumentService } from './seed-documents-child';
import { requireStrapiAppDir } from './server';

export const REFERENCE_DIR = join(ROOT, 'test', 'strapi-seed');
export const REFERENCE_DDL = join(REFERENCE_DIR, 'content-tables.sql');
export const REFERENCE_ROWS = join(REFERENCE_DIR, 'document-service-rows.json');

export interface ReferenceRows {
  strapi: string;
  articles: number;
  tables: Record<string, Record<string, unknown>[]>;
}

async function main(): Promise<void> {
  const articles = Number(process.argv[2] ?? 40);
  const appDir = requireStrapiAppDir();
  mkdirSync(STRAPI_DATA_DIR, { recursive: true });
  const file = join(STRAPI_DATA_DIR, `reference-${articles}.db`);
  await seedThroughDocumentService(articles, file);
  const db = new Database(file, { readonly: true });
  try {
    const placeholders = CONTENT_TABLES.map(() => '?').join(', ');
    // Tables first (in CONTENT_TABLES order, referenced tables before link tables), then indexes.
    const ddl = [
      ...CONTENT_TABLES.map((t) => db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(t)?.sql),
      ...db
        .prepare<string[], { sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${placeholders}) ORDER BY name`)
        .all(...CONTENT_TABLES)
        .map((r) => r.sql),
    ];
    if (ddl.some((s) => !s)) throw new Error('a content table is missing from the reference database');
    const version = JSON.parse(readFileSync(join(appDir, 'node_modules', '@strapi', 'strapi', 'package.json'), 'utf8')).version as string;
    mkdirSync(REFERENCE_DIR, { recursive: true });
    writeFileSync(
      REFERENCE_DDL,
      `-- Content tables of the strapi-blog oracle as Strapi ${version} creates them on SQLite (bench/strapi/record-reference.ts).\n` +
        'PRAGMA foreign_keys = OFF;\n' +
        `${ddl.map((s) => `${s};`).join('\n')}\n`,
    );
    const reference: ReferenceRows = { strapi: version, articles, tables: Object.fromEntries(CONTENT_TABLES.map((t) => [t, normalizedRows(db, t)])) };
    // One row per line: a re-recording diffs row by row.
    const tables = Object.entries(reference.tables).map(([t, rows]) => `  ${JSON.stringify(t)}: [${rows.map((r) => `\n    ${JSON.stringify(r)}`).join(',')}${rows.length ? '\n  ' : ''}]`);
    writeFileSync(REFERENCE_ROWS, `{ "strapi": ${JSON.stringify(version)}, "articles": ${articles}, "tables": {\n${tables.join(',\n')}\n} }\n`);
    process.stderr.write(`recorded ${articles} articles from Strapi ${version}: ${REFERENCE_DDL}, ${REFERENCE_ROWS}\n`);
  } finally {
    db.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
