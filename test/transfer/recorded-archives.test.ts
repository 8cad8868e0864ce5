// The reader on archives real Strapi 5.54 wrote (test/transfer/archives/README.md says how): each is
// read whole, and what it holds is checked against what the fixture seed put into Strapi.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { openArchive, type ArchiveMetadata, type EntityRecord, type LinkRecord, type TransferArchive } from '@cms-gen/transfer-archive';

const ARCHIVES = join(__dirname, 'archives');
const KEY = 'fixture-key';

const RECORDED = [
  { file: 'plain.tar', key: undefined, layers: { compressed: false, encrypted: false } },
  { file: 'gzip.tar.gz', key: undefined, layers: { compressed: true, encrypted: false } },
  { file: 'encrypted.tar.gz.enc', key: KEY, layers: { compressed: true, encrypted: true } },
  { file: 'encrypted-plain.tar.enc', key: KEY, layers: { compressed: false, encrypted: true } },
];

async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const record of records) out.push(record);
  return out;
}

const countBy = <T>(items: T[], key: (item: T) => string): Record<string, number> =>
  items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});

interface Contents {
  metadata: ArchiveMetadata;
  schemas: Awaited<ReturnType<typeof collect<import('@cms-gen/transfer-archive').SchemaRecord>>>;
  entities: EntityRecord[];
  links: LinkRecord[];
  configuration: import('@cms-gen/transfer-archive').ConfigurationRecord[];
  assets: { filename: string; size: number; sha256: string; metadata: import('@cms-gen/transfer-archive').AssetMetadata }[];
}

async function readAll(archive: TransferArchive): Promise<Contents> {
  const assets: Contents['assets'] = [];
  for await (const asset of archive.assets()) {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of asset.stream) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    expect(size).toBe(asset.size);
    assets.push({ filename: asset.filename, size, sha256: hash.digest('hex'), metadata: asset.metadata });
  }
  return {
    metadata: archive.metadata,
    schemas: await collect(archive.schemas()),
    entities: await collect(archive.entities()),
    links: await collect(archive.links()),
    configuration: await collect(archive.configuration()),
    assets,
  };
}

