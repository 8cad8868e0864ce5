// REST content API behaviour beyond the shared conformance sample, on SQLite, PostgreSQL and MariaDB.
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { contentStatements } from '../helpers/statement-count';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('REST content API on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;
  const create = async (plural: string, data: object, query?: object) => {
    const res = await api.post(`/api/${plural}`, { data }, query);
    expect(res.status).toBe(201);
    return res.body.data as { id: number; documentId: string } & Record<string, unknown>;
  };

  beforeAll(async () => {
    app = await startFixtureApp(database);
    api = client(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  describe('populate cost', () => {
    it('runs the same number of statements for 5 and 40 documents', async () => {
      const author = await create('authors', { name: 'Counter' });
      const cats = [await create('categories', { name: 'qc-1' }), await create('categories', { name: 'qc-2' })];
      for (let i = 0; i < 40; i++) {
        await create('articles', {
          title: `qcount ${i}`,
          author: author.documentId,
          categories: cats.map((c) => c.documentId),
          seo: { meta_title: `seo ${i}`, meta_social: [{ social_network: 'Twitter', title: 't' }] },
          sections: [{ __component: 'sections.hero', title: 'h' }, { __component: 'sections.cta', label: 'go', category: cats[0].documentId }],
        });
      }
      const populate = { author: true, categories: true, seo: { populate: ['meta_social'] }, sections: { on: { 'sections.cta': { populate: ['category'] } } }, cover: true };
      const count = async (pageSize: number) => {
        const { result: res, statements } = await contentStatements(app.db, () => api.get('/api/articles', { filters: { title: { $startsWith: 'qcount' } }, populate, pagination: { pageSize } }));
        expect(res.status).toBe(200);
        expect(res.body.data).toHaveLength(pageSize);
        // `on` names only the call to action: the hero entry is left out, as Strapi does.
        expect(res.body.data[0].sections).toEqual([expect.objectContaining({ __component: 'sections.cta', category: expect.objectContaining({ name: 'qc-1' }) })]);
        return statements.length;
      };
      const small = await count(5);
      const large = await count(40);
      expect(large).toBe(small);
      // page + count + author + categories + seo + meta_social + the cta zone table + cta.category + cover
      expect(small).toBe(9);
    });
  });

  describe('relations', () => {
    it('keeps connect order and honours positions', async () => {
      const [a, b, c, d] = [await create('categories', { name: 'pos-a' }), await create('categories', { name: 'pos-b' }), await create('categories', { name: 'pos-c' }), await create('categories', { name: 'pos-d' })];
      const article = await create('articles', { title: 'positions', categories: { connect: [a.documentId, b.documentId] } });
      const names = async () => (await api.get(`/api/articles/${article.documentId}`, { populate: ['categories'] })).body.data.categories.map((x: { name: string }) => x.name);
      expect(await names()).toEqual(['pos-a', 'pos-b']);
      await api.put(`/api/articles/${article.documentId}`, { data: { categories: { connect: [{ documentId: c.documentId, position: { start: true } }] } } });
      expect(await names()).toEqual(['pos-c', 'pos-a', 'pos-b']);
      await api.put(`/api/articles/${article.documentId}`, { data: { categories: { connect: [{ documentId: d.documentId, position: { before: a.documentId } }], disconnect: [b.documentId] } } });
      expect(await names()).toEqual(['pos-c', 'pos-d', 'pos-a']);
      await api.put(`/api/articles/${article.documentId}`, { data: { categories: { set: [a.documentId, c.documentId] } } });
      expect(await names()).toEqual(['pos-a', 'pos-c']);
      await api.put(`/api/articles/${article.documentId}`, { data: { categories: [b.documentId] } });
      expect(await names()).toEqual(['pos-b']);
    });

    it('rejects a relation to a document that does not exist', async () => {
      const res = await api.post('/api/articles', { data: { title: 'dangling', author: 'nosuchdocument00000000000' } });
      expect(res.status).toBe(400);
      expect(res.body.error.name).toBe('ValidationError');
      expect(res.body.error.message).toContain('nosuchdocument00000000000');
    });

    it('accepts numeric ids and writes from the inverse side', async () => {
      const author = await create('authors', { name: 'Inverse' });
      const one = await create('articles', { title: 'inv-1' });
      const two = await create('articles', { title: 'inv-2' });
      const res = await api.put(`/api/authors/${author.documentId}`, { data: { articles: [one.documentId, two.documentId] } }, { populate: ['articles'] });
      expect(res.status).toBe(200);
      expect(res.body.data.articles.map((x: { title: string }) => x.title)).toEqual(['inv-1', 'inv-2']);
      const article = await api.get(`/api/articles/${one.documentId}`, { populate: ['author'] });
      expect(article.body.data.author.documentId).toBe(author.documentId);
      const byId = await api.put(`/api/articles/${two.documentId}`, { data: { author: author.id } }, { populate: ['author'] });
      expect(byId.body.data.author.name).toBe('Inverse');
    });

    it('moves a oneToOne target away from its previous owner', async () => {
      const page = await create('seo-pages', { path: `/one-to-one-${database}` });
      const first = await create('articles', { title: 'o2o-1', seo_page: page.documentId });
      const second = await create('articles', { title: 'o2o-2', seo_page: page.documentId });
      expect((await api.get(`/api/articles/${first.documentId}`, { populate: ['seo_page'] })).body.data.seo_page).toBeNull();
      expect((await api.get(`/api/articles/${second.documentId}`, { populate: ['seo_page'] })).body.data.seo_page.path).toBe(`/one-to-one-${database}`);
    });

    // The seo page is the mappedBy side of article.seo_page; the article has a draft and a published
    // version, and the link must be written from both (it was kept on one of them only).
    it('writes a oneToOne from its mappedBy side on both versions of the owner', async () => {
      const article = await create('articles', { title: 'o2o from the inverse side' });
      const pageOwner = async () => ((await api.get(`/api/seo-pages/${page.documentId}`, { populate: ['article'] })).body.data.article as { title: string } | null)?.title ?? null;
      const ownerSide = async () => {
        const read = async (status: string) => (await api.get(`/api/articles/${article.documentId}`, { populate: ['seo_page'], status })).body.data.seo_page?.path ?? null;
        return { published: await read('published'), draft: await read('draft') };
      };
      const page = await create('seo-pages', { path: `/inverse-o2o-${database}`, article: article.documentId });
      expect(await ownerSide()).toEqual({ published: `/inverse-o2o-${database}`, draft: `/inverse-o2o-${database}` });
      expect(await pageOwner()).toBe('o2o from the inverse side');

      const other = await create('articles', { title: 'o2o second owner' });
      await api.put(`/api/seo-pages/${page.documentId}`, { data: { article: { connect: [other.documentId] } } });
      expect(await ownerSide()).toEqual({ published: null, draft: null });
      const otherPath = async (status: string) => (await api.get(`/api/articles/${other.documentId}`, { populate: ['seo_page'], status })).body.data.seo_page?.path ?? null;
      expect([await otherPath('published'), await otherPath('draft')]).toEqual([`/inverse-o2o-${database}`, `/inverse-o2o-${database}`]);
      expect(await pageOwner()).toBe('o2o second owner');
    });

    it('counts related documents with populate[relation][count]', async () => {
      const author = await create('authors', { name: 'Counted' });
      const cats = [await create('categories', { name: 'cnt-1' }), await create('categories', { name: 'cnt-2' })];
      const article = await create('articles', { title: 'counted', author: author.documentId, categories: cats.map((c) => c.documentId) });
      await create('articles', { title: 'counted 2', author: author.documentId });
      const res = await api.get(`/api/articles/${article.documentId}`, { populate: { categories: { count: true } } });
      expect(res.body.data.categories).toEqual({ count: 2 });
      const inverse = await api.get(`/api/authors/${author.documentId}`, { populate: { articles: { count: true } } });
      expect(inverse.body.data.articles).toEqual({ count: 2 });
    });

    it('drops links to a deleted document', async () => {
      const author = await create('authors', { name: 'Gone' });
      const article = await create('articles', { title: 'orphaned', author: author.documentId });
      expect((await api.del(`/api/authors/${author.documentId}`)).status).toBe(204);
      expect((await api.get(`/api/articles/${article.documentId}`, { populate: ['author'] })).body.data.author).toBeNull();
    });
  });

  describe('components and dynamic zones', () => {
    it('updates scalars without rewriting component rows', async () => {
      const article = await create('articles', { title: 'stable components', seo: { meta_title: 'keep' }, blocks_list: [{ title: 'q1' }, { title: 'q2' }] });
      const before = (await api.get(`/api/articles/${article.documentId}`, { populate: ['seo', 'blocks_list'] })).body.data;
      await api.put(`/api/articles/${article.documentId}`, { data: { views: 7 } });
      const after = (await api.get(`/api/articles/${article.documentId}`, { populate: ['seo', 'blocks_list'] })).body.data;
      expect(after.views).toBe(7);
      expect(after.seo).toEqual(before.seo);
      expect(after.blocks_list).toEqual(before.blocks_list);
    });

    it('keeps a repeatable entry in place when its id is sent', async () => {
      const article = await create('articles', { title: 'keep by id', blocks_list: [{ title: 'a' }, { title: 'b' }] });
      const draft = (await api.get(`/api/articles/${article.documentId}`, { populate: ['blocks_list'], status: 'draft' })).body.data;
      const [a] = draft.blocks_list;
      const res = await api.put(`/api/articles/${article.documentId}`, { data: { blocks_list: [{ title: 'new' }, { id: a.id, title: 'a2' }] } }, { populate: ['blocks_list'], status: 'draft' });
      expect(res.body.data.blocks_list.map((q: { title: string }) => q.title)).toEqual(['new', 'a2']);
      expect(res.body.data.blocks_list[1].id).toBe(a.id);
    });

    it('sorts and filters repeatable components inside populate', async () => {
      const article = await create('articles', { title: 'sorted quotes', blocks_list: [{ title: 'b', position: 2 }, { title: 'a', position: 1 }, { title: 'c', position: 3 }] });
      const sorted = await api.get(`/api/articles/${article.documentId}`, { populate: { blocks_list: { sort: ['title:asc'] } } });
      expect(sorted.body.data.blocks_list.map((q: { title: string }) => q.title)).toEqual(['a', 'b', 'c']);
      const stored = await api.get(`/api/articles/${article.documentId}`, { populate: ['blocks_list'] });
      expect(stored.body.data.blocks_list.map((q: { title: string }) => q.title)).toEqual(['b', 'a', 'c']);
      const filtered = await api.get(`/api/articles/${article.documentId}`, { populate: { blocks_list: { filters: { position: { $gte: 2 } } } } });
      expect(filtered.body.data.blocks_list.map((q: { title: string }) => q.title)).toEqual(['b', 'c']);
    });

    it('rejects zone entries without or with an unknown __component, and drops those of a component the zone does not list', async () => {
      const missing = await api.post('/api/articles', { data: { title: 'dz', sections: [{ title: 'no component' }] } });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details.errors[0].path).toEqual(['sections', '0', '__component']);
      const unknown = await api.post('/api/articles', { data: { title: 'dz', sections: [{ __component: 'shared.nope', title: 'x' }] } });
      expect(unknown.status).toBe(400);
      // A component of the app the zone does not list: Strapi 5.54 drops the entry (test/foodadvisor).
      const foreign = await api.post('/api/articles?populate=sections', { data: { title: 'dz', sections: [{ __component: 'shared.quote', title: 'x' }] } });
      expect(foreign.status).toBe(201);
      expect(foreign.body.data.sections).toEqual([]);
    });

    it('populates a dynamic zone with `on`: only the entries of the named components, in REST and the Document Service', async () => {
      const category = await create('categories', { name: `dz-on-${database}` });
      const article = await create('articles', {
        title: 'dz on',
        sections: [{ __component: 'sections.cta', label: 'first', category: category.documentId }, { __component: 'sections.rich-text', body: 'text' }, { __component: 'sections.hero', title: 'hero' }, { __component: 'sections.cta', label: 'last' }],
      });
      const zone = async (query: string) => (await api.get(`/api/articles/${article.documentId}?${query}`)).body.data.sections as Record<string, unknown>[];
      const named = await zone('populate[sections][on][sections.hero][populate]=*&populate[sections][on][sections.cta]=true');
      expect(named.map((e) => e.__component)).toEqual(['sections.cta', 'sections.hero', 'sections.cta']);
      // The hero's media is populated (null here); the call to action's relation is not.
      expect(named[1]).toEqual({ id: expect.any(Number), title: 'hero', subtitle: null, image: null, __component: 'sections.hero' });
      expect(named[0]).not.toHaveProperty('category');
      const oneKind = await zone('populate[sections][on][sections.cta][populate][category][fields][0]=name');
      expect(oneKind.map((e) => [e.label, (e.category as { name?: string } | null)?.name ?? null])).toEqual([['first', `dz-on-${database}`], ['last', null]]);
      // Without `on`, every entry is returned.
      expect((await zone('populate[sections]=true')).map((e) => e.__component)).toEqual(['sections.cta', 'sections.rich-text', 'sections.hero', 'sections.cta']);
      // As Strapi 5.54 answers: `populate=*` beside `on` is ignored, and `on[x]=false` still names x.
      const mixed = await zone('populate[sections][populate]=*&populate[sections][on][sections.cta]=true');
      expect(mixed.map((e) => e.__component)).toEqual(['sections.cta', 'sections.cta']);
      expect(mixed[0]).not.toHaveProperty('category');
      expect((await zone('populate[sections][on][sections.hero]=false&populate[sections][on][sections.rich-text]=true')).map((e) => e.__component)).toEqual(['sections.rich-text', 'sections.hero']);
      const viaService = await app.engine.documents('api::article.article').findOne({ documentId: article.documentId, populate: { sections: { on: { 'sections.rich-text': true } } } });
      expect(viaService?.sections).toEqual([{ id: expect.any(Number), body: 'text', __component: 'sections.rich-text' }]);
    });

    it('filters through a component', async () => {
      await create('articles', { title: 'comp filter', seo: { meta_title: `cf-${database}` } });
      const res = await api.get('/api/articles', { filters: { seo: { meta_title: { $eq: `cf-${database}` } } } });
      expect(res.body.data.map((x: { title: string }) => x.title)).toEqual(['comp filter']);
    });
  });

  describe('draft & publish', () => {
    it('keeps the published version when only the draft changes', async () => {
      const article = await create('articles', { title: 'dp v1' });
      await api.put(`/api/articles/${article.documentId}`, { data: { title: 'dp v2 draft' } }, { status: 'draft' });
      expect((await api.get(`/api/articles/${article.documentId}`)).body.data.title).toBe('dp v1');
      expect((await api.get(`/api/articles/${article.documentId}`, { status: 'draft' })).body.data.title).toBe('dp v2 draft');
      await api.put(`/api/articles/${article.documentId}`, { data: {} });
      const published = (await api.get(`/api/articles/${article.documentId}`)).body.data;
      expect(published.title).toBe('dp v2 draft');
      expect(published.publishedAt).not.toBeNull();
    });

    it('publishes component changes made in a draft', async () => {
      const article = await create('articles', { title: 'dp comp', seo: { meta_title: 'old' } });
      await api.put(`/api/articles/${article.documentId}`, { data: { seo: { meta_title: 'new' } } }, { status: 'draft' });
      expect((await api.get(`/api/articles/${article.documentId}`, { populate: ['seo'] })).body.data.seo.meta_title).toBe('old');
      await api.put(`/api/articles/${article.documentId}`, { data: { views: 1 } });
      expect((await api.get(`/api/articles/${article.documentId}`, { populate: ['seo'] })).body.data.seo.meta_title).toBe('new');
    });
  });

  describe('publicationFilter', () => {
    it('selects documents by how their draft and published versions relate, at the root and in populate', async () => {
      const author = await create('authors', { name: 'pf author' });
      const never = await create('articles', { title: 'pf never', author: author.documentId }, { status: 'draft' });
      const same = await create('articles', { title: 'pf same', author: author.documentId });
      const edited = await create('articles', { title: 'pf edited', summary: 'live', author: author.documentId });
      // Update times decide `modified`: let the clock move past the publication before editing.
      await new Promise((resolve) => setTimeout(resolve, 15));
      expect((await api.put(`/api/articles/${edited.documentId}`, { data: { summary: 'edited' } }, { status: 'draft' })).status).toBe(200);

      const list = async (query: object) => {
        const res = await api.get('/api/articles', { filters: { title: { $startsWith: 'pf ' } }, sort: 'title', fields: ['title', 'summary'], ...query });
        expect(res.status).toBe(200);
        expect(res.body.meta.pagination.total).toBe(res.body.data.length);
        return res.body.data.map((a: { title: string; summary: string | null }) => `${a.title}${a.summary ? `:${a.summary}` : ''}`);
      };
      expect(await list({ status: 'draft', publicationFilter: 'never-published' })).toEqual(['pf never']);
      expect(await list({ publicationFilter: 'never-published' })).toEqual([]);
      expect(await list({ status: 'draft', publicationFilter: 'modified' })).toEqual(['pf edited:edited']);
      expect(await list({ publicationFilter: 'modified' })).toEqual(['pf edited:live']);
      expect(await list({ status: 'draft', publicationFilter: 'unmodified' })).toEqual(['pf same']);
      expect(await list({ status: 'draft', publicationFilter: 'has-published-version' })).toEqual(['pf edited:edited', 'pf same']);
      expect(await list({ publicationFilter: 'published-without-draft' })).toEqual([]);
      expect(await list({ status: 'draft', hasPublishedVersion: 'false' })).toEqual(['pf never']);
      expect(await list({ status: 'draft' })).toEqual(['pf edited:edited', 'pf never', 'pf same']);

      // findOne answers 404 for a document outside the cohort.
      expect((await api.get(`/api/articles/${never.documentId}`, { status: 'draft', publicationFilter: 'has-published-version' })).status).toBe(404);
      expect((await api.get(`/api/articles/${same.documentId}`, { status: 'draft', publicationFilter: 'has-published-version' })).status).toBe(200);

      // Populated draft & publish relations are filtered the same way, even under a type without drafts.
      const populated = await api.get(`/api/authors/${author.documentId}`, { status: 'draft', publicationFilter: 'never-published', populate: { articles: { fields: ['title'] } } });
      expect(populated.body.data.articles.map((a: { title: string }) => a.title)).toEqual(['pf never']);
      const counted = await api.get(`/api/authors/${author.documentId}`, { status: 'draft', publicationFilter: 'modified', populate: { articles: { count: true } } });
      expect(counted.body.data.articles).toEqual({ count: 1 });

      // A write answers with what it wrote, whatever filter came with it.
      const written = await api.post('/api/articles', { data: { title: 'pf written' } }, { status: 'draft', publicationFilter: 'has-published-version' });
      expect([written.status, written.body.data.title]).toEqual([201, 'pf written']);

      const bad = await api.get('/api/articles', { publicationFilter: 'drafts' });
      expect([bad.status, bad.body.error.name, bad.body.error.details]).toEqual([400, 'ValidationError', { source: 'query', param: 'publicationFilter' }]);
      const nested = await api.get('/api/authors', { populate: { articles: { publicationFilter: 'modified' } } });
      expect(nested.status).toBe(400);
    });
  });

  describe('i18n', () => {
    it('creates, lists and deletes localizations, sharing non-localized fields', async () => {
      const cat = await create('categories', { name: 'Loc EN', position: 5 });
      const fr = await api.put(`/api/categories/${cat.documentId}`, { data: { name: 'Loc FR' } }, { locale: 'fr' });
      expect(fr.status).toBe(200);
      expect([fr.body.data.locale, fr.body.data.position]).toEqual(['fr', 5]);
      await api.put(`/api/categories/${cat.documentId}`, { data: { position: 9 } });
      expect((await api.get(`/api/categories/${cat.documentId}`, { locale: 'fr' })).body.data.position).toBe(9);
      const all = await api.get('/api/categories', { locale: '*', filters: { documentId: cat.documentId } });
      expect(all.body.data.map((c: { locale: string }) => c.locale).sort()).toEqual(['en', 'fr']);
      expect((await api.get('/api/categories', { locale: 'de' })).body.data).toEqual([]);
      const unknown = await api.put(`/api/categories/${cat.documentId}`, { data: { name: 'Loc DE' } }, { locale: 'de' });
      expect([unknown.status, unknown.body.error.name]).toEqual([400, 'ValidationError']);
      expect((await api.del(`/api/categories/${cat.documentId}`, { locale: 'fr' })).status).toBe(204);
      expect((await api.get(`/api/categories/${cat.documentId}`, { locale: 'fr' })).status).toBe(404);
      expect((await api.get(`/api/categories/${cat.documentId}`)).status).toBe(200);
    });
  });

  describe('filters on every database', () => {
    it('matches LIKE wildcards literally and $contains case-sensitively', async () => {
      for (const title of ['wild 50% off', 'wild 5000 off', 'wild a_c', 'wild abc', 'wild ABC']) await create('articles', { title });
      const titles = async (filters: object) => (await api.get('/api/articles', { filters: { $and: [{ title: { $startsWith: 'wild' } }, filters] }, sort: 'title' })).body.data.map((x: { title: string }) => x.title);
      expect(await titles({ title: { $contains: '50%' } })).toEqual(['wild 50% off']);
      expect(await titles({ title: { $contains: 'a_c' } })).toEqual(['wild a_c']);
      expect(await titles({ title: { $contains: 'abc' } })).toEqual(['wild abc']);
      expect((await titles({ title: { $containsi: 'abc' } })).sort()).toEqual(['wild ABC', 'wild abc']);
      expect(await titles({ title: { $endsWithi: '% OFF' } })).toEqual(['wild 50% off']);
    });

    it('searches with _q: ids and string-like attributes, numeric ones for a number, wildcards literal', async () => {
      const alpha = await create('articles', { title: 'qsearch Alpha', summary: 'has a NeedLe inside' });
      await create('articles', { title: 'qsearch 50% off', views: 4242 });
      await create('articles', { title: 'qsearch plain', contact_email: 'needle@example.com', kind: 'tutorial' });
      const only = { filters: { title: { $startsWith: 'qsearch' } }, sort: 'title', fields: ['title'] };
      const titles = async (q: string) => {
        const res = await api.get('/api/articles', { _q: q, ...only });
        expect(res.status).toBe(200);
        expect(res.body.meta.pagination.total).toBe(res.body.data.length);
        return res.body.data.map((x: { title: string }) => x.title);
      };
      expect(await titles('needle')).toEqual(['qsearch Alpha', 'qsearch plain']);
      expect(await titles('ALPHA')).toEqual(['qsearch Alpha']);
      expect(await titles('50%')).toEqual(['qsearch 50% off']);
      expect(await titles('5_%')).toEqual([]);
      expect(await titles('4242')).toEqual(['qsearch 50% off']);
      expect(await titles('tutorial')).toEqual(['qsearch plain']);
      expect(await titles(String(alpha.id))).toContain('qsearch Alpha');
      expect((await api.get('/api/articles', { _q: '', ...only })).body.data).toHaveLength(3);
      expect((await api.get('/api/articles', '_q[0]=a&_q[1]=b')).status).toBe(400);
    });

    it('keeps biginteger precision and never exposes passwords', async () => {
      const created = await create('articles', { title: 'big', big_counter: '9007199254740993', secret_code: 'hunter2' });
      expect(created.big_counter).toBe('9007199254740993');
      expect(created).not.toHaveProperty('secret_code');
      const filtered = await api.get('/api/articles', { filters: { big_counter: { $eq: '9007199254740993' } } });
      expect(filtered.body.data.map((x: { documentId: string }) => x.documentId)).toEqual([created.documentId]);
      for (const query of [{ filters: { secret_code: { $null: false } } }, { sort: 'secret_code' }, { fields: ['secret_code'] }, { populate: ['secret_code'] }]) {
        expect((await api.get('/api/articles', query)).status).toBe(400);
      }
    });

    it('rejects hostile keys in bodies and queries', async () => {
      const proto = await api.post('/api/articles', '{"data":{"title":"p","__proto__":{"admin":true}}}');
      expect(proto.status).toBe(400);
      expect((await api.get('/api/articles', 'filters[__proto__][x]=1')).status).toBe(400);
      expect((await api.get('/api/articles', 'filters[title$eq]=x')).status).toBe(400);
      expect((await api.get('/api/articles', "sort=title;drop table articles")).status).toBe(400);
      expect((await api.get('/api/articles')).status).toBe(200);
    });
  });

  describe('Strapi-Response-Format: v4', () => {
    it('answers a populated document in Strapi 4 nesting, with meta and errors unchanged', async () => {
      const author = await create('authors', { name: 'V4 author' });
      const cat = await create('categories', { name: 'V4 cat' });
      await api.put(`/api/categories/${cat.documentId}`, { data: { name: 'V4 cat fr' } }, { locale: 'fr' });
      const article = await create('articles', {
        title: 'v4 shape',
        author: author.documentId,
        categories: [cat.documentId],
        seo: { meta_title: 'v4 seo', meta_social: [{ social_network: 'Twitter', title: 'v4 social' }] },
        sections: [{ __component: 'sections.cta', label: 'go', category: cat.documentId }],
      });
      const populate = { author: true, categories: { populate: ['localizations'] }, seo: { populate: ['meta_social'] }, sections: { on: { 'sections.cta': { populate: ['category'] } } } };
      const v4 = { 'strapi-response-format': 'v4' };
      const flat = await api.get(`/api/articles/${article.documentId}`, { populate });
      const res = await api.request('GET', `/api/articles/${article.documentId}`, { query: { populate }, headers: v4 });
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({});
      const { id, documentId, attributes } = res.body.data;
      expect([id, documentId]).toEqual([flat.body.data.id, article.documentId]);
      expect(Object.keys(res.body.data).sort()).toEqual(['attributes', 'documentId', 'id']);
      expect(attributes).not.toHaveProperty('id');
      expect(attributes.title).toBe('v4 shape');
      expect(attributes.publishedAt).toBe(flat.body.data.publishedAt);
      expect(attributes.author.data).toEqual({ id: flat.body.data.author.id, documentId: author.documentId, attributes: expect.objectContaining({ name: 'V4 author' }) });
      const [category] = attributes.categories.data;
      expect([category.documentId, category.attributes.name]).toEqual([cat.documentId, 'V4 cat']);
      expect(category.attributes.localizations.data.map((l: { attributes: { locale: string } }) => l.attributes.locale)).toEqual(['fr']);
      expect(attributes.seo).toEqual(expect.objectContaining({ id: flat.body.data.seo.id, meta_title: 'v4 seo' }));
      expect(attributes.seo.meta_social[0]).toEqual(expect.objectContaining({ social_network: 'Twitter', title: 'v4 social' }));
      expect(attributes.sections[0]).toEqual(expect.objectContaining({ __component: 'sections.cta', label: 'go' }));
      expect(attributes.sections[0].category.data.attributes.name).toBe('V4 cat');

      const list = await api.request('GET', '/api/articles', { query: { filters: { title: 'v4 shape' }, fields: ['title'] }, headers: v4 });
      expect(list.body).toEqual({ data: [{ id, documentId, attributes: { title: 'v4 shape' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
      const missing = await api.request('GET', '/api/articles/nosuchdocument00000000000', { headers: v4 });
      expect(missing.body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
      const created = await api.request('POST', '/api/authors', { body: { data: { name: 'V4 created' } }, headers: v4 });
      expect(created.status).toBe(201);
      expect(created.body.data.attributes.name).toBe('V4 created');
    });
  });

  describe('single types', () => {
    it('creates on PUT, updates partially and deletes', async () => {
      const put = await api.put('/api/homepage', { data: { title: 'Home', tagline: 'first' } });
      expect(put.status).toBe(200);
      const partial = await api.put('/api/homepage', { data: { tagline: 'second' } });
      expect([partial.body.data.title, partial.body.data.tagline]).toEqual(['Home', 'second']);
      expect((await api.del('/api/homepage')).status).toBe(204);
      expect((await api.get('/api/homepage')).status).toBe(404);
    });
  });
});
