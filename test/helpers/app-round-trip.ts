// Child process of test/e2e/custom-queries.test.ts: starts the fixture app on DATABASE_URL
// (migrating the empty database), creates and lists an article over REST, runs one custom SQL
// query on the app's Db, closes, and prints `OK <title> <count>`. Run with
// test/helpers/block-prisma-client.cjs preloaded, it proves an app needs no Prisma Client.
import { startApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';

async function main(): Promise<void> {
  const running = await startApp(app, { port: 0, host: '127.0.0.1', log: () => undefined });
  try {
    const created = await fetch(`${running.url}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'Round trip', slug: 'round-trip' } }),
    });
    if (created.status !== 201) throw new Error(`POST /api/articles answered ${created.status}: ${await created.text()}`);
    const listed = (await (await fetch(`${running.url}/api/articles`)).json()) as { data: { title: string }[] };
    const [row] = await running.db.query('SELECT COUNT(*) AS n FROM articles WHERE is_draft = ?', [false]);
    process.stdout.write(`OK ${listed.data.map((a) => a.title).join(',')} ${Number(row.n)}\n`);
  } finally {
    await running.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
