// Hostile input (issue 15, items 2, 5, 8, 11) on every database: bad values get a 400 in Strapi's
// envelope and leave nothing behind, never a 500; a pathological value already stored does not
// break reads.
//
// What Strapi 5.54 (the oracle, same schemas, SQLite) answered, 2026-11-24, for the choices below:
//   POST /api/articles data.views "1e3" → 201, 1000; " 7 " → 201, 7; "abc" → 400 "views must be a
//     `number` type, but the final value was: `NaN` (cast from the value `"abc"`)."; 12.5 → 400
//     "views must be an integer"; 3000000000 → 201 (SQLite has no 32-bit column; we refuse it).
//   title 123 / true / ["a"] → 400 "title must be a `string` type, but the final value was: `123`."
//   title "a\u0000b" → 201 (stored as sent; PostgreSQL cannot store it, so we refuse on every database)
//   content (blocks) [1, 2] → 400 "Block node is of invalid type"; [{type:'paragraph'}] → 400
//     "content[0].children is a required field"; {type:'paragraph'} or "x" → 201 with null (we refuse)
//   event_at "2020-02-30T00:00:00Z", "March 7, 2024", "99999-01-01T00:00:00Z" → 400 "Invalid format,
//     expected a timestamp or an ISO date"; 1700000000000 and "1700000000000" → 201 (epoch ms)
//   publish_date "2020-02-30" → 400 "Invalid date"; "99999-01-01", 1, "March 7, 2024" → 400
//     "Invalid format, expected yyyy-MM-dd"; "2020-02-28T10:00:00Z" → 201, "2020-02-28"
//   price 1e100 → 201 (SQLite REAL; our DECIMAL(65,30) cannot hold it, we refuse); "1e3" → 1000
//   big_counter "9223372036854775808" → 201, silently "9223372036854776000" (we refuse); "1e3" → 400
//     "big_counter must be a valid integer"
//   metadata {"a": "x\u0000y"} → 201 (we refuse NUL everywhere)
//   metadata nested 40 or 100 levels → 201 (SQLite); 4150 levels → 500, nothing stored. We refuse
//     past 31 levels: MariaDB's JSON columns CHECK json_valid, which refuses 32 (10.11, measured)
//   GET filters[publish_date][$eq]=99999-01-01 / =1 → 400 "Invalid format, expected yyyy-MM-dd";
//     =2020-02-30 → 400 "Invalid date"; filters[event_at][$eq]=1 → 200 (epoch ms);
//     filters[event_at][$gt]=2020-02-30T00:00:00Z → 400; filters[views][$eq]=abc → 500 (we answer 400)
//   GET /api/articles/a%00b → 400 BadRequestError "Malicious Path"; filters or _q with %00 → 200
//   POST /api/auth/local identifier "a\u0000b" → 400 ValidationError
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { startFixtureApp } from '../helpers/fixture-app';
import { gql } from '../helpers/graphql';
import { client } from '../helpers/http';

const DATABASES: TestDatabase[] = ['sqlite', 'postgres', 'mariadb'];