describe.each(RECORDED)('the recorded Strapi 5.54 archive $file', ({ file, key, layers }) => {
  let archive: TransferArchive;
  let contents: Contents;

  beforeAll(async () => {
    archive = await openArchive(join(ARCHIVES, file), { key });
    contents = await readAll(archive);
  });

  it('is detected by its content and says which Strapi wrote it', () => {
    expect(archive.layers).toEqual(layers);
    expect(contents.metadata.strapi.version).toBe('5.54.0');
    expect(Number.isNaN(Date.parse(contents.metadata.createdAt))).toBe(false);
    expect(archive.summary.entities.files).toBe(1);
    expect(archive.summary.assets.files).toBe(contents.assets.length);
    // Counted at open, before any stage is read.
    expect(Object.fromEntries(Object.entries(archive.summary).map(([stage, s]) => [stage, s.records]))).toEqual({
      schemas: contents.schemas.length,
      entities: contents.entities.length,
      links: contents.links.length,
      configuration: contents.configuration.length,
      assets: contents.assets.length,
    });
  });

  it('holds every schema Strapi knows, admin and plugin types included, with the attributes Strapi adds', () => {
    const byType = countBy(contents.schemas, (s) => s.modelType);
    expect(byType).toEqual({ contentType: 24, component: 6 });
    const uids = contents.schemas.map((s) => s.uid);
    expect(uids).toEqual(expect.arrayContaining(['admin::user', 'admin::api-token', 'plugin::users-permissions.user', 'api::article.article', 'sections.hero']));
    const article = contents.schemas.find((s) => s.uid === 'api::article.article')!;
    expect(article).toMatchObject({ kind: 'collectionType', modelName: 'article', globalId: 'Article', collectionName: 'articles' });
    expect(Object.keys(article.attributes)).toEqual(
      expect.arrayContaining(['title', 'sections', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']),
    );
    expect(article.attributes.localizations).toMatchObject({ type: 'relation', relation: 'oneToMany', target: 'api::article.article' });
  });

  it('holds one entity per database row, admin rows left out', () => {
    expect(countBy(contents.entities, (e) => e.type)).toEqual({
      'plugin::upload.file': 3,
      'plugin::upload.folder': 1,
      'plugin::i18n.locale': 2,
      'plugin::users-permissions.permission': 101,
      'plugin::users-permissions.role': 3,
      'plugin::users-permissions.user': 1,
      'api::article.article': 7,
      'api::author.author': 2,
      'api::category.category': 4,
      'api::homepage.homepage': 2,
      'api::seo-page.seo-page': 2,
    });
    for (const entity of contents.entities) {
      expect(Number.isInteger(entity.id)).toBe(true);
      expect(typeof entity.data.documentId).toBe('string');
      expect(entity.data).not.toHaveProperty('id');
    }
  });

  it('gives each draft and published version of a document its own entity', () => {
    const articles = contents.entities.filter((e) => e.type === 'api::article.article');
    const byDocument = new Map<string, EntityRecord[]>();
    for (const a of articles) byDocument.set(a.data.documentId!, [...(byDocument.get(a.data.documentId!) ?? []), a]);
    expect(byDocument.size).toBe(4);
    // Three published documents (a draft row and a published row each) and one draft-only one.
    expect([...byDocument.values()].map((rows) => rows.map((r) => (r.data.publishedAt === null ? 'draft' : 'published')).sort().join()).sort()).toEqual([
      'draft',
      'draft,published',
      'draft,published',
      'draft,published',
    ]);
    const edited = [...byDocument.values()].find((rows) => rows.some((r) => String(r.data.title).endsWith('(draft edit)')))!;
    const draft = edited.find((r) => r.data.publishedAt === null)!;
    const published = edited.find((r) => r.data.publishedAt !== null)!;
    expect(draft.data.title).toBe(`${published.data.title} (draft edit)`);
  });

  it('nests components and dynamic zones in the entity, with their row ids, and keeps relations out', () => {
    const article = contents.entities.find((e) => e.type === 'api::article.article' && String(e.data.title).startsWith('Article 3:'))!;
    const data = article.data as Record<string, unknown>;
    expect(data.seo).toMatchObject({ id: expect.any(Number), meta_title: 'SEO title 3', meta_social: [{ social_network: 'Facebook' }, { social_network: 'Twitter' }] });
    expect((data.blocks_list as unknown[]).length).toBe(3);
    expect((data.sections as { __component: string; id: number }[]).map((s) => s.__component)).toEqual(['sections.hero', 'sections.cta']);
    expect(data.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'heading' })]));
    expect(data.big_counter).toBe('9007199254740996');
    for (const relation of ['author', 'categories', 'seo_page', 'cover', 'gallery', 'localizations']) expect(data).not.toHaveProperty(relation);
    expect(data.locale).toBeNull();
  });

  it('keeps i18n locales as rows sharing a documentId, and password fields as hashes', () => {
    const categories = contents.entities.filter((e) => e.type === 'api::category.category');
    expect(categories.map((c) => `${c.data.locale} ${c.data.name}`).sort()).toEqual([
      'en Category Alpha 1',
      'en Category Bravo 2',
      'fr Catégorie Alpha 1',
      'fr Catégorie Bravo 2',
    ]);
    expect(new Set(categories.map((c) => c.data.documentId)).size).toBe(2);
    const user = contents.entities.find((e) => e.type === 'plugin::users-permissions.user')!;
    expect(user.data).toMatchObject({ username: 'reader1', email: 'reader1@example.com', provider: 'local', confirmed: true, blocked: false });
    expect(user.data.password).toMatch(/^\$2[aby]\$10\$/);
    const article = contents.entities.find((e) => e.type === 'api::article.article')!;
    expect(article.data.secret_code).toMatch(/^\$2[aby]\$10\$/);
    expect(contents.entities.filter((e) => e.type === 'plugin::users-permissions.role').map((r) => r.data.type).sort()).toEqual(['authenticated', 'editor', 'public']);
  });

  it('holds relations as links from their owning side, media as morph links with their order', () => {
    expect(contents.links).toHaveLength(291);
    expect(countBy(contents.links, (l) => l.kind)).toEqual({
      // folder 3, permission → role 101, user → role 1, author 7, categories 12, seo_page 4, featured_articles 6, cta → category 2
      'relation.basic': 136,
      // one `localizations` link per row of every type but the components: 128 rows
      'relation.circular': 128,
      // media: avatars 2, seo share_image 7, hero image 7, covers 7, gallery 4
      'relation.morph': 27,
    });
    const ids = (type: string) => new Set(contents.entities.filter((e) => e.type === type).map((e) => e.id));
    const authorLinks = contents.links.filter((l) => l.left.type === 'api::article.article' && l.left.field === 'author');
    expect(authorLinks).toHaveLength(7);
    for (const l of authorLinks) {
      expect(l).toMatchObject({ kind: 'relation.basic', relation: 'manyToOne', right: { type: 'api::author.author', field: 'articles' } });
      expect(ids('api::article.article').has(l.left.ref as number)).toBe(true);
      expect(ids('api::author.author').has(l.right.ref as number)).toBe(true);
    }
    const gallery = contents.links.filter((l) => l.right.field === 'gallery');
    expect(gallery.map((l) => l.right.pos)).toEqual([1, 2, 1, 2]);
    const large = contents.entities.find((e) => e.type === 'plugin::upload.file' && e.data.name === 'large-cover.png')!;
    expect(gallery.filter((l) => l.right.pos === 1).every((l) => l.left.ref === large.id)).toBe(true);
    expect(gallery[0]).toMatchObject({ kind: 'relation.morph', relation: 'morphToMany', left: { type: 'plugin::upload.file', field: 'related' }, right: { type: 'api::article.article' } });
    // Media inside components point at the component row.
    expect(contents.links.filter((l) => l.right.type === 'shared.seo' && l.right.field === 'share_image')).toHaveLength(7);
    // A component's own relation is a link whose left is the component.
    expect(contents.links.filter((l) => l.left.type === 'sections.cta')).toHaveLength(2);
    // localizations: right.ref is the documentId, not a row id.
    const localization = contents.links.find((l) => l.left.type === 'api::category.category' && l.left.field === 'localizations')!;
    expect(typeof localization.right.ref).toBe('string');
  });

  it('holds the core store and the webhooks as configuration', () => {
    expect(countBy(contents.configuration, (c) => c.type)).toEqual({ 'core-store': 42, webhook: 1 });
    const locale = contents.configuration.find((c) => c.type === 'core-store' && c.value.key === 'plugin_i18n_default_locale');
    expect(locale?.value).toMatchObject({ value: 'en', type: 'string' });
    const hook = contents.configuration.find((c) => c.type === 'webhook');
    expect(hook?.value).toMatchObject({ name: 'fixture hook', url: 'https://hooks.example.com/fixture', headers: { 'x-fixture': 'yes' }, enabled: true });
  });

  it('holds each file and each image format as an asset with its metadata', () => {
    const files = contents.entities.filter((e) => e.type === 'plugin::upload.file');
    expect(contents.assets.map((a) => a.filename).sort()).toEqual(
      files.flatMap((f) => [f.data, ...Object.values((f.data.formats ?? {}) as Record<string, { hash: string; ext: string }>)]).map((f) => `${(f as { hash: string }).hash}${(f as { ext: string }).ext}`).sort(),
    );
    const large = contents.assets.find((a) => a.metadata.name === 'large-cover.png')!;
    expect(large.metadata).toMatchObject({ width: 640, height: 480, mime: 'image/png', provider: 'local' });
    expect(Object.keys(large.metadata.formats as object).sort()).toEqual(['small', 'thumbnail']);
    const thumbnail = contents.assets.find((a) => a.metadata.type === 'thumbnail')!;
    expect(thumbnail.metadata).toMatchObject({ id: large.metadata.id, mainHash: large.metadata.hash, width: 208, height: 156 });
    expect(thumbnail.size).toBe(thumbnail.metadata.sizeInBytes);
    for (const asset of contents.assets) expect(asset.size).toBeGreaterThan(0);
  });
});

it('the four recorded archives hold the same files', async () => {
  const digests = await Promise.all(
    RECORDED.map(async ({ file, key }) => {
      const archive = await openArchive(join(ARCHIVES, file), { key });
      const out: string[] = [];
      for await (const asset of archive.assets()) {
        const hash = createHash('sha256');
        for await (const chunk of asset.stream) hash.update(chunk as Buffer);
        out.push(`${asset.filename} ${hash.digest('hex')}`);
      }
      return out.join('\n');
    }),
  );
  expect(new Set(digests).size).toBe(1);
});
