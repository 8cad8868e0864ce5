// Polymorphic relations (morphToMany / morphToOne and their inverse sides morphMany / morphOne) on
// test/morph-kit, through REST, GraphQL and the Document Service, on SQLite, PostgreSQL and MariaDB: writes name each
// entry with `__type` + documentId, populate returns each entry with `__type` (only of types the
// reader may read), filters and sort refuse the owning side (Strapi's `Invalid key`) and traverse
// the inverse one, draft & publish copies the links, and deleting either side removes the link rows.
// Expectations follow what Strapi 5.54 answered for the same schemas.
import { gql } from '../helpers/graphql';
import { client } from '../helpers/http';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { startMorphKitApp } from '../helpers/morph-kit-app';

const NOTE = 'api::note.note';
const PAGE = 'api::page.page';
const CLIP = 'api::clip.clip';
const VAULT = 'api::vault.vault';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('morph relations on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    app = await startMorphKitApp(database);
    api = client(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  const create = async (plural: string, data: Record<string, unknown>, query?: object) => {
    const res = await api.post(`/api/${plural}`, { data }, query);
    expect(res.status).toBe(201);
    return res.body.data.documentId as string;
  };

  /** Link rows of note.subjects (every version) pointing at one document. */
  const linksTo = async (documentId: string) => {
    const rows = await app.db.query('SELECT COUNT(*) AS c FROM notes_subjects_mph WHERE target_document_id = ?', [documentId]);
    return Number(rows[0].c);
  };

  describe('writes and populate', () => {
    let clip: string;
    let page: string;
    let vault: string;
    let note: string;

    beforeAll(async () => {
      clip = await create('clips', { title: 'Intro clip', seconds: 30 });
      page = await create('pages', { title: 'Home' });
      // Public cannot create, read or relate to vaults (morph-relations' last writes test): the
      // trusted Document Service can.
      vault = (await app.engine.documents(VAULT).create({ data: { title: 'Secret' } })).documentId as string;
      const created = await app.engine.documents(NOTE).create({
        data: {
          body: 'first',
          subjects: [
            { __type: CLIP, documentId: clip },
            { __type: VAULT, documentId: vault },
            { __type: PAGE, documentId: page },
          ],
          pinned: { __type: CLIP, documentId: clip },
        },
        status: 'published',
      });
      note = created.documentId as string;
    });

    it('populates each entry with its __type, in link order, leaving out types the reader cannot read', async () => {
      const res = await api.get(`/api/notes/${note}`, { populate: ['subjects', 'pinned'] });
      expect(res.status).toBe(200);
      const subjects = res.body.data.subjects as Record<string, unknown>[];
      expect(subjects.map((s) => [s.__type, s.documentId])).toEqual([
        [CLIP, clip],
        [PAGE, page],
      ]);
      expect(subjects[0]).toMatchObject({ title: 'Intro clip', seconds: 30, __type: CLIP });
      expect(subjects[1]).toMatchObject({ title: 'Home', locale: 'en', __type: PAGE });
      expect(res.body.data.pinned).toMatchObject({ documentId: clip, __type: CLIP });
    });

    it('nests the entries as Strapi 4 did under Strapi-Response-Format: v4', async () => {
      const res = await api.request('GET', `/api/notes/${note}`, { query: { populate: ['subjects'] }, headers: { 'Strapi-Response-Format': 'v4' } });
      expect(res.status).toBe(200);
      const [first] = res.body.data.attributes.subjects.data;
      expect(first).toEqual({ id: expect.any(Number), documentId: clip, attributes: expect.objectContaining({ title: 'Intro clip', __type: CLIP }) });
    });

    it('the trusted Document Service sees every type', async () => {
      const doc = await app.engine.documents(NOTE).findOne({ documentId: note, populate: ['subjects'] });
      expect((doc?.subjects as Record<string, unknown>[]).map((s) => s.__type)).toEqual([CLIP, VAULT, PAGE]);
    });

    it('populate=* includes the morph attributes; `on` lists the types it names, shaped per type', async () => {
      const star = await api.get(`/api/notes/${note}`, { populate: '*' });
      expect(star.status).toBe(200);
      expect(star.body.data.subjects).toHaveLength(2);
      expect(star.body.data.pinned.__type).toBe(CLIP);
      const on = await api.get(`/api/notes/${note}`, { populate: { subjects: { on: { [CLIP]: { fields: ['title'] } } } } });
      expect(on.status).toBe(200);
      expect(on.body.data.subjects).toEqual([{ id: expect.any(Number), documentId: clip, title: 'Intro clip', __type: CLIP }]);
      // Strapi leaves the attribute out when `on` names only types the reader cannot read, or for other options.
      const hidden = await api.get(`/api/notes/${note}`, { populate: { subjects: { on: { [VAULT]: { fields: ['title'] } } } } });
      expect(hidden.status).toBe(200);
      expect(hidden.body.data).not.toHaveProperty('subjects');
      const fields = await api.get(`/api/notes/${note}`, { populate: { subjects: { fields: ['title'] } } });
      expect(fields.body.data).not.toHaveProperty('subjects');
      const unknown = await api.get(`/api/notes/${note}`, { populate: { subjects: { on: { 'api::nope.nope': true } } } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.details).toMatchObject({ key: 'api::nope.nope', path: 'subjects.on.api::nope.nope', param: 'populate' });
      const count = await api.get(`/api/notes/${note}`, { populate: { subjects: { count: true } } });
      expect(count.body.data.subjects).toEqual({ count: 2 });
      // An entry populates its own attributes through `on` (here the clip's inverse side, back to the note).
      const nested = await api.get(`/api/notes/${note}`, { populate: { subjects: { on: { [CLIP]: { fields: ['title'], populate: { pinnedBy: { fields: ['body'] } } } } } } });
      expect(nested.body.data.subjects).toEqual([
        { id: expect.any(Number), documentId: clip, title: 'Intro clip', pinnedBy: { id: expect.any(Number), documentId: note, body: 'first' }, __type: CLIP },
      ]);
    });

    it('lists the owners on the inverse sides (morphMany, morphOne)', async () => {
      const res = await api.get(`/api/clips/${clip}`, { populate: ['notes', 'pinnedBy'] });
      expect(res.status).toBe(200);
      expect(res.body.data.notes.map((n: { documentId: string }) => n.documentId)).toEqual([note]);
      expect(res.body.data.pinnedBy).toMatchObject({ documentId: note, body: 'first' });
      const pageRes = await api.get(`/api/pages/${page}`, { populate: { notes: { fields: ['body'] } } });
      expect(pageRes.body.data.notes).toEqual([{ id: expect.any(Number), documentId: note, body: 'first' }]);
    });

    it('refuses filters and sort on the owning side, as Strapi does', async () => {
      const filter = await api.get('/api/notes', { filters: { subjects: { id: { $eq: 1 } } } });
      expect(filter.status).toBe(400);
      expect(filter.body.error).toMatchObject({ message: 'Invalid key subjects', details: { key: 'subjects', path: 'subjects', param: 'filters' } });
      const sort = await api.get('/api/notes', { sort: 'subjects.title' });
      expect(sort.status).toBe(400);
      expect(sort.body.error.details).toMatchObject({ key: 'subjects', param: 'sort' });
      const dotted = await api.get(`/api/notes/${note}`, { populate: 'subjects.title' });
      expect(dotted.status).toBe(400);
    });

    it('filters and sorts on the inverse side like a relation', async () => {
      const found = await api.get('/api/clips', { filters: { notes: { body: 'first' } } });
      expect(found.status).toBe(200);
      expect(found.body.data.map((c: { documentId: string }) => c.documentId)).toEqual([clip]);
      const none = await api.get('/api/pages', { filters: { notes: { body: 'nothing' } } });
      expect(none.body.data).toEqual([]);
      const pinned = await api.get('/api/clips', { filters: { pinnedBy: { body: { $eq: 'first' } } } });
      expect(pinned.body.data.map((c: { documentId: string }) => c.documentId)).toEqual([clip]);
      const sorted = await api.get('/api/clips', { sort: 'notes.body' });
      expect(sorted.status).toBe(200);
    });

    it('answers GraphQL with Strapi\'s GenericMorph union, for the reader\'s types only', async () => {
      const query = `query ($id: ID!) {
        note(documentId: $id) {
          subjects { __typename ... on Clip { documentId title seconds } ... on Page { title locale } ... on Vault { title } }
          pinned { __typename ... on Clip { title } }
        }
      }`;
      // Twice: the second run goes through the compiled executor (a repeated query).
      for (let run = 0; run < 2; run++) {
        const res = await gql(app.url, query, { id: note });
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data).toEqual({
          note: {
            subjects: [
              { __typename: 'Clip', documentId: clip, title: 'Intro clip', seconds: 30 },
              { __typename: 'Page', title: 'Home', locale: 'en' },
            ],
            pinned: { __typename: 'Clip', title: 'Intro clip' },
          },
        });
      }
      const inverse = await gql(app.url, `query ($id: ID!) { clip(documentId: $id) { notes { documentId } } }`, { id: clip });
      // As in Strapi, the inverse side is not in the schema.
      expect(inverse.body.errors?.[0]?.message).toContain('Cannot query field "notes" on type "Clip"');
    });

    it('connects with a position and disconnects', async () => {
      const other = await create('clips', { title: 'Outro clip' });
      const res = await api.put(`/api/notes/${note}`, {
        data: { subjects: { connect: [{ __type: CLIP, documentId: other, position: { start: true } }], disconnect: [{ __type: PAGE, documentId: page }] } },
      });
      expect(res.status).toBe(200);
      const doc = await app.engine.documents(NOTE).findOne({ documentId: note, populate: ['subjects'] });
      expect((doc?.subjects as Record<string, unknown>[]).map((s) => s.documentId)).toEqual([other, clip, vault]);
    });

    it('refuses entries without a known __type or naming no document, and writes to the inverse side', async () => {
      // Strapi refuses the attribute as a whole: `Invalid key subjects`, also for an entry of a
      // type the caller may not read (Public and vaults).
      for (const subjects of [[{ documentId: clip }], [{ __type: 'api::nope.nope', documentId: clip }], null, [{ __type: VAULT, documentId: vault }], { connect: [{ __type: VAULT, documentId: vault }] }]) {
        const res = await api.post('/api/notes', { data: { subjects } });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ message: 'Invalid key subjects', details: { key: 'subjects', source: 'body' } });
      }
      const absent = await api.post('/api/notes', { data: { pinned: { __type: PAGE, documentId: clip } } });
      expect(absent.status).toBe(400);
      expect(absent.body.error.message).toContain(`Document with id "${clip}"`);
      const inverse = await api.put(`/api/clips/${clip}`, { data: { notes: [note] } });
      expect(inverse.status).toBe(400);
      expect(inverse.body.error.message).toContain('inverse side');
    });
  });

  describe('draft & publish and deletes', () => {
    it('a draft change reaches the published version when published', async () => {
      const a = await create('clips', { title: 'A' });
      const b = await create('clips', { title: 'B' });
      const note = await create('notes', { body: 'dp', subjects: [{ __type: CLIP, documentId: a }] });
      const draft = await api.put(`/api/notes/${note}`, { data: { subjects: [{ __type: CLIP, documentId: b }] } }, { status: 'draft' });
      expect(draft.status).toBe(200);
      const titles = async (status: 'draft' | 'published') => {
        const res = await api.get(`/api/notes/${note}`, { populate: 'subjects', status });
        return res.body.data.subjects.map((s: { title: string }) => s.title);
      };
      expect(await titles('published')).toEqual(['A']);
      expect(await titles('draft')).toEqual(['B']);
      await app.engine.documents(NOTE).publish({ documentId: note });
      expect(await titles('published')).toEqual(['B']);
    });

    it('deleting a target removes the links to it; deleting the owner removes its own', async () => {
      const clip = await create('clips', { title: 'doomed' });
      const page = await create('pages', { title: 'kept' });
      const note = await create('notes', { body: 'x', subjects: [{ __type: CLIP, documentId: clip }, { __type: PAGE, documentId: page }] });
      // Draft and published versions each hold their links.
      expect(await linksTo(clip)).toBe(2);
      expect((await api.del(`/api/clips/${clip}`)).status).toBe(204);
      expect(await linksTo(clip)).toBe(0);
      const res = await api.get(`/api/notes/${note}`, { populate: 'subjects' });
      expect(res.body.data.subjects.map((s: { __type: string }) => s.__type)).toEqual([PAGE]);
      expect(await linksTo(page)).toBe(2);
      expect((await api.del(`/api/notes/${note}`)).status).toBe(204);
      expect(await linksTo(page)).toBe(0);
    });
  });
});
