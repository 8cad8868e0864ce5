// Relations between draft & publish versions, written from either side, on test/relation-kit, on
// SQLite, PostgreSQL and MariaDB. The relation matrix (relation-matrix.test.ts) replays Strapi
// 5.54's answers over every kind and combination; these are the cases its first run found wrong,
// each on its own. left-<dp> owns the relations, right-<dp> is their inverse side.
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { startRelationKitApp } from '../helpers/relation-kit-app';

type Api = ReturnType<typeof client>;

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('relations between versions on %s', (database) => {
  let app: FixtureApp;
  let api: Api;

  beforeAll(async () => {
    app = await startRelationKitApp(database);
    api = client(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  const create = async (plural: string, data: object, status: 'draft' | 'published' = 'published') => {
    const res = await api.post(`/api/${plural}`, { data }, { status });
    expect(res.status).toBe(201);
    return res.body.data.documentId as string;
  };
  /** The names of a relation as one version of a document reads it. */
  const names = async (plural: string, documentId: string, attribute: string, status: 'draft' | 'published') => {
    const res = await api.get(`/api/${plural}/${documentId}`, { status, populate: { [attribute]: { fields: ['name'] } } });
    if (res.status === 404) return 'absent';
    const value = res.body.data[attribute] as { name: string } | { name: string }[] | null;
    return Array.isArray(value) ? value.map((v) => v.name) : (value?.name ?? null);
  };
  const both = async (plural: string, documentId: string, attribute: string) => ({
    draft: await names(plural, documentId, attribute, 'draft'),
    published: await names(plural, documentId, attribute, 'published'),
  });

  describe('the inverse side with draft & publish, owners with draft & publish', () => {
    it('writes the draft alone, publishing carries it to the owners, discarding takes it back', async () => {
      const [t1, t2] = [await create('left-ons', { name: 'dp t1' }), await create('left-ons', { name: 'dp t2' })];
      const w = await create('right-ons', { name: 'dp w', m2m_on: [t1] });
      expect((await api.put(`/api/right-ons/${w}`, { data: { m2m_on: [t1, t2] } }, { status: 'draft' })).status).toBe(200);
      expect(await both('right-ons', w, 'm2m_on')).toEqual({ draft: ['dp t1', 'dp t2'], published: ['dp t1'] });
      // The owner's published version did not get the unpublished link.
      expect(await both('left-ons', t2, 'm2m_on')).toEqual({ draft: ['dp w'], published: [] });

      expect((await api.put(`/api/right-ons/${w}`, { data: {} }, { status: 'published' })).status).toBe(200);
      expect(await both('right-ons', w, 'm2m_on')).toEqual({ draft: ['dp t1', 'dp t2'], published: ['dp t1', 'dp t2'] });
      expect(await both('left-ons', t2, 'm2m_on')).toEqual({ draft: ['dp w'], published: ['dp w'] });

      await api.put(`/api/right-ons/${w}`, { data: { m2m_on: { disconnect: [t1] } } }, { status: 'draft' });
      expect(await both('left-ons', t1, 'm2m_on')).toEqual({ draft: [], published: ['dp w'] });
      await app.engine.documents('api::right-on.right-on').discardDraft({ documentId: w });
      expect(await both('right-ons', w, 'm2m_on')).toEqual({ draft: ['dp t1', 'dp t2'], published: ['dp t1', 'dp t2'] });
      expect(await both('left-ons', t1, 'm2m_on')).toEqual({ draft: ['dp w'], published: ['dp w'] });
    });

    it('moves a oneToOne in the draft and leaves the published pair alone until published', async () => {
      const [t1, t2] = [await create('left-ons', { name: 'o2o t1' }), await create('left-ons', { name: 'o2o t2' })];
      const w = await create('right-ons', { name: 'o2o w', o2o_on: t1 });
      await api.put(`/api/right-ons/${w}`, { data: { o2o_on: { connect: [t2] } } }, { status: 'draft' });
      expect(await both('right-ons', w, 'o2o_on')).toEqual({ draft: 'o2o t2', published: 'o2o t1' });
      expect(await both('left-ons', t1, 'o2o_on')).toEqual({ draft: null, published: 'o2o w' });
      await app.engine.documents('api::right-on.right-on').publish({ documentId: w });
      expect(await both('left-ons', t1, 'o2o_on')).toEqual({ draft: null, published: null });
      expect(await both('left-ons', t2, 'o2o_on')).toEqual({ draft: 'o2o w', published: 'o2o w' });
    });
  });

  describe('a oneToOne taken by another owner (Strapi 5.54 answered the same)', () => {
    it('leaves the previous owner its published pair until the new owner is published', async () => {
      const w = await create('right-ons', { name: 'rival w' });
      const o1 = await create('left-ons', { name: 'rival o1', o2o_on: w });
      const o2 = await create('left-ons', { name: 'rival o2' });
      await api.put(`/api/left-ons/${o2}`, { data: { o2o_on: w } }, { status: 'draft' });
      expect(await both('left-ons', o1, 'o2o_on')).toEqual({ draft: null, published: 'rival w' });
      expect(await both('right-ons', w, 'o2o_on')).toEqual({ draft: 'rival o2', published: 'rival o1' });
      await app.engine.documents('api::left-on.left-on').publish({ documentId: o2 });
      expect(await both('left-ons', o1, 'o2o_on')).toEqual({ draft: null, published: null });
      expect(await both('right-ons', w, 'o2o_on')).toEqual({ draft: 'rival o2', published: 'rival o2' });
    });

    it('takes a target without draft & publish from every version of the previous owner', async () => {
      const w = await create('right-offs', { name: 'rival plain w' });
      const o1 = await create('left-ons', { name: 'rival plain o1', o2o_off: w });
      const o2 = await create('left-ons', { name: 'rival plain o2' });
      await api.put(`/api/left-ons/${o2}`, { data: { o2o_off: w } }, { status: 'draft' });
      expect(await both('left-ons', o1, 'o2o_off')).toEqual({ draft: null, published: null });
      expect(await both('right-offs', w, 'o2o_on')).toEqual({ draft: 'rival plain o2', published: null });
    });
  });

  describe('the inverse side with draft & publish, owners without it', () => {
    // left-off has one row per document: its links say which versions of the right-on they join.
    it('joins the draft alone until the inverse side is published, in reads, filters and counts', async () => {
      const [o1, o2] = [await create('left-offs', { name: 'plain o1' }), await create('left-offs', { name: 'plain o2' })];
      const w = await create('right-ons', { name: 'plain w', m2m_off: [o1] });
      await api.put(`/api/right-ons/${w}`, { data: { m2m_off: { connect: [o2], disconnect: [o1] } } }, { status: 'draft' });
      expect(await both('right-ons', w, 'm2m_off')).toEqual({ draft: ['plain o2'], published: ['plain o1'] });
      expect(await both('left-offs', o1, 'm2m_on')).toEqual({ draft: [], published: ['plain w'] });
      expect(await both('left-offs', o2, 'm2m_on')).toEqual({ draft: ['plain w'], published: [] });
      const owners = async (status: string) =>
        (await api.get('/api/left-offs', { status, filters: { m2m_on: { name: { $eq: 'plain w' } } }, fields: ['name'] })).body.data.map((d: { name: string }) => d.name);
      expect([await owners('draft'), await owners('published')]).toEqual([['plain o2'], ['plain o1']]);
      const counted = async (status: string) => (await api.get(`/api/left-offs/${o2}`, { status, populate: { m2m_on: { count: true } } })).body.data.m2m_on.count;
      expect([await counted('draft'), await counted('published')]).toEqual([1, 0]);

      await app.engine.documents('api::right-on.right-on').publish({ documentId: w });
      expect(await both('left-offs', o1, 'm2m_on')).toEqual({ draft: [], published: [] });
      expect(await both('left-offs', o2, 'm2m_on')).toEqual({ draft: ['plain w'], published: ['plain w'] });
    });

    it('discarding the draft brings the published links back; an owner naming the document joins both versions', async () => {
      const [o1, o2] = [await create('left-offs', { name: 'back o1' }), await create('left-offs', { name: 'back o2' })];
      const w = await create('right-ons', { name: 'back w', o2o_off: o1 });
      await api.put(`/api/right-ons/${w}`, { data: { o2o_off: o2 } }, { status: 'draft' });
      expect(await both('left-offs', o1, 'o2o_on')).toEqual({ draft: null, published: 'back w' });
      await app.engine.documents('api::right-on.right-on').discardDraft({ documentId: w });
      expect(await both('right-ons', w, 'o2o_off')).toEqual({ draft: 'back o1', published: 'back o1' });
      expect(await both('left-offs', o2, 'o2o_on')).toEqual({ draft: null, published: null });

      const w2 = await create('right-ons', { name: 'back w2', m2m_off: [o1] });
      await api.put(`/api/right-ons/${w2}`, { data: { m2m_off: [] } }, { status: 'draft' });
      expect(await both('left-offs', o1, 'm2m_on')).toEqual({ draft: [], published: ['back w2'] });
      await api.put(`/api/left-offs/${o1}`, { data: { m2m_on: { connect: [w2] } } });
      expect(await both('right-ons', w2, 'm2m_off')).toEqual({ draft: ['back o1'], published: ['back o1'] });
    });
  });

  describe('a type without draft & publish', () => {
    it('answers a write with the related versions of the status it was asked for', async () => {
      const [t1, t3] = [await create('left-ons', { name: 'answer t1' }), await create('left-ons', { name: 'answer t3' }, 'draft')];
      const w = await create('right-offs', { name: 'answer w' });
      const res = await api.put(`/api/right-offs/${w}`, { data: { m2m_on: [t1, t3] } }, { status: 'draft', populate: { m2m_on: { fields: ['name'] } } });
      expect(res.body.data.m2m_on.map((d: { name: string }) => d.name)).toEqual(['answer t1', 'answer t3']);
      const published = await api.put(`/api/right-offs/${w}`, { data: { name: 'answer w' } }, { populate: { m2m_on: { fields: ['name'] } } });
      expect(published.body.data.m2m_on.map((d: { name: string }) => d.name)).toEqual(['answer t1']);
    });
  });
});
