// Pins the REST, types and app files emitted for the strapi-blog fixture (the Prisma schemas are
// pinned in prisma.test.ts), and checks what every source file must carry.
import { join } from 'node:path';
import { generate } from '../generate';
import { GENERATED_HEADER } from './types';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog');

describe('emitted app files for strapi-blog', () => {
  const { files } = generate(FIXTURE);
  const byPath = new Map(files.map((f) => [f.path, f.contents]));

  it.each(files.filter((f) => f.path.startsWith('src/') && !f.path.endsWith('schema-meta.ts')).map((f) => f.path))('%s matches its snapshot', (path) => {
    expect(byPath.get(path)).toMatchSnapshot();
  });

  it('starts every TypeScript and Prisma file with the generated header', () => {
    for (const file of files.filter((f) => /\.(ts|prisma)$/.test(f.path))) expect(file.contents.startsWith(GENERATED_HEADER)).toBe(true);
  });

  it('routes every api:: content type, single types by singular name', () => {
    expect(byPath.get('src/api/article/router.ts')).toContain("const uid = 'api::article.article';");
    expect(byPath.get('src/api/article/router.ts')).toContain("collectionRouter('articles', collectionOperations(engine, uid), v4Transform(engine.schema, uid))");
    expect(byPath.get('src/api/homepage/router.ts')).toContain("const uid = 'api::homepage.homepage';");
    expect(byPath.get('src/api/homepage/router.ts')).toContain("singleRouter('homepage', singleOperations(engine, uid), v4Transform(engine.schema, uid))");
    expect([...byPath.keys()].filter((p) => p.endsWith('router.ts'))).toHaveLength(6);
  });

  it('types private attributes out of the document interfaces', () => {
    const types = byPath.get('src/types.ts') ?? '';
    expect(types).toContain('export interface Article {');
    expect(types).not.toContain('secret_code');
    expect(types).toContain('big_counter: string | null;');
    expect(types).toContain('sections?: Array<(ComponentSectionsHero & { __component: "sections.hero"; })');
  });

  it('is byte-identical when generated twice', () => {
    const again = generate(FIXTURE).files;
    expect(again).toEqual(files);
  });
});