/** `{"a":{"a":…1…}}` as text: JSON.stringify itself overflows the stack on deep values. */
const nestedObjectText = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(DATABASES)('hostile input on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    api = client(app.url);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const articleRows = async (): Promise<number> => Number((await app.db.query('SELECT COUNT(*) AS c FROM articles'))[0].c);

  /** Posts `body` (an object or raw JSON text) and expects a 400 in the envelope with nothing written. */
  async function refused(body: unknown, message: string | RegExp): Promise<void> {
    const before = await articleRows();
    const res = await api.post('/api/articles', body);
    expect({ status: res.status, name: res.body?.error?.name }).toEqual({ status: 400, name: 'ValidationError' });
    expect(res.body.data).toBeNull();
    expect(res.body.error.message).toMatch(message);
    expect(await articleRows()).toBe(before);
  }

  describe('json values', () => {
    it('refuses values nested deeper than 31 levels or over 1 MiB with a 400, and writes nothing', async () => {
      await refused(`{"data":{"title":"deep","metadata":${nestedObjectText(32)}}}`, 'metadata must be nested at most 31 levels deep');
      // About the depth that answered 500 after committing on PostgreSQL.
      await refused(`{"data":{"title":"deep","metadata":${nestedObjectText(4150)}}}`, /^Invalid body: JSON is nested too deeply/);
      await refused(`{"data":{"title":"deep","metadata":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`, /^Invalid body: JSON is nested too deeply/);
      await refused({ data: { title: 'deep', content: JSON.parse(`[{"type":"paragraph","children":[{"type":"text","text":"x","deep":${nestedObjectText(40)}}]}]`) } }, 'content must be nested at most 31 levels deep');
      const big = { data: { title: 'big', metadata: Array.from({ length: 110_000 }, () => 1) } };
      await refused(big, 'metadata must hold at most 100000 values');
    });

    it('stores 31 levels and reads them back over REST and GraphQL', async () => {
      const created = await api.post('/api/articles', `{"data":{"title":"json at the bound","metadata":${nestedObjectText(31)}}}`);
      expect(created.status).toBe(201);
      let depth = 0;
      for (let value = created.body.data.metadata; typeof value === 'object'; value = value.a) depth++;
      expect(depth).toBe(31);
      expect((await api.get('/api/articles')).status).toBe(200);
      const read = await gql(app.url, '{ articles(filters: { title: { eq: "json at the bound" } }) { metadata } }');
      expect(read.body.errors).toBeUndefined();
      await api.del(`/api/articles/${created.body.data.documentId as string}`);
    });

    it('keeps reads working when a pathological value is already stored (written with SQL)', async () => {
      const created = await api.post('/api/articles', { data: { title: 'stored deep', metadata: { a: 1 } } });
      expect(created.status).toBe(201);
      const documentId = created.body.data.documentId as string;
      const deep = nestedObjectText(5000);
      const write = app.db.execute(`UPDATE articles SET metadata = ? WHERE document_id = ?`, [deep, documentId]);
      if (database === 'mariadb') {
        // MariaDB's JSON column CHECK (json_valid) refuses it: such a row cannot exist there.
        await expect(write).rejects.toThrow();
      } else {
        await write;
      }
      const list = await api.get('/api/articles', { pagination: { pageSize: 100 } });
      expect(list.status).toBe(200);
      const stored = (list.body.data as Array<{ documentId: string; metadata: unknown }>).find((a) => a.documentId === documentId);
      // Too deep to return as JSON: the stored text comes back as a string, nothing is lost.
      expect(stored?.metadata).toEqual(database === 'mariadb' ? { a: 1 } : deep);
      expect((await api.get(`/api/articles/${documentId}`)).status).toBe(200);
      const read = await gql(app.url, '{ articles(pagination: { pageSize: 100 }) { documentId metadata } }');
      expect(read.status).toBe(200);
      expect(read.body.errors).toBeUndefined();
      await api.del(`/api/articles/${documentId}`);
    });
  });

  describe('NUL characters', () => {
    it('are refused in filters, _q and path ids with a 400', async () => {
      for (const query of ['filters[title][$eq]=a%00b', 'filters[title][$containsi]=%00', '_q=a%00b', 'filters[seo][meta_title]=x%00']) {
        const res = await api.get('/api/articles', query);
        expect({ query, status: res.status, name: res.body?.error?.name }).toEqual({ query, status: 400, name: 'ValidationError' });
      }
      const path = await api.get('/api/articles/a%00b');
      expect(path.status).toBe(400);
      expect(path.body.error).toMatchObject({ status: 400, name: 'BadRequestError', message: 'Malicious Path' });
    });

    it('in a GraphQL documentId find nothing instead of failing (PostgreSQL cannot bind them)', async () => {
      const res = await gql(app.url, 'query ($id: ID!) { article(documentId: $id) { title } }', { id: 'a\u0000b' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { article: null } });
    });

    it('are refused in body strings, nested component strings and json strings, writing nothing', async () => {
      await refused({ data: { title: 'a\u0000b' } }, /NUL characters/);
      await refused({ data: { title: 'nul', seo: { meta_title: 'x\u0000y' } } }, /NUL characters/);
      await refused({ data: { title: 'nul', metadata: { a: ['x\u0000y'] } } }, /NUL characters/);
      await refused({ data: { title: 'nul', metadata: { 'k\u0000': 1 } } }, /NUL characters/);
    });

    it('are refused in login identifiers, registered usernames and forgot-password emails', async () => {
      const users = async () => Number((await app.db.query('SELECT COUNT(*) AS c FROM up_users'))[0].c);
      const before = await users();
      for (const [path, body] of [
        ['/api/auth/local', { identifier: 'a\u0000b', password: 'Passw0rd!' }],
        ['/api/auth/local/register', { username: 'nul\u0000user', email: 'nul@example.com', password: 'Passw0rd!' }],
        ['/api/auth/forgot-password', { email: 'nul\u0000@example.com' }],
      ] as const) {
        const res = await api.post(path, body);
        expect({ path, status: res.status, name: res.body?.error?.name }).toEqual({ path, status: 400, name: 'ValidationError' });
      }
      expect(await users()).toBe(before);
    });
  });

  describe('numbers and dates outside what the columns hold', () => {
    it('refuses relation and media ids past 32 bits or holding NUL, over REST and GraphQL', async () => {
      await refused({ data: { title: 'r', author: 99999999999 } }, /^author must be a document id/);
      await refused({ data: { title: 'r', categories: { connect: ['99999999999'] } } }, /^categories must be a document id/);
      await refused({ data: { title: 'r', cover: 99999999999 } }, /^cover must be a file id/);
      const before = await articleRows();
      const mutation = 'mutation ($data: ArticleInput!) { createArticle(data: $data) { documentId } }';
      for (const data of [{ title: 'r', author: 'a\u0000b' }, { title: 'r', categories: ['a\u0000b'] }]) {
        const res = await gql(app.url, mutation, { data });
        expect(res.status).toBe(200);
        expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }
      expect(await articleRows()).toBe(before);
    });

    it('refuses them in bodies with a 400', async () => {
      await refused({ data: { title: 'n', price: 1e100 } }, 'price must have at most 35 digits before the decimal point');
      await refused({ data: { title: 'n', views: 2147483648 } }, 'views must be between -2147483648 and 2147483647');
      await refused({ data: { title: 'n', big_counter: '9223372036854775808' } }, 'big_counter is out of the 64-bit integer range');
      await refused({ data: { title: 'n', event_at: '99999-01-01T00:00:00Z' } }, 'Invalid format, expected a timestamp or an ISO date');
      await refused({ data: { title: 'n', publish_date: '99999-01-01' } }, 'Invalid format, expected yyyy-MM-dd');
      await refused({ data: { title: 'n', rating: '1e400' } }, /^rating must be a `number` type/);
    });

    it('refuses strings longer than the 255 characters of a MariaDB VARCHAR column (a 500 there)', async () => {
      await refused({ data: { title: 'l', slug: 'a'.repeat(256) } }, 'slug must be at most 255 characters');
      await refused({ data: { title: 'l', contact_email: `${'a'.repeat(251)}@b.co` } }, 'contact_email must be at most 255 characters');
      await refused({ data: { title: 'l', seo: { meta_title: 't', keywords: 'k'.repeat(256) } } }, 'seo.keywords must be at most 255 characters');
      const fits = await api.post('/api/articles', { data: { title: 'fits', slug: 'a'.repeat(255), seo: { meta_title: 't', keywords: '😀'.repeat(255) } } });
      expect(fits.status).toBe(201);
      await api.del(`/api/articles/${fits.body.data.documentId as string}`);
    });

    it('refuses them in filters with a 400', async () => {
      for (const query of ['filters[publish_date][$eq]=99999-01-01', 'filters[event_at][$gt]=99999-01-01T00:00:00Z', 'filters[views][$lt]=99999999999', 'filters[big_counter][$eq]=9223372036854775808', 'filters[publish_date][$eq]=1']) {
        const res = await api.get('/api/articles', query);
        expect({ query, status: res.status, name: res.body?.error?.name }).toEqual({ query, status: 400, name: 'ValidationError' });
      }
    });

    it('refuses impossible dates and times everywhere (30 February was stored as 1 March)', async () => {
      await refused({ data: { title: 'd', event_at: '2020-02-30T00:00:00Z' } }, 'Invalid format, expected a timestamp or an ISO date');
      await refused({ data: { title: 'd', event_at: '2020-01-01T24:00:00Z' } }, 'Invalid format, expected a timestamp or an ISO date');
      await refused({ data: { title: 'd', publish_date: '2020-02-30' } }, 'Invalid date');
      await refused({ data: { title: 'd', publish_time: '24:00:00' } }, 'Invalid time format, expected HH:mm:ss.SSS');
      for (const query of ['filters[event_at][$eq]=2020-02-30T00:00:00Z', 'filters[publish_date][$eq]=2021-02-29', 'filters[publish_time][$eq]=23:60']) {
        expect((await api.get('/api/articles', query)).status).toBe(400);
      }
    });
  });

  describe("loose coercion, matched to Strapi 5.54's answers", () => {
    it('accepts what Strapi accepts and stores the same values', async () => {
      const res = await api.post('/api/articles', {
        data: { title: 'coerced', views: '1e3', price: '1e3', event_at: '1700000000000', publish_date: '2020-02-28T10:00:00Z', content: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }] }] },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ views: 1000, price: 1000, event_at: '2023-11-14T22:13:20.000Z', publish_date: '2020-02-28' });
      expect((await api.get('/api/articles', 'filters[event_at][$gt]=1')).status).toBe(200);
      await api.del(`/api/articles/${res.body.data.documentId as string}`);
    });

    it('refuses what Strapi refuses, in its words', async () => {
      await refused({ data: { title: 123 } }, 'title must be a `string` type, but the final value was: `123`.');
      await refused({ data: { title: 'x', summary: 12 } }, 'summary must be a `string` type, but the final value was: `12`.');
      await refused({ data: { title: 'x', views: 'abc' } }, 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).');
      await refused({ data: { title: 'x', views: 12.5 } }, 'views must be an integer');
      await refused({ data: { title: 'x', big_counter: '1e3' } }, 'big_counter must be a valid integer');
      await refused({ data: { title: 'x', content: [1, 2] } }, '2 errors occurred');
      await refused({ data: { title: 'x', content: [1] } }, 'Block node is of invalid type');
      await refused({ data: { title: 'x', content: [{ type: 'paragraph' }] } }, 'content[0].children is a required field');
      await refused({ data: { title: 'x', content: [{ type: 'paragraph', children: [] }] } }, 'Paragraph node children must have at least one Text or Link node');
      await refused({ data: { title: 'x', content: [{ type: 'paragraph', children: [{ type: 'text' }] }] } }, 'Text must be defined with at least an empty string');
      await refused({ data: { title: 'x', event_at: 'March 7, 2024' } }, 'Invalid format, expected a timestamp or an ISO date');
    });
  });

  describe('oversized filters (GraphQL carries them; a query string cannot)', () => {
    it('answers a 40k-item $in and a 20k-branch $or with a validation error, not a 500', async () => {
      // Each document is sent once (the comment makes the texts differ): this test is about the
      // filter bounds, not about the compiled path repeated documents take.
      const query = (tag: string) => `query ($filters: ArticleFiltersInput) { articles(filters: $filters) { documentId } } # ${tag} ${database}`;
      const inList = await gql(app.url, query('in'), { filters: { views: { in: Array.from({ length: 40_000 }, (_, i) => i) } } });
      const or = await gql(app.url, query('or'), { filters: { or: Array.from({ length: 20_000 }, (_, i) => ({ views: { eq: i } })) } });
      // GraphQL bounds its argument lists itself (100 items); the query validator's bounds (1000
      // conditions, 1000 values; runtime/query/validate-filters.test.ts) are the backstop.
      for (const res of [inList, or]) {
        expect(res.status).toBeLessThan(500);
        expect(res.body.data?.articles ?? null).toBeNull();
        expect(res.body.errors?.[0]?.message).toMatch(/^(Too many filter (values|conditions)|Array too long): at most \d+/);
      }
    });
  });
});
