// A file's `related` (Strapi 5: `populate[media][populate]=*`) lists only what the reader could
// read. Strapi lists the draft and the published version of every entry that uses the file, to any
// reader; here the reader's status picks the version, as everywhere else (docs/rest.md, "Deliberate").
// The shape itself is compared with Strapi's in test/parity/answers.json (media-related/…).
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { seedParity } from '../parity/seed';

interface RelatedEntry {
  __type: string;
  name?: string;
  slug?: string;
  publishedAt: string | null;
}

describe.each<TestDatabase>(['sqlite', 'postgres'])("a file's related entries on %s", (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    await seedParity(app.url);
    api = client(app.url);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  // pb-image-b.png is the avatar of PB Ann and PB Ben and in the gallery of article pb-1.
  const related = async (status?: string): Promise<RelatedEntry[]> => {
    const res = await api.get('/api/authors', `filters[name][$eq]=PB%20Ann&populate[avatar][populate]=*${status ? `&status=${status}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.data[0].avatar.related as RelatedEntry[];
  };

  it('lists the published version of a draft & publish entry to a reader of published content', async () => {
    const entries = await related();
    expect(entries.map((e) => [e.__type, e.name ?? e.slug])).toEqual([
      ['api::author.author', 'PB Ann'],
      ['api::author.author', 'PB Ben'],
      ['api::article.article', 'pb-1'],
    ]);
    expect(entries[2].publishedAt).not.toBeNull();
  });

  it('lists the draft version to a reader of drafts', async () => {
    const entries = await related('draft');
    expect(entries.map((e) => [e.__type, e.name ?? e.slug, e.publishedAt === null])).toEqual([
      ['api::author.author', 'PB Ann', false],
      ['api::author.author', 'PB Ben', false],
      ['api::article.article', 'pb-1', true],
    ]);
  });
});
