// An app whose config/plugins turns GraphQL off, built and run as a project outside this repository
// gets it (test/helpers/packaged-app.ts): the build emits no GraphQL code, its package.json and what
// that installs hold no Apollo, graphql or TypeGraphQL, and the compiled app starts and serves REST
// with none of them installed. (An app with GraphQL on serves /graphql: test/e2e/packaged-app.test.ts.)
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dependencyClosure } from '../helpers/dependency-closure';
import { gql } from '../helpers/graphql';
import { client } from '../helpers/http';
import { buildPackagedApp, startPackagedApp, type PackagedApp, type StartedApp } from '../helpers/packaged-app';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog');

/** What GraphQL brings: the server, the language, the schema builder. */
const GRAPHQL_PACKAGES = ['@cms-gen/graphql', '@apollo/server', 'graphql', 'type-graphql'];

describe('an app built with GraphQL turned off in its config/plugins', () => {
  let root: string;
  let built: PackagedApp;
  let app: StartedApp;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cms-gen-no-graphql-'));
    // The app's config exists before its first build, as a Strapi project's config/ comes along.
    const appDir = join(root, 'project', 'app');
    mkdirSync(join(appDir, 'config'), { recursive: true });
    writeFileSync(join(appDir, 'config', 'plugins.json'), `${JSON.stringify({ graphql: { enabled: false } }, null, 2)}\n`);
    built = buildPackagedApp(root, FIXTURE);
  }, 10 * 60_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('has no GraphQL code: no src/graphql/, and main.ts lists no GraphQL plugin', () => {
    expect(existsSync(join(built.appDir, 'src', 'graphql'))).toBe(false);
    expect(existsSync(join(built.appDir, 'dist', 'graphql'))).toBe(false);
    const main = readFileSync(join(built.appDir, 'src', 'main.ts'), 'utf8');
    expect(main).not.toContain('@cms-gen/graphql');
    expect(main).not.toContain('graphqlPlugin');
    expect(built.cliOutput).toContain('(REST under /api)');
  });

  it('lists no GraphQL package, and installs none: the closure of its package.json holds no Apollo, graphql or TypeGraphQL', () => {
    const pkg = JSON.parse(readFileSync(join(built.appDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['@cms-gen/runtime']).toMatch(/^file:vendor\//);
    expect(pkg.dependencies['@cms-gen/graphql']).toBeUndefined();
    const closure = dependencyClosure(built.appDir);
    // The walk reaches what the runtime needs (the checks after it would pass on an empty set too).
    for (const name of ['@cms-gen/runtime', '@cms-gen/server', '@cms-gen/db-sqlite', 'express', 'better-sqlite3']) expect([name, closure.has(name)]).toEqual([name, true]);
    for (const name of GRAPHQL_PACKAGES) expect([name, closure.has(name)]).toEqual([name, false]);
    expect([...closure].filter((name) => name.startsWith('@apollo/') || name.startsWith('graphql'))).toEqual([]);
  });

  it('the same walk finds GraphQL in an app that lists @cms-gen/graphql', () => {
    const withGraphql = join(root, 'project', 'with-graphql');
    mkdirSync(withGraphql);
    const pkg = JSON.parse(readFileSync(join(built.appDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    writeFileSync(join(withGraphql, 'package.json'), JSON.stringify({ name: 'with-graphql', dependencies: { ...pkg.dependencies, '@cms-gen/graphql': '0.1.0' } }));
    const closure = dependencyClosure(withGraphql);
    for (const name of GRAPHQL_PACKAGES) expect([name, closure.has(name)]).toEqual([name, true]);
  });

  it('starts with no GraphQL package installed and serves REST; /graphql is not there', async () => {
    // As an install of its package.json leaves them out: no Apollo, graphql or TypeGraphQL to load.
    // The project's third-party packages are links into the repository's node_modules: only the
    // links go (never a path through one), and @cms-gen/graphql, unpacked here.
    const modules = join(root, 'project', 'node_modules');
    for (const name of ['@apollo', 'graphql', 'type-graphql', 'graphql-jit', 'graphql-scalars', 'graphql-yoga']) {
      if (existsSync(join(modules, name))) expect([name, lstatSync(join(modules, name)).isSymbolicLink()]).toEqual([name, true]);
      rmSync(join(modules, name), { force: true });
    }
    rmSync(join(modules, '@cms-gen', 'graphql'), { recursive: true, force: true });
    for (const name of GRAPHQL_PACKAGES) expect([name, existsSync(join(modules, name))]).toEqual([name, false]);
    app = await startPackagedApp(built.appDir, 'compiled', { DATABASE_URL: `file:${join(root, 'data.db')}` });
    const api = client(app.url);
    const created = await api.post('/api/authors', { data: { name: 'Without GraphQL' } });
    expect(created.status).toBe(201);
    const list = await api.get('/api/authors', { fields: ['name'] });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Without GraphQL']);
    expect((await gql(app.url, '{ authors { name } }')).status).toBe(404);
  });
});
