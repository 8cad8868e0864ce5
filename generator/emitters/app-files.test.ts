// Pins the factories, types and app files emitted for the strapi-blog fixture (the Prisma schemas are
// pinned in prisma.test.ts), and checks what every source file must carry.
import { join } from 'node:path';
import { generate } from '../generate';
import { coreContentApis } from '../../runtime/server/customize/core-api';
import { DEFAULT_EMIT_OPTIONS, GENERATED_HEADER } from './types';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog');

describe('emitted app files for strapi-blog', () => {
  const { files, meta } = generate(FIXTURE);
  const byPath = new Map(files.map((f) => [f.path, f.contents]));

  it.each(files.filter((f) => f.path.startsWith('src/') && !f.path.endsWith('schema-meta.ts')).map((f) => f.path))('%s matches its snapshot', (path) => {
    expect(byPath.get(path)).toMatchSnapshot();
  });

  it('starts every TypeScript and Prisma file with the generated header', () => {
    for (const file of files.filter((f) => /\.(ts|prisma)$/.test(f.path))) expect(file.contents.startsWith(GENERATED_HEADER)).toBe(true);
  });

  it('emits per api:: type its controller, service, routes and query compiler, each typed by the type and wired in main.ts', () => {
    const apiTypes = Object.values(meta.contentTypes).filter((ct) => ct.uid.startsWith('api::'));
    const perType = [...byPath.keys()].filter((p) => /^src\/api\/[^/]+\/(controller|service|router|query)\.ts$/.test(p));
    expect(perType).toHaveLength(apiTypes.length * 4);
    expect([...byPath.keys()].filter((p) => p.startsWith('src/query/'))).toEqual([]);
    const main = byPath.get('src/main.ts') ?? '';
    for (const ct of apiTypes) {
      for (const kind of ['controller', 'service', 'query']) {
        const file = byPath.get(`src/api/${ct.singularName}/${kind}.ts`) ?? '';
        // Typed by the app's registry and the type's uid, and short: one binding of the runtime's generic piece.
        expect(file).toContain(`<ContentTypes, '${ct.uid}'>('${ct.uid}')`);
        expect(file.split('\n').filter((line) => line.startsWith('export ')).length).toBe(1);
      }
      const base = ct.singularName.replace(/-([a-z])/g, (_m: string, c: string) => c.toUpperCase());
      // Every emitted binding is used: main.ts hands the four of each type to the runtime.
      expect(main).toContain(`{ routes: ${base}Routes, controller: ${base}Controller, service: ${base}Service, query: ${base}Query }`);
    }
    // The routes carry the type's path names and agree with the runtime's core routes.
    expect(byPath.get('src/api/article/router.ts')).toContain("collectionTypeRoutes('api::article.article', 'articles')");
    expect(byPath.get('src/api/homepage/router.ts')).toContain("singleTypeRoutes('api::homepage.homepage', 'homepage')");
    expect(byPath.get('src/api/homepage/controller.ts')).toContain('typedSingleController');
    const apis = coreContentApis(meta);
    const routes = (uid: string) => apis.find((api) => api.routes.uid === uid)?.routes.routes ?? [];
    expect(routes('api::article.article')).toContainEqual({ method: 'GET', path: '/articles/:id', action: 'findOne' });
    expect(routes('api::homepage.homepage').map((r) => r.action)).not.toContain('findOne');
  });

  it('types the service files it is told of, and lists every REST type with its kind', () => {
    const factories = byPath.get('src/factories.ts') ?? '';
    expect(factories).toContain("'api::homepage.homepage': 'singleType';");
    expect(factories).toMatch(/export type Services = \{\s*\};/);
    const withService = generate(FIXTURE, { ...DEFAULT_EMIT_OPTIONS, serviceFiles: { 'api::article.article': 'api/article/services/article', 'api::nope.nope': 'api/nope/services/nope' } });
    const typed = withService.files.find((f) => f.path === 'src/factories.ts')?.contents ?? '';
    expect(typed).toContain("'api::article.article': ServiceOf<typeof import('./api/article/services/article')>;");
    // A file of no REST type is not typed (the runtime would not register it as a core service either).
    expect(typed).not.toContain('api::nope.nope');
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
