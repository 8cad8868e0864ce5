// Export and import are schema-agnostic: on test/relation-kit (every relation kind between types
// with and without draft & publish, in both directions, one-way relations and morph relations),
// content written through the API (published documents, draft-only documents, a draft that differs
// from its published version, links written from the target's side) is exported from one app and
// imported into a fresh one, which then answers every read exactly as the first did: ids,
// documentIds, timestamps, relation order and the versions each link joins. On the three databases.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildKit, startKitApp } from '../helpers/kit-app';
import { freshDatabase, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { exportArchive, importArchive } from '@cms-gen/transfer';

type Doc = { documentId: string };

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ data: Doc }> {
  const res = await fetch(`${base}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify({ data: body }) : undefined });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as { data: Doc };
}

/** Content with every kind of link, some of it written from the target's side and to drafts. */
async function seed(base: string): Promise<void> {
  const id = async (method: string, path: string, body: unknown) => (await call(base, method, path, body)).data.documentId;
  const r1 = await id('POST', '/api/right-ons', { name: 'r1' });
  const r2 = await id('POST', '/api/right-ons', { name: 'r2' });
  const r3 = await id('POST', '/api/right-ons?status=draft', { name: 'r3 (draft only)' });
  const f1 = await id('POST', '/api/right-offs', { name: 'f1' });
  const f2 = await id('POST', '/api/right-offs', { name: 'f2' });
  const links = (on: string[], off: string[]) => ({
    o2o_on: on[0],
    m2o_on: on[1],
    m2m_on: on,
    way_on: on[on.length - 1],
    ways_on: [...on].reverse(),
    o2o_off: off[0],
    m2o_off: off[1],
    m2m_off: off,
    way_off: off[0],
    ways_off: [...off].reverse(),
    morph_one: { __type: 'api::right-off.right-off', documentId: off[0] },
    morph_many: [
      { __type: 'api::right-on.right-on', documentId: on[0] },
      { __type: 'api::right-off.right-off', documentId: off[1] },
    ],
  });
  await id('POST', '/api/left-offs', { name: 'l-off 1', ...links([r1, r2, r3], [f1, f2]) });
  await id('POST', '/api/left-offs', { name: 'l-off 2', ...links([r2, r1], [f2, f1]) });
  const on1 = await id('POST', '/api/left-ons', { name: 'l-on 1', ...links([r2, r1], [f1, f2]) });
  await id('PUT', `/api/left-ons/${on1}?status=draft`, { name: 'l-on 1 (draft edit)', ...links([r1, r3], [f2, f1]) });
  await id('POST', '/api/left-ons?status=draft', { name: 'l-on 2 (draft only)', ...links([r3], [f1, f2]) });
  // From the target's side: a draft edit of r1 takes a left-off (its published version keeps what it had).
  await id('PUT', `/api/right-ons/${r1}?status=draft`, { name: 'r1 (draft edit)', m2m_off: [] });
  await id('PUT', `/api/right-ons/${r2}`, { name: 'r2 (edited)', m2o_off: [] });
}

const READS = ['left-offs', 'left-ons', 'right-ons', 'right-offs'].flatMap((plural) => [
  `/api/${plural}?populate=*&sort=id`,
  `/api/${plural}?populate=*&sort=id&status=draft`,
]);

async function answers(base: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of READS) {
    const res = await fetch(`${base}${path}`);
    out[path] = { status: res.status, body: (await res.json()) as unknown };
  }
  return out;
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('relation-kit moved from one app to another, on %s', (database) => {
  let first: FixtureApp;
  let second: RunningApp;
  let secondDb: { drop(): Promise<void> };
  let before: Record<string, unknown>;
  let after: Record<string, unknown>;
  let out: string;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'cms-gen-transfer-kit-'));
    const { root, definition } = buildKit('relation-kit');
    const appDir = join(root, 'app');
    first = await startKitApp('relation-kit', database);
    const firstUrl = process.env.DATABASE_URL as string;
    await seed(first.url);
    before = await answers(first.url);
    process.env.DATABASE_URL = firstUrl;
    const exported = await exportArchive({ app: appDir, schema: definition.schema, file: join(out, 'kit'), encrypt: false });
    const fresh = await freshDatabase(database);
    secondDb = fresh;
    process.env.DATABASE_URL = fresh.url;
    await importArchive({ archive: exported.file, app: appDir, schema: definition.schema });
    second = await startApp(definition, { port: 0, host: '127.0.0.1', log: () => undefined });
    after = await answers(second.url);
  }, 240_000);
  afterAll(async () => {
    await first?.stop();
    await second?.close();
    await secondDb?.drop();
    rmSync(out, { recursive: true, force: true });
  });

  it.each(READS)('%s answers as before', (path) => {
    expect((before[path] as { status: number }).status).toBe(200);
    expect(after[path]).toEqual(before[path]);
  });
});

