import { join } from 'node:path';
import { loadSchemas } from './load';
import { ValidationFailed } from './problems';
import { removeTempProjects, tempProject } from './test-helpers/temp-project';

const blog = join(__dirname, '..', 'fixtures', 'strapi-blog');
const flat = join(__dirname, '__fixtures__', 'flat-blog');

afterAll(removeTempProjects);

describe('loadSchemas', () => {
  it('reads a Strapi project: api::<api>.<folder> uids, paths relative to the input folder, sorted', () => {
    const loaded = loadSchemas(blog);
    expect(loaded.layout).toBe('strapi');
    expect(loaded.problems).toEqual([]);
    expect(loaded.contentTypes.map((f) => [f.uid, f.file])).toEqual([
      ['api::article.article', 'src/api/article/content-types/article/schema.json'],
      ['api::author.author', 'src/api/author/content-types/author/schema.json'],
      ['api::category.category', 'src/api/category/content-types/category/schema.json'],
      ['api::homepage.homepage', 'src/api/homepage/content-types/homepage/schema.json'],
      ['api::private-note.private-note', 'src/api/private-note/content-types/private-note/schema.json'],
      ['api::seo-page.seo-page', 'src/api/seo-page/content-types/seo-page/schema.json'],
    ]);
    expect(loaded.components.map((f) => [f.uid, f.file])).toEqual([
      ['sections.cta', 'src/components/sections/cta.json'],
      ['sections.hero', 'src/components/sections/hero.json'],
      ['sections.rich-text', 'src/components/sections/rich-text.json'],
      ['shared.meta-social', 'src/components/shared/meta-social.json'],
      ['shared.quote', 'src/components/shared/quote.json'],
      ['shared.seo', 'src/components/shared/seo.json'],
    ]);
    expect(loaded.contentTypes.every((f) => f.origin === 'schema' && f.json !== undefined)).toBe(true);
  });

  it('accepts the src folder itself', () => {
    const loaded = loadSchemas(join(blog, 'src'));
    expect(loaded.layout).toBe('strapi');
    expect(loaded.contentTypes[0]).toMatchObject({ uid: 'api::article.article', file: 'api/article/content-types/article/schema.json' });
    expect(loaded.components).toHaveLength(6);
  });

  it('reads a flat folder: content-types/<name>.json and content-types/<name>/schema.json', () => {
    const loaded = loadSchemas(flat);
    expect(loaded.layout).toBe('flat');
    expect(loaded.contentTypes.map((f) => [f.uid, f.file, f.expectedSingularName])).toEqual([
      ['api::post.post', 'content-types/post.json', 'post'],
      ['api::tag.tag', 'content-types/tag/schema.json', 'tag'],
    ]);
    expect(loaded.components.map((f) => [f.uid, f.file])).toEqual([['shared.seo', 'components/shared/seo.json']]);
  });

  it('keeps files that are not valid JSON, with their parse error, for validate to report', () => {
    const dir = tempProject({ 'content-types/broken.json': '{ "kind": ', 'components/a/b.json': '\uFEFF{"attributes": {}}' });
    const loaded = loadSchemas(dir);
    expect(loaded.contentTypes[0].json).toBeUndefined();
    expect(loaded.contentTypes[0].parseError).toEqual(expect.any(String));
    expect(loaded.components[0].json).toEqual({ attributes: {} });
  });

  it('reports a Strapi content-type folder without schema.json and a uid defined twice', () => {
    const dir = tempProject({
      'src/api/blog/content-types/post/lifecycles.js': '',
      'src/api/blog/content-types/page/schema.json': {},
    });
    expect(loadSchemas(dir).problems).toEqual([{ file: 'src/api/blog/content-types/post', path: '', message: 'content-type folder has no schema.json' }]);
    const twice = tempProject({ 'content-types/tag.json': {}, 'content-types/tag/schema.json': {} });
    expect(loadSchemas(twice).problems).toEqual([{ file: 'content-types/tag.json', path: '', message: 'api::tag.tag is already defined by content-types/tag/schema.json' }]);
  });

  it('throws ValidationFailed when the folder holds no schemas or does not exist', () => {
    const empty = tempProject({ 'README.md': 'nothing here' });
    expect(() => loadSchemas(empty)).toThrow(ValidationFailed);
    expect(() => loadSchemas(empty)).toThrow(/no schemas found/);
    expect(() => loadSchemas(join(empty, 'missing'))).toThrow(/schema directory does not exist/);
  });

  it('is deterministic', () => {
    expect(loadSchemas(blog)).toEqual(loadSchemas(blog));
  });
});
