// The reference seed for verify.ts: the same documents as seed.ts, written through Strapi's own
// document service (createStrapi().load(), then strapi.documents(uid).create(...) with
// status 'published' for articles and locale 'en' for categories, in transactions of BATCH).
// About 35-45 ms an article on this machine, so only for small N: verify.ts compares its file with
// seed.ts's row by row.
// Run in a child with cwd = the Strapi app dir (Strapi resolves its project from there):
//   node --import <tsx loader> bench/strapi/seed-documents.ts <articles> <file>
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { articleData, authorData, categoryData, DEEP_EVERY, deepArticleData, Faker } from '../seed-data';

const BATCH = 500;

async function main(): Promise<void> {
  const articles = Number(process.argv[2]);
  const file = process.argv[3];
  const appDir = process.cwd();
  process.env.DATABASE_FILENAME = relative(appDir, file);
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  const req = createRequire(join(appDir, 'package.json'));
  const { createStrapi } = req('@strapi/strapi');
  const started = performance.now();
  const strapi = await createStrapi({ appDir, distDir: appDir }).load();
  process.stderr.write(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const f = new Faker(20_261_122);
  const deep = new Faker(20_261_123);
  const create = async (uid: string, rows: Record<string, unknown>[], extra: Record<string, unknown>) =>
    strapi.db.transaction(async () => {
      const ids: string[] = [];
      for (const data of rows) ids.push((await strapi.documents(uid).create({ data, ...extra })).documentId);
      return ids;
    });
  // Same order and Faker draws as bench/seed.ts.
  const authors = await create('api::author.author', Array.from({ length: 50 }, (_, i) => authorData(f, i + 1)), {});
  const categories = await create('api::category.category', Array.from({ length: 20 }, (_, i) => categoryData(f, i + 1)), { locale: 'en' });
  for (let start = 0; start < articles; start += BATCH) {
    const size = Math.min(BATCH, articles - start);
    const rows = Array.from({ length: size }, (_, k) => {
      const i = start + k + 1;
      const row = articleData(f, i, authors, categories);
      return i % DEEP_EVERY === 0 ? { ...row, ...deepArticleData(deep, i, categories) } : row;
    });
    await create('api::article.article', rows, { status: 'published' });
    process.stderr.write(`${start + size}/${articles} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  await strapi.destroy();
  process.stderr.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
