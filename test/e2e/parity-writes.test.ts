// Writes Strapi 5 accepts, on a schema set other than the strapi-blog fixture (test/parity-kit:
// a localized draft & publish type with defaults, private attributes, a private relation, a
// password and a required media), on SQLite, PostgreSQL and MariaDB (booleans are stored
// differently on each):
// - `publishedAt` and `locale` in `data` are ignored (the status and the query's locale decide);
// - private attributes and relations are written and stored, and still never returned;
// - a required media attribute may be left out on create;
// - keys that are no attribute, and the non-writable system keys, are still refused;
// - a new localization (`PUT ?locale=fr`, the Document Service, GraphQL) starts from the schema's
//   defaults, with the shared attributes of the other locales.
import { client } from '../helpers/http';
import { data as gqlData } from '../helpers/graphql';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { startParityKitApp } from '../helpers/parity-kit-app';

const GADGET = 'api::gadget.gadget';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('writes Strapi accepts, on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    app = await startParityKitApp(database);
    api = client(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  const createMaker = async (name: string) => {
    const res = await api.post('/api/makers', { data: { name } });
    expect(res.status).toBe(201);
    return res.body.data.documentId as string;
  };

  /** The maker linked to each version of a gadget (the Document Service cannot populate a private relation). */
  const storedMakers = async (documentId: string) => {
    const rows = await app.db.query('SELECT l.target_document_id AS maker FROM gadgets_maker_lnk l JOIN gadgets g ON g.id = l.source_id WHERE g.document_id = ? ORDER BY g.id', [documentId]);
    return rows.map((r) => r.maker);
  };

  /** The stored row of a version, as the database holds it (private columns included). */
  const storedRow = async (documentId: string, locale: string, published: boolean) => {
    const rows = await app.db.query(`SELECT internal_note, pin, in_stock, tier, stock FROM gadgets WHERE document_id = ? AND locale = ? AND published_at IS ${published ? 'NOT ' : ''}NULL`, [documentId, locale]);
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  describe('system keys in data', () => {
    it('ignores publishedAt (null or a date) and locale: the status and the query decide', async () => {
      const created = await api.post('/api/gadgets', { data: { name: 'v4 client', publishedAt: null, locale: 'fr' } });
      expect(created.status).toBe(201);
      // Published (the REST default) in the default locale, whatever data said.
      expect(created.body.data).toMatchObject({ name: 'v4 client', locale: 'en', publishedAt: expect.any(String) });
      const { documentId } = created.body.data;
      expect((await api.get(`/api/gadgets/${documentId}`, { locale: 'fr' })).status).toBe(404);

      const draft = await api.post('/api/gadgets', { data: { name: 'dated', publishedAt: '2020-01-01T00:00:00.000Z' } }, { status: 'draft' });
      expect(draft.status).toBe(201);
      expect(draft.body.data.publishedAt).toBeNull();
      expect((await api.get(`/api/gadgets/${draft.body.data.documentId}`)).status).toBe(404);

      const updated = await api.put(`/api/gadgets/${documentId}`, { data: { name: 'v4 client 2', publishedAt: null, locale: 'fr' } });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ name: 'v4 client 2', locale: 'en', publishedAt: expect.any(String) });
      expect((await api.get(`/api/gadgets/${documentId}`)).body.data.name).toBe('v4 client 2');
    });

    it('ignores them on a type without i18n and draft & publish too', async () => {
      const res = await api.post('/api/makers', { data: { name: 'plain', locale: 'fr', publishedAt: null } });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'plain', publishedAt: expect.any(String) });
      expect(res.body.data).not.toHaveProperty('locale');
    });

    it('takes them in GraphQL inputs too (publishedAt everywhere, locale where the type is not localized), and ignores them', async () => {
      const gadget = await gqlData(app.url, 'mutation { createGadget(data: { name: "gql v4 client", publishedAt: null }) { documentId publishedAt locale } }');
      expect(gadget.createGadget).toMatchObject({ publishedAt: expect.any(String), locale: 'en' });
      const draft = await gqlData(app.url, 'mutation { createGadget(status: DRAFT, data: { name: "gql dated", publishedAt: "2020-01-01T00:00:00.000Z" }) { publishedAt } }');
      expect(draft.createGadget.publishedAt).toBeNull();
      const maker = await gqlData(app.url, 'mutation { createMaker(data: { name: "gql maker", locale: "fr", publishedAt: null }) { name } }');
      expect(maker.createMaker).toEqual({ name: 'gql maker' });
      const input = await gqlData(app.url, '{ g: __type(name: "GadgetInput") { inputFields { name } } m: __type(name: "MakerInput") { inputFields { name } } }');
      expect(input.g.inputFields.map((f: { name: string }) => f.name).slice(-2)).toEqual(['parts', 'publishedAt']);
      expect(input.m.inputFields.map((f: { name: string }) => f.name).slice(-2)).toEqual(['publishedAt', 'locale']);
    });

    it('still refuses unknown keys and the keys Strapi does not let a client write', async () => {
      // The details are Strapi 5.54's: a non-writable attribute names itself as the path, an unknown
      // key has a null path, id and documentId have none.
      const expected: Record<string, object> = {
        bogus: { key: 'bogus', path: null, source: 'body' },
        createdAt: { key: 'createdAt', path: 'createdAt', source: 'body' },
        updatedAt: { key: 'updatedAt', path: 'updatedAt', source: 'body' },
        createdBy: { key: 'createdBy', path: 'createdBy', source: 'body' },
        localizations: { key: 'localizations', path: 'localizations', source: 'body' },
        id: { key: 'id', source: 'body' },
        documentId: { key: 'documentId', source: 'body' },
      };
      for (const [key, details] of Object.entries(expected)) {
        const res = await api.post('/api/gadgets', { data: { name: 'refused', [key]: key === 'localizations' ? [] : 'x' } });
        expect([key, res.status, res.body.error]).toEqual([key, 400, { status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details }]);
      }
      // Inside a component, publishedAt and locale are no attribute either; the path names no list position (Strapi 5.54).
      const nested = await api.post('/api/gadgets', { data: { name: 'refused', parts: [{ label: 'a', locale: 'fr' }] } });
      expect([nested.status, nested.body.error.message]).toEqual([400, 'Invalid key locale at parts']);
    });
  });

  describe('private attributes and relations', () => {
    it('writes them (REST, and the Document Service) and never returns them', async () => {
      const maker = await createMaker(`private maker ${database}`);
      const created = await api.post('/api/gadgets', { data: { name: 'private', internal_note: 'secret', pin: '1234', maker } }, { populate: '*' });
      expect(created.status).toBe(201);
      for (const key of ['internal_note', 'pin', 'maker']) expect(created.body.data).not.toHaveProperty(key);
      const { documentId } = created.body.data;
      const row = await storedRow(documentId, 'en', true);
      expect(row.internal_note).toBe('secret');
      // The password is stored hashed.
      expect(String(row.pin)).toMatch(/^\$2[aby]\$/);
      // Draft and published version.
      expect(await storedMakers(documentId)).toEqual([maker, maker]);

      const other = await createMaker(`other maker ${database}`);
      const updated = await api.put(`/api/gadgets/${documentId}`, { data: { internal_note: 'changed', maker: other } }, { populate: '*' });
      expect(updated.status).toBe(200);
      expect(updated.body.data).not.toHaveProperty('internal_note');
      expect((await storedRow(documentId, 'en', true)).internal_note).toBe('changed');
      expect(await storedMakers(documentId)).toEqual([other, other]);
      await app.engine.documents(GADGET).update({ documentId, data: { internal_note: 'from the service' }, status: 'published' });
      expect((await storedRow(documentId, 'en', true)).internal_note).toBe('from the service');
      // Not through a query either: private attributes cannot be filtered on.
      expect((await api.get('/api/gadgets', { filters: { internal_note: { $eq: 'changed' } } })).status).toBe(400);
    });

    it('writes a private scalar through GraphQL, which does not return it', async () => {
      const created = await gqlData(app.url, 'mutation { createGadget(data: { name: "gql private", internal_note: "gql secret" }) { documentId name } }');
      expect(created.createGadget.name).toBe('gql private');
      expect((await storedRow(created.createGadget.documentId, 'en', true)).internal_note).toBe('gql secret');
    });
  });

  it('creates a document without its required media, as Strapi does', async () => {
    const res = await api.post('/api/gadgets', { data: { name: 'no photo' } }, { populate: ['photo'] });
    expect(res.status).toBe(201);
    expect(res.body.data.photo).toBeNull();
  });

  describe('defaults on a new localization', () => {
    /** An English gadget whose defaults were changed, so a default in fr cannot come from en. */
    const englishGadget = async (name: string) => {
      const res = await api.post('/api/gadgets', { data: { name, in_stock: true, tier: 'pro', stock: 7 } });
      expect(res.status).toBe(201);
      return res.body.data.documentId as string;
    };
    const expectFrenchDefaults = async (documentId: string, name: string) => {
      for (const published of [false, true]) {
        const row = await storedRow(documentId, 'fr', published);
        // Booleans come back as 0/1 from SQLite and MariaDB.
        expect([Boolean(row.in_stock), row.tier, Number(row.stock)]).toEqual([false, 'basic', 7]);
      }
      const res = await api.get(`/api/gadgets/${documentId}`, { locale: 'fr' });
      expect(res.body.data).toMatchObject({ name, in_stock: false, tier: 'basic', stock: 7, locale: 'fr' });
      // The English version keeps its own values.
      expect((await api.get(`/api/gadgets/${documentId}`)).body.data).toMatchObject({ in_stock: true, tier: 'pro', stock: 7 });
    };

    it('applies them through PUT ?locale=fr (the shared attributes come from the other locale)', async () => {
      const documentId = await englishGadget('defaults rest');
      const res = await api.put(`/api/gadgets/${documentId}`, { data: { name: 'défauts rest' } }, { locale: 'fr' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'défauts rest', in_stock: false, tier: 'basic', stock: 7, locale: 'fr' });
      await expectFrenchDefaults(documentId, 'défauts rest');
    });

    it('applies them through the Document Service and GraphQL, and sent values win', async () => {
      const viaService = await englishGadget('defaults service');
      await app.engine.documents(GADGET).update({ documentId: viaService, locale: 'fr', data: { name: 'défauts service' }, status: 'published' });
      await expectFrenchDefaults(viaService, 'défauts service');

      const viaGraphql = await englishGadget('defaults gql');
      const updated = await gqlData(app.url, 'mutation($id: ID!) { updateGadget(documentId: $id, locale: "fr", data: { name: "défauts gql" }) { name in_stock tier stock locale } }', { id: viaGraphql });
      expect(updated.updateGadget).toEqual({ name: 'défauts gql', in_stock: false, tier: 'basic', stock: 7, locale: 'fr' });
      await expectFrenchDefaults(viaGraphql, 'défauts gql');

      const sent = await englishGadget('defaults sent');
      const res = await api.put(`/api/gadgets/${sent}`, { data: { name: 'envoyé', in_stock: true } }, { locale: 'fr' });
      expect(res.body.data).toMatchObject({ in_stock: true, tier: 'basic' });
    });
  });
});
