// Every scalar kind, with its edge values, through every write path that stores or copies a value
// (create, update, publish, discardDraft, unpublish then publish, a new localization, components
// one and two deep, dynamic zones, the Document Service, GraphQL), read back through REST, and
// found by filters and sort on it: each database must answer exactly what was written, in Strapi's
// API form. A value a column cannot hold is a 400 on every database, never a silent truncation.
// One shared schema set, one app start per database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { gql } from '../helpers/graphql';
import { buildRealworldProject, startRealworldApp, type BuiltProject } from '../helpers/realworld-app';

const UID = 'api::probe.probe';
const i18n = (localized: boolean) => ({ pluginOptions: { i18n: { localized } } });

const KINDS: Record<string, { type: string; enum?: string[] }> = {
  string: { type: 'string' },
  text: { type: 'text' },
  richtext: { type: 'richtext' },
  email: { type: 'email' },
  enumeration: { type: 'enumeration', enum: ['alpha', 'beta'] },
  integer: { type: 'integer' },
  biginteger: { type: 'biginteger' },
  float: { type: 'float' },
  decimal: { type: 'decimal' },
  boolean: { type: 'boolean' },
  date: { type: 'date' },
  time: { type: 'time' },
  datetime: { type: 'datetime' },
  timestamp: { type: 'timestamp' },
  json: { type: 'json' },
  blocks: { type: 'blocks' },
};
type Values = Record<keyof typeof KINDS, unknown>;

const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

/** Edge values as a client sends them. */
const SETS: Record<string, Values> = {
  max: {
    // 255 characters, the last beyond the BMP (256 UTF-16 units).
    string: `${'x'.repeat(254)}😀`,
    text: `line 1\n😀 é 𝄞 ${'y'.repeat(70_000)}`,
    richtext: '# Title\n\n**bold** 😀',
    email: 'a.b+c@example.com',
    enumeration: 'beta',
    integer: 2147483647,
    biginteger: '9223372036854775807',
    float: 0.1,
    decimal: '12345678901234567890123456789012345.123456789012345678901234567891',
    boolean: true,
    date: '9999-12-31',
    time: '23:59:59.999',
    datetime: '9999-12-31T23:59:59.999Z',
    timestamp: '2026-03-29T02:30:00.123+05:45',
    json: { z: 1, a: [[1, [2, [3]]], { '😀': 'ключ' }], big: 12345678901234567890, f: 0.1, n: null, e: '' },
    blocks: paragraph('😀 hi'),
  },
  min: {
    string: '',
    text: '',
    richtext: '',
    email: 'x@y.zz',
    enumeration: 'alpha',
    integer: -2147483648,
    biginteger: '-9223372036854775808',
    float: -1.7976931348623157e308,
    decimal: '-0.000000000000000000000000000001',
    boolean: false,
    date: '0001-01-01',
    time: '00:00:00.000',
    datetime: '0001-01-01T00:00:00.000Z',
    timestamp: '1900-01-01T00:00:00.000Z',
    json: 'just text',
    blocks: [],
  },
  offsets: {
    string: 'x'.repeat(255),
    text: '  padded  ',
    richtext: 'a%b_c\\d trailing space ',
    email: 'ÜNICODE@example.com',
    enumeration: 'alpha',
    integer: 0,
    biginteger: '9007199254740993',
    float: 5e-324,
    decimal: 0.1,
    boolean: false,
    date: '1969-12-31',
    time: '12:34:56.7',
    datetime: '1969-07-20T22:17:40.1+02:00',
    timestamp: '1970-01-01T00:00:00.000-00:30',
    json: [1, 'two', null, { b: 2, a: 1 }, 1.5e300],
    blocks: paragraph(''),
  },
  nulls: Object.fromEntries(Object.keys(KINDS).map((k) => [k, null])) as Values,
};

