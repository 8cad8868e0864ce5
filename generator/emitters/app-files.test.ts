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

  it('emits a core service, controller and routes for every api:: content type, single types by singular name', () => {
    const article = byPath.get('src/api/article/router.ts') ?? '';
    expect(article).toContain("uid: 'api::article.article',");
    expect(article).toContain("{ method: 'GET', path: '/articles/:id', action: 'findOne' },");
    const homepage = byPath.get('src/api/homepage/router.ts') ?? '';
    expect(homepage).toContain("{ method: 'PUT', path: '/homepage', action: 'update' },");
    expect(homepage).not.toContain('findOne');
    expect(byPath.get('src/api/homepage/service.ts')).toContain('createOrUpdate(params) {\n      return operations.update(params, params, params.auth ?? TRUSTED_SERVER);');
    expect(byPath.get('src/api/article/controller.ts')).toContain("const service = () => strapi.service('api::article.article') as CollectionService;");
    for (const file of ['router.ts', 'controller.ts', 'service.ts']) expect([...byPath.keys()].filter((p) => p.endsWith(`/${file}`))).toHaveLength(6);
    expect(byPath.get('src/factories.ts')).toContain("'api::homepage.homepage': 'singleType';");
    expect(byPath.get('src/main.ts')).toContain('{ routes: homepageRoutes, controller: homepageController, service: homepageService },');
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
