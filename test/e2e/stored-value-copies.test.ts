// Values the write path copies from row to row rather than from the request: a component's scalars
// when a draft is published (its components are copied to the published version) and when a new
// localization takes the shared components; a shared (non-localized) scalar when a new localization
// takes it from another locale. Each copy reads a value back from the database and writes it again,
// so every scalar kind must survive the driver's read form on every database: MariaDB's DATETIME is
// read as ISO 8601 text, which MariaDB refuses as a parameter (a publish answered 400 there), and a
// decimal or a biginteger must keep every digit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { buildRealworldProject, startRealworldApp, type BuiltProject } from '../helpers/realworld-app';

const i18n = (localized: boolean) => ({ pluginOptions: { i18n: { localized } } });

/** Every scalar kind a copy could meet, in a component and shared by the locales. */
const KINDS = {
  at: { type: 'datetime' },
  day: { type: 'date' },
  clock: { type: 'time' },
  amount: { type: 'decimal' },
  big: { type: 'biginteger' },
  ratio: { type: 'float' },
  flag: { type: 'boolean' },
  data: { type: 'json' },
  label: { type: 'string' },
};

const VALUES = {
  at: '2026-02-03T04:05:06.789Z',
  day: '2026-02-01',
  clock: '09:15:30.250',
  amount: 1234567.891,
  big: '9007199254740993123',
  ratio: 0.5,
  flag: true,
  data: { nested: [1, 'two'] },
  label: 'copied',
};

function writeSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-copies-'));
  mkdirSync(join(dir, 'content-types'));
  mkdirSync(join(dir, 'components', 'parts'), { recursive: true });
  writeFileSync(join(dir, 'components', 'parts', 'stamp.json'), JSON.stringify({ collectionName: 'components_parts_stamps', info: { displayName: 'stamp' }, attributes: KINDS }));
  const shared = Object.fromEntries(Object.entries(KINDS).map(([name, attr]) => [`shared_${name}`, { ...attr, ...i18n(false) }]));
  writeFileSync(
    join(dir, 'content-types', 'record.json'),
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'records',
      info: { singularName: 'record', pluralName: 'records', displayName: 'record' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
      attributes: {
        title: { type: 'string', ...i18n(true) },
        stamp: { type: 'component', component: 'parts.stamp', repeatable: false, ...i18n(false) },
        stamps: { type: 'component', component: 'parts.stamp', repeatable: true, ...i18n(true) },
        ...shared,
      },
    }),
  );
  return dir;
}

const schemas = writeSchemas();
let built: BuiltProject;

beforeAll(() => {
  built = buildRealworldProject(schemas, [], ['en', 'fr']);
}, 120_000);
afterAll(() => rmSync(schemas, { recursive: true, force: true }));

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('values copied from row to row on %s', (database) => {
  let app: FixtureApp;

  beforeAll(async () => {
    app = await startRealworldApp(built, database);
  }, 120_000);
  afterAll(() => app?.stop());

  const sharedValues = Object.fromEntries(Object.entries(VALUES).map(([name, value]) => [`shared_${name}`, value]));
  const populate = { stamp: true, stamps: true };

  it('publishing a draft copies its components with every scalar kind unchanged', async () => {
    const api = client(app.url);
    const made = await api.post('/api/records', { data: { title: 'draft', stamp: VALUES, stamps: [VALUES, { ...VALUES, label: 'second' }] } }, { status: 'draft' });
    expect(made.status).toBe(201);
    const id = made.body.data.documentId as string;
    // Strapi's REST form of publishing: an update with status=published.
    const answer = await api.put(`/api/records/${id}`, { data: {} }, { status: 'published' });
    expect([answer.status, answer.text]).toEqual([200, answer.text]);
    const read = await api.get(`/api/records/${id}`, { populate });
    expect(read.status).toBe(200);
    expect(read.body.data.stamp).toMatchObject(VALUES);
    expect(read.body.data.stamps.map((s: { label: string }) => s.label)).toEqual(['copied', 'second']);
    expect(read.body.data.stamps[1]).toMatchObject({ ...VALUES, label: 'second' });
  });

  it('a new localization takes the shared component and scalars from another locale, unchanged', async () => {
    const api = client(app.url);
    const made = await api.post('/api/records', { data: { title: 'en', stamp: VALUES, ...sharedValues } });
    expect([made.status, made.text]).toEqual([201, made.text]);
    const id = made.body.data.documentId as string;
    const fr = await api.put(`/api/records/${id}`, { data: { title: 'fr' } }, { locale: 'fr', populate });
    expect([fr.status, fr.text]).toEqual([200, fr.text]);
    expect(fr.body.data).toMatchObject({ locale: 'fr', title: 'fr', ...sharedValues });
    expect(fr.body.data.stamp).toMatchObject(VALUES);
    const en = await api.get(`/api/records/${id}`, { populate });
    expect(en.body.data).toMatchObject({ locale: 'en', title: 'en', ...sharedValues });
    expect(en.body.data.stamp).toMatchObject(VALUES);
  });
});