/** A value in the API form Strapi answers it with. */
function answerForm(kind: string, value: unknown): unknown {
  if (value === null) return null;
  switch (kind) {
    case 'decimal':
      return Number(value);
    case 'datetime':
    case 'timestamp':
      return new Date(String(value)).toISOString();
    case 'time': {
      const [hms, frac = ''] = String(value).split('.');
      return `${hms}.${(frac + '000').slice(0, 3)}`;
    }
    default:
      return value;
  }
}

const expected = (values: Values): Values => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, answerForm(k, v)])) as Values;
const prefixed = (prefix: string, values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}${k}`, v]));

function writeSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-round-trips-'));
  mkdirSync(join(dir, 'content-types'));
  mkdirSync(join(dir, 'components', 'parts'), { recursive: true });
  writeFileSync(join(dir, 'components', 'parts', 'all.json'), JSON.stringify({ collectionName: 'components_parts_alls', info: { displayName: 'all' }, attributes: KINDS }));
  writeFileSync(
    join(dir, 'components', 'parts', 'outer.json'),
    JSON.stringify({ collectionName: 'components_parts_outers', info: { displayName: 'outer' }, attributes: { name: { type: 'string' }, inner: { type: 'component', component: 'parts.all', repeatable: true } } }),
  );
  const localized = Object.fromEntries(Object.entries(KINDS).map(([k, a]) => [`l_${k}`, { ...a, ...i18n(true) }]));
  const shared = Object.fromEntries(Object.entries(KINDS).map(([k, a]) => [`s_${k}`, { ...a, ...i18n(false) }]));
  writeFileSync(
    join(dir, 'content-types', 'probe.json'),
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'probes',
      info: { singularName: 'probe', pluralName: 'probes', displayName: 'probe' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
      attributes: {
        tag: { type: 'string', ...i18n(true) },
        ...DEFAULTED,
        ...localized,
        ...shared,
        secret: { type: 'password', ...i18n(false) },
        one: { type: 'component', component: 'parts.all', repeatable: false, ...i18n(false) },
        outers: { type: 'component', component: 'parts.outer', repeatable: true, ...i18n(true) },
        zone: { type: 'dynamiczone', components: ['parts.all', 'parts.outer'], ...i18n(true) },
      },
    }),
  );
  return dir;
}

/** Schema defaults in forms a schema file may hold; stored as a sent value would be. */
const DEFAULTED = {
  d_time: { type: 'time', default: '12:00:00' },
  d_datetime: { type: 'datetime', default: '2020-01-01T10:00:00+02:00' },
  d_date: { type: 'date', default: '2020-01-01' },
  d_decimal: { type: 'decimal', default: 1.5 },
  d_biginteger: { type: 'biginteger', default: '9007199254740993' },
};

const schemas = writeSchemas();
let built: BuiltProject;

beforeAll(() => {
  built = buildRealworldProject(schemas, [], ['en', 'fr']);
}, 120_000);
afterAll(() => rmSync(schemas, { recursive: true, force: true }));

const populate = { one: true, outers: { populate: { inner: true } }, zone: { on: { 'parts.all': true, 'parts.outer': { populate: { inner: true } } } } };

/** The document body holding `values` everywhere a scalar can be. */
const documentData = (tag: string, values: Values) => ({
  tag,
  ...prefixed('l_', values),
  ...prefixed('s_', values),
  one: values,
  outers: [{ name: 'o', inner: [values, values] }],
  zone: [
    { __component: 'parts.all', ...values },
    { __component: 'parts.outer', name: 'z', inner: [values] },
  ],
});

type Mismatch = { where: string; kind: string; got: unknown; want: unknown };

/** Every place of `values` in an answered document that differs from what was written. */
function mismatches(label: string, doc: Record<string, any>, values: Values, parts: { shared?: boolean; localized?: boolean } = { shared: true, localized: true }): Mismatch[] {
  const want = expected(values);
  const out: Mismatch[] = [];
  const compare = (where: string, got: Record<string, unknown> | undefined) => {
    for (const kind of Object.keys(KINDS)) {
      const g = got?.[kind];
      if (JSON.stringify(g) !== JSON.stringify(want[kind])) out.push({ where: `${label} ${where}`, kind, got: typeof g === 'string' && g.length > 80 ? `${g.slice(0, 40)}…(${g.length})` : g, want: typeof want[kind] === 'string' && (want[kind] as string).length > 80 ? `…(${(want[kind] as string).length})` : want[kind] });
    }
  };
  const unprefix = (prefix: string) => Object.fromEntries(Object.entries(doc).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
  if (parts.localized !== false) {
    compare('l_*', unprefix('l_'));
    compare('outers[0].inner[1]', doc.outers?.[0]?.inner?.[1]);
    compare('zone[0]', doc.zone?.[0]);
    compare('zone[1].inner[0]', doc.zone?.[1]?.inner?.[0]);
  }
  if (parts.shared !== false) {
    compare('s_*', unprefix('s_'));
    compare('one', doc.one);
  }
  if ('secret' in doc) out.push({ where: label, kind: 'password', got: doc.secret, want: 'not answered' });
  return out;
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('scalar values round-trip on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    app = await startRealworldApp(built, database);
    api = client(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  const read = async (id: string, query: Record<string, unknown> = {}) => {
    const answer = await api.get(`/api/probes/${id}`, { populate, ...query });
    if (answer.status !== 200) throw new Error(`GET ${id} ${JSON.stringify(query)}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.body.data;
  };

  it.each(Object.keys(SETS))('%s values survive create, update, publish, discardDraft, unpublish/publish and a new localization', async (set) => {
    const values = SETS[set];
    const other = SETS[set === 'max' ? 'min' : 'max'];
    const found: Mismatch[] = [];
    const made = await api.post('/api/probes', { data: { ...documentData(`create-${set}`, values), secret: 'p4ssword' } }, { status: 'draft', populate });
    expect([made.status, made.text.slice(0, 500)]).toEqual([201, made.text.slice(0, 500)]);
    found.push(...mismatches('create answer', made.body.data, values));
    const id = made.body.data.documentId as string;
    found.push(...mismatches('create → draft', await read(id, { status: 'draft' }), values));

    const published = await api.put(`/api/probes/${id}`, { data: {} }, { status: 'published' });
    expect([published.status, published.text.slice(0, 500)]).toEqual([200, published.text.slice(0, 500)]);
    found.push(...mismatches('publish → published', await read(id), values));

    // A changed draft, discarded: the draft is the published version again.
    const changed = await api.put(`/api/probes/${id}`, { data: documentData('changed', other) }, { status: 'draft' });
    expect([changed.status, changed.text.slice(0, 500)]).toEqual([200, changed.text.slice(0, 500)]);
    found.push(...mismatches('update → draft', await read(id, { status: 'draft' }), other));
    await app.engine.documents(UID).discardDraft({ documentId: id });
    found.push(...mismatches('discardDraft → draft', await read(id, { status: 'draft' }), values));

    await app.engine.documents(UID).unpublish({ documentId: id });
    await app.engine.documents(UID).publish({ documentId: id });
    found.push(...mismatches('unpublish+publish → published', await read(id), values));

    const fr = await api.put(`/api/probes/${id}`, { data: { tag: 'fr', ...prefixed('l_', other) } }, { locale: 'fr', populate });
    expect([fr.status, fr.text.slice(0, 500)]).toEqual([200, fr.text.slice(0, 500)]);
    found.push(...mismatches('new localization answer (shared)', fr.body.data, values, { shared: true, localized: false }));
    found.push(...mismatches('new localization answer (localized)', { ...fr.body.data, outers: undefined, zone: undefined }, other, { shared: false, localized: true }).filter((m) => m.where.endsWith('l_*')));
    found.push(...mismatches('en after fr', await read(id), values));
    expect(found).toEqual([]);
  });

  it.each(Object.keys(SETS))('%s values survive the Document Service and a GraphQL mutation', async (set) => {
    const values = SETS[set];
    const found: Mismatch[] = [];
    const viaService = await app.engine.documents(UID).create({ data: documentData(`service-${set}`, values), status: 'published' });
    found.push(...mismatches('service create → REST', await read(viaService.documentId as string), values));
    const updated = await app.engine.documents(UID).update({ documentId: viaService.documentId as string, data: { ...prefixed('l_', values), one: values }, status: 'published' });
    expect(updated).toBeTruthy();
    found.push(...mismatches('service update → REST', await read(viaService.documentId as string), values));

    // GraphQL's decimal is a Float, as in Strapi.
      const graphqlValues = { ...values, decimal: values.decimal === null ? null : Number(values.decimal) };
      const gqlData = { tag: `graphql-${set}`, ...prefixed('l_', graphqlValues), ...prefixed('s_', graphqlValues), one: graphqlValues };
    const created = await gql(app.url, 'mutation($data: ProbeInput!) { createProbe(data: $data) { documentId } }', { data: gqlData });
    expect([created.status, created.body.errors]).toEqual([200, undefined]);
    const graphqlId = created.body.data.createProbe.documentId as string;
    found.push(...mismatches('graphql create → REST', await read(graphqlId), values, { shared: true, localized: false }));
    // An update of a draft, then its publication, through GraphQL.
    const draft = await gql(app.url, 'mutation($id: ID!, $data: ProbeInput!) { updateProbe(documentId: $id, data: $data, status: DRAFT) { documentId } }', { id: graphqlId, data: { ...gqlData, tag: 'graphql-draft' } });
    expect([draft.status, draft.body.errors]).toEqual([200, undefined]);
    const publish = await gql(app.url, 'mutation($id: ID!) { updateProbe(documentId: $id, data: {}, status: PUBLISHED) { documentId } }', { id: graphqlId });
    expect([publish.status, publish.body.errors]).toEqual([200, undefined]);
    found.push(...mismatches('graphql update + publish → REST', await read(graphqlId), values, { shared: true, localized: false }));
    expect(found).toEqual([]);
  });

  it.each(['max', 'min', 'offsets'])('%s shared values written in one locale reach the other locales', async (set) => {
    const values = SETS[set];
    const first = SETS.nulls;
    const found: Mismatch[] = [];
    const made = await api.post('/api/probes', { data: { ...documentData(`sync-${set}`, first) } }, { status: 'draft' });
    expect(made.status).toBe(201);
    const id = made.body.data.documentId as string;
    const fr = await api.put(`/api/probes/${id}`, { data: { tag: 'fr' } }, { locale: 'fr', status: 'draft' });
    expect(fr.status).toBe(200);
    const en = await api.put(`/api/probes/${id}`, { data: { ...prefixed('s_', values), one: values } }, { status: 'draft' });
    expect([en.status, en.text.slice(0, 300)]).toEqual([200, en.text.slice(0, 300)]);
    const sharedOf = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([k]) => k.startsWith('s_')));
    found.push(...mismatches('fr after en update', sharedOf(await read(id, { locale: 'fr', status: 'draft' })), values, { shared: true, localized: false }).filter((m) => m.where.endsWith('s_*')));
    await app.engine.documents(UID).publish({ documentId: id, locale: '*' });
    found.push(...mismatches('fr published', sharedOf(await read(id, { locale: 'fr' })), values, { shared: true, localized: false }).filter((m) => m.where.endsWith('s_*')));
    found.push(...mismatches('en published', await read(id), values, { shared: true, localized: false }));
    expect(found).toEqual([]);
  });

  it('publishing a draft whose component differs only past 2^53 (or in a last digit) rewrites the published component', async () => {
    // Publishing compares the draft's and the published version's components and rewrites only
    // those that differ; SQLite read both bigints as the same rounded number.
    const base = { ...SETS.offsets, biginteger: '9007199254740992', decimal: '0.1000000000000001' };
    const made = await api.post('/api/probes', { data: { tag: 'publish-diff', one: base, zone: [{ __component: 'parts.all', ...base }] } }, { status: 'draft' });
    expect(made.status).toBe(201);
    const id = made.body.data.documentId as string;
    expect((await api.put(`/api/probes/${id}`, { data: {} }, { status: 'published' })).status).toBe(200);
    const changed = { ...base, biginteger: '9007199254740993', decimal: '0.1000000000000002' };
    const draft = await api.put(`/api/probes/${id}`, { data: { one: changed, zone: [{ __component: 'parts.all', ...changed }] } }, { status: 'draft' });
    expect(draft.status).toBe(200);
    await app.engine.documents(UID).publish({ documentId: id });
    const published = await read(id);
    expect([published.one.biginteger, published.one.decimal, published.zone[0].biginteger]).toEqual(['9007199254740993', 0.1000000000000002, '9007199254740993']);
  });

  it('schema defaults are stored in their canonical form, so filters find them on every database', async () => {
    // They were stored as the schema spelled them: SQLite kept '12:00:00' as text, and
    // `$eq 12:00:00.000` (or the datetime's instant in UTC) found nothing there.
    const made = await api.post('/api/probes', { data: { tag: 'defaults' } });
    expect(made.status).toBe(201);
    const want = { d_time: '12:00:00.000', d_datetime: '2020-01-01T08:00:00.000Z', d_date: '2020-01-01', d_decimal: 1.5, d_biginteger: '9007199254740993' };
    expect(made.body.data).toMatchObject(want);
    const counts: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(want)) {
      const found = await api.get('/api/probes', { filters: { tag: 'defaults', [field]: { $eq: String(value) } }, fields: ['tag'] });
      counts[field] = found.body.data?.length ?? found.text;
    }
    expect(counts).toEqual({ d_time: 1, d_datetime: 1, d_date: 1, d_decimal: 1, d_biginteger: 1 });
    // A new localization starts from the defaults too.
    const fr = await api.put(`/api/probes/${made.body.data.documentId}`, { data: { tag: 'defaults-fr' } }, { locale: 'fr' });
    expect([fr.status, fr.body.data?.d_time]).toEqual([200, '12:00:00.000']);
    const frFound = await api.get('/api/probes', { locale: 'fr', filters: { tag: 'defaults-fr', d_time: { $eq: '12:00:00.000' }, d_datetime: { $eq: '2020-01-01T08:00:00.000Z' } }, fields: ['tag'] });
    expect(frFound.body.data?.length).toBe(1);
  });

  it('a decimal finer than the column is rounded to its 30 fraction digits alike on every database', async () => {
    // PostgreSQL and MariaDB rounded it when storing and SQLite kept it: 2e-30 against 1.5e-30.
    const fine = '0.0000000000000000000000000000015';
    const made = await api.post('/api/probes', { data: { tag: 'fine', l_decimal: fine, one: { decimal: `-${fine}` } } }, { status: 'draft', populate: { one: true } });
    expect([made.status, made.body.data?.l_decimal, made.body.data?.one?.decimal]).toEqual([201, 2e-30, -2e-30]);
    const id = made.body.data.documentId as string;
    expect((await api.put(`/api/probes/${id}`, { data: {} }, { status: 'published' })).status).toBe(200);
    const published = await read(id);
    expect([published.l_decimal, published.one.decimal]).toEqual([2e-30, -2e-30]);
    const found = async (operand: string) => (await api.get('/api/probes', { filters: { tag: 'fine', l_decimal: { $eq: operand } }, fields: ['tag'] })).body.data.length;
    expect([await found('0.000000000000000000000000000002'), await found(fine)]).toEqual([1, 0]);
    expect((await api.post('/api/probes', { data: { tag: 'fine', l_decimal: 1e-31 } })).body.data.l_decimal).toBe(0);
    // 35 nines after the point round up to 36 integer digits: more than the column holds, everywhere.
    const over = await api.post('/api/probes', { data: { tag: 'fine', l_decimal: `${'9'.repeat(35)}.${'9'.repeat(31)}` } });
    expect([over.status, over.body.error?.message]).toEqual([400, 'l_decimal must have at most 35 digits before the decimal point']);
  });

  it('refuses JSON holding an unpaired surrogate with a 400 on every database', async () => {
    // MariaDB's JSON CHECK refused '"\ud83d"' while SQLite and PostgreSQL stored it.
    for (const json of [{ x: '\ud83d' }, ['\ude00 after'], { 'key\ud83d': 1 }]) {
      const answer = await api.post('/api/probes', { data: { tag: 'surrogate', l_json: json } });
      expect([answer.status, answer.body?.error?.message]).toEqual([400, 'l_json must not contain unpaired surrogate characters (\\uD800-\\uDFFF)']);
      const inZone = await api.post('/api/probes', { data: { tag: 'surrogate', zone: [{ __component: 'parts.all', json }] } });
      expect([inZone.status, inZone.body?.error?.name]).toEqual([400, 'ValidationError']);
    }
    const paired = await api.post('/api/probes', { data: { tag: 'surrogate', l_json: { '😀': '\ud83d\ude00' } } });
    expect([paired.status, paired.body.data?.l_json]).toEqual([201, { '😀': '😀' }]);
  });

  it('refuses text holding an unpaired surrogate with a 400 on every database', async () => {
    // Each driver replaced it its own way, silently: 'a?' on MariaDB, 'a\ufffd' on PostgreSQL,
    // 'a\ufffd\ufffd\ufffd' on SQLite.
    for (const data of [{ l_string: 'a\ud83d' }, { l_text: '\ude00b' }, { one: { richtext: 'x\ud83dy' } }]) {
      const answer = await api.post('/api/probes', { data: { tag: 'surrogate', ...data } });
      expect([answer.status, answer.body?.error?.name, answer.body?.error?.message]).toEqual([400, 'ValidationError', expect.stringContaining('must not contain unpaired surrogate characters')]);
    }
  });

  describe('filters and sort', () => {
    const ROWS = [SETS.max, SETS.min, SETS.offsets];
    const tags = ['f-max', 'f-min', 'f-offsets'];

    beforeAll(async () => {
      for (const [i, values] of ROWS.entries()) {
        const made = await api.post('/api/probes', { data: { tag: tags[i], ...prefixed('l_', values) } });
        if (made.status !== 201) throw new Error(made.text);
      }
    });

    const tagsFound = async (filters: Record<string, unknown>, sort?: string) => {
      const answer = await api.get('/api/probes', { filters: { tag: { $startsWith: 'f-' }, ...filters }, sort, fields: ['tag'], pagination: { pageSize: 100 } });
      if (answer.status !== 200) return `${answer.status} ${answer.text.slice(0, 200)}`;
      return answer.body.data.map((d: { tag: string }) => d.tag);
    };

    it('$eq on each kind finds the row with the value as written', async () => {
      const found: unknown[] = [];
      for (const [i, values] of ROWS.entries()) {
        for (const [kind, value] of Object.entries(values)) {
          if (value === null || kind === 'json' || kind === 'blocks' || kind === 'text') continue;
          const operand = typeof value === 'object' ? JSON.stringify(value) : String(value);
          const got = await tagsFound({ [`l_${kind}`]: { $eq: operand } });
          const wantTags = ROWS.map((r, j) => (JSON.stringify(answerForm(kind, r[kind])) === JSON.stringify(answerForm(kind, value)) ? tags[j] : null)).filter(Boolean);
          if (JSON.stringify([...(Array.isArray(got) ? got : [got])].sort()) !== JSON.stringify([...wantTags].sort())) found.push({ row: tags[i], kind, operand: operand.slice(0, 60), got, want: wantTags });
        }
      }
      expect(found).toEqual([]);
    });

    it('text operators match unicode beyond the BMP and wildcards literally', async () => {
      expect(await tagsFound({ l_string: { $contains: '😀' } })).toEqual(['f-max']);
      expect(await tagsFound({ l_string: { $endsWith: 'x😀' } })).toEqual(['f-max']);
      expect(await tagsFound({ l_text: { $contains: '𝄞' } })).toEqual(['f-max']);
      // (Case folding beyond ASCII differs on SQLite, as documented in docs/database.md.)
      expect(await tagsFound({ l_text: { $containsi: 'LINE 1\n😀' } })).toEqual(['f-max']);
      expect(await tagsFound({ l_string: { $eq: '😃' } })).toEqual([]);
      expect(await tagsFound({ l_text: { $eq: '  padded' } })).toEqual([]);
      expect(await tagsFound({ l_text: { $eq: '  padded  ' } })).toEqual(['f-offsets']);
      expect(await tagsFound({ l_richtext: { $eq: 'a%b_c\\d trailing space' } })).toEqual([]);
      expect(await tagsFound({ l_richtext: { $contains: '%b_c\\d' } })).toEqual(['f-offsets']);
      expect(await tagsFound({ l_richtext: { $contains: 'a_b' } })).toEqual([]);
      expect(await tagsFound({ l_richtext: { $startsWithi: 'A%B' } })).toEqual(['f-offsets']);
      // (ASCII case only: folding beyond ASCII differs on SQLite, as docs/database.md says.)
      expect(await tagsFound({ l_email: { $eqi: 'Ünicode@EXAMPLE.com' } })).toEqual(['f-offsets']);
    });

    it('$eq on a datetime matches the same instant written with another offset', async () => {
      expect(await tagsFound({ l_datetime: { $eq: '1969-07-20T20:17:40.100Z' } })).toEqual(['f-offsets']);
      expect(await tagsFound({ l_datetime: { $eq: '1969-07-20T21:17:40.1+01:00' } })).toEqual(['f-offsets']);
      expect(await tagsFound({ l_timestamp: { $eq: '2026-03-28T20:45:00.123Z' } })).toEqual(['f-max']);
      expect(await tagsFound({ l_datetime: { $lt: '1970-01-01T00:00:00Z' } }, 'tag')).toEqual(['f-min', 'f-offsets']);
      expect(await tagsFound({ l_date: { $lt: '1970-01-01' } }, 'tag')).toEqual(['f-min', 'f-offsets']);
      expect(await tagsFound({ l_time: { $gt: '12:34:56.600', $lt: '12:34:56.800' } })).toEqual(['f-offsets']);
    });

    it('sorts each ordered kind by its value', async () => {
      const found: unknown[] = [];
      for (const kind of ['integer', 'biginteger', 'float', 'decimal', 'date', 'time', 'datetime', 'timestamp', 'boolean']) {
        for (const direction of ['asc', 'desc']) {
          const got = await tagsFound({}, `l_${kind}:${direction},tag:asc`);
          const order = ROWS.map((r, i) => ({ tag: tags[i], v: r[kind] }));
          const key = (v: unknown) => (kind === 'biginteger' ? BigInt(String(v)) : kind === 'time' ? String(answerForm(kind, v)) : kind.startsWith('date') || kind === 'timestamp' ? new Date(String(v)).getTime() : Number(v));
          order.sort((a, b) => {
            const [x, y] = [key(a.v), key(b.v)];
            const c = x < y ? -1 : x > y ? 1 : a.tag < b.tag ? -1 : 1;
            return direction === 'asc' ? c : x === y ? c : -c;
          });
          const want = order.map((o) => o.tag);
          if (JSON.stringify(got) !== JSON.stringify(want)) found.push({ kind, direction, got, want });
        }
      }
      expect(found).toEqual([]);
    });
  });

  it('refuses a string longer than its column with a 400, never truncating it', async () => {
    for (const long of ['x'.repeat(256), `${'x'.repeat(255)}😀`]) {
      const answer = await api.post('/api/probes', { data: { tag: 'long', l_string: long } });
      expect([answer.status, answer.body?.error?.name]).toEqual([400, 'ValidationError']);
      const inComponent = await api.post('/api/probes', { data: { tag: 'long', one: { string: long } } });
      expect([inComponent.status, inComponent.body?.error?.name]).toEqual([400, 'ValidationError']);
      const viaGraphql = await gql(app.url, 'mutation($data: ProbeInput!) { createProbe(data: $data) { documentId } }', { data: { tag: 'long', s_email: `${'a'.repeat(251)}@b.cc` } });
      expect(viaGraphql.body.errors?.[0]?.extensions?.error?.name).toBe('ValidationError');
    }
  });
});
