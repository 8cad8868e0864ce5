// What three projects of the real-world corpus (schema files unchanged) declare that Strapi 5.54
// boots and cms-gen now builds, served as Strapi answered on the same declarations:
// - turni-dev--platform: a component declaring its own `updatedAt` (a required date). Strapi fills
//   it with the current date when a new component row leaves it out, keeps a sent one, and renews
//   it whenever the row is written again;
// - akvo--climate-think-and-do-tank: a user extension that leaves out the plugin's `blocked`.
//   Strapi drops it: answers, filters and the GraphQL type leave it out, and sign-in still works;
// - pluginpal--strapi-webtools: a relation to the webtools plugin's url-alias type, which cms-gen
//   does not have: left out of the API;
// - a local plugin's content type (`src/plugins/<name>/server/src/content-types/<type>/schema.json`):
//   loaded as `plugin::<name>.<type>`, so a relation to it links, filters and populates from server
//   code (no REST routes of its own, as in Strapi when the plugin declares none).
import { tempProject, removeTempProjects } from '../../generator/test-helpers/temp-project';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { buildRealworldProject, startRealworldApp, type BuiltProject } from '../helpers/realworld-app';
import { callJson } from '../helpers/http';

type Doc = Record<string, unknown> & { id: number; documentId: string };

const call = callJson;

const projects = new Map<string, BuiltProject>();
function project(name: string, publicActions: string[] = []): BuiltProject {
  let built = projects.get(name);
  if (!built) {
    built = buildRealworldProject(name, publicActions);
    projects.set(name, built);
  }
  return built;
}

const today = (): string => new Date().toISOString().slice(0, 10);

afterAll(removeTempProjects);

/** A project with a local plugin declaring a content type, and a page linking to it. */
function localPluginProject(): string {
  return tempProject({
    'src/api/page/content-types/page/schema.json': {
      kind: 'collectionType',
      collectionName: 'pages',
      info: { singularName: 'page', pluralName: 'pages', displayName: 'Page' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' }, alias: { type: 'relation', relation: 'oneToOne', target: 'plugin::seo-tools.url-alias' } },
    },
    'src/plugins/seo-tools/package.json': { name: 'strapi-plugin-seo-tools', strapi: { name: 'seo-tools', kind: 'plugin' } },
    'src/plugins/seo-tools/server/src/content-types/url-alias/schema.json': {
      kind: 'collectionType',
      collectionName: 'url_aliases',
      info: { singularName: 'url-alias', pluralName: 'url-aliases', displayName: 'URL alias' },
      options: { draftAndPublish: false },
      attributes: { url_path: { type: 'string' } },
    },
  });
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('real projects Strapi boots, on %s', (database) => {
  describe("turni-dev--platform: a component's own updatedAt", () => {
    let app: FixtureApp;
    beforeAll(async () => {
      app = await startRealworldApp(project('turni-dev--platform'), database);
    }, 180_000);
    afterAll(() => app?.stop());

    it('takes the current date when left out, keeps a sent one on a new row, and is renewed when the row is written again', async () => {
      const legal = (extra: object) => ({ __component: 'blocks.legal-document', heading: 'Terms', draft: false, body: 'The terms.', ...extra });
      const before = today();
      const created = await call(app, 'POST', '/api/pages?populate=blocks', { data: { slug: `terms-${database}`, title: 'Terms', blocks: [legal({}), legal({ updatedAt: '2020-01-02' })] } });
      expect(created.status).toBe(201);
      const blocks = (created.body.data as Doc).blocks as Doc[];
      expect([before, today()]).toContain(blocks[0].updatedAt);
      expect(blocks[1].updatedAt).toBe('2020-01-02');

      const page = created.body.data as Doc;
      const updated = await call(app, 'PUT', `/api/pages/${page.documentId}?populate=blocks`, { data: { blocks: [legal({ id: blocks[1].id, heading: 'New terms', updatedAt: '2019-05-05' })] } });
      expect(updated.status).toBe(200);
      const [renewed] = (updated.body.data as Doc).blocks as Doc[];
      expect(renewed.heading).toBe('New terms');
      expect([before, today()]).toContain(renewed.updatedAt);
    });
  });

  describe('akvo--climate-think-and-do-tank: a user extension without blocked', () => {
    let app: FixtureApp;
    beforeAll(async () => {
      app = await startRealworldApp(project('akvo--climate-think-and-do-tank', ['plugin::users-permissions.user.find', 'plugin::users-permissions.user.create', 'plugin::users-permissions.role.find', 'plugin::users-permissions.role.updateRole']), database);
    }, 180_000);
    afterAll(() => app?.stop());

    it('answers, filters and GraphQL leave blocked out, and sign-in works', async () => {
      // POST /api/users names the role (Strapi 5.54 requires one): Public may edit roles here.
      const roles = (await call(app, 'GET', '/api/users-permissions/roles')).body as unknown as { roles: Array<{ id: number; type: string }> };
      const role = roles.roles.find((r) => r.type === 'authenticated')?.id;
      const created = await call(app, 'POST', '/api/users', { username: `ana-${database}`, email: `ana-${database}@example.com`, password: 'secret123', role, full_name: 'Ana', approved: true });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ username: `ana-${database}`, full_name: 'Ana', approved: true, confirmed: false });
      expect(created.body).not.toHaveProperty('blocked');
      const listed = await call(app, 'GET', `/api/users?filters[username][$eq]=ana-${database}`);
      expect(listed.body).toEqual([expect.not.objectContaining({ blocked: expect.anything() })]);
      const filtered = await call(app, 'GET', '/api/users?filters[blocked][$eq]=false');
      expect(filtered).toEqual({ status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key blocked', details: { key: 'blocked', path: null, source: 'query', param: 'filters' } } } });
      const graphql = await call(app, 'POST', '/graphql', { query: '{ usersPermissionsUsers { username blocked } }' });
      expect((graphql.body.errors as { message: string }[])[0].message).toBe('Cannot query field "blocked" on type "UsersPermissionsUser".');
      const login = await call(app, 'POST', '/api/auth/local', { identifier: `ana-${database}`, password: 'secret123' });
      expect(login.status).toBe(200);
      expect(login.body.user).not.toHaveProperty('blocked');
    });
  });

  describe('pluginpal--strapi-webtools: a relation to a plugin content type cms-gen does not have', () => {
    let app: FixtureApp;
    beforeAll(async () => {
      app = await startRealworldApp(project('pluginpal--strapi-webtools'), database);
    }, 180_000);
    afterAll(() => app?.stop());

    it('is left out of the API; the rest of the type is served', async () => {
      const created = await call(app, 'POST', '/api/tests?populate=*', { data: { title: `webtools-${database}` } });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ title: `webtools-${database}` });
      expect(created.body.data).not.toHaveProperty('url_alias');
      const write = await call(app, 'POST', '/api/tests', { data: { title: 'x', url_alias: [1] } });
      expect([write.status, (write.body.error as { message: string }).message]).toEqual([400, 'Invalid key url_alias']);
    });
  });

  describe("a local plugin's content type", () => {
    let app: FixtureApp;
    beforeAll(async () => {
      app = await startRealworldApp(project(localPluginProject()), database);
    }, 180_000);
    afterAll(() => app?.stop());

    it('is a content type a relation links to and populates', async () => {
      const alias = (await app.engine.documents('plugin::seo-tools.url-alias').create({ data: { url_path: '/home' } })) as Doc;
      // Public may not read the plugin's type (no action of the plugin grants it): it may not relate
      // to it either (Strapi's `Invalid key`), and populate leaves it out.
      const refused = await call<{ error?: { message: string } }>(app, 'POST', '/api/pages', { data: { title: 'Home', alias: alias.documentId } });
      expect([refused.status, refused.body.error?.message]).toEqual([400, 'Invalid key alias']);
      const created = await call<{ data: Doc }>(app, 'POST', '/api/pages?populate[alias][fields][0]=url_path', { data: { title: 'Home' } });
      expect(created.status).toBe(201);
      expect(created.body.data).not.toHaveProperty('alias');
      await app.engine.documents('api::page.page').update({ documentId: String(created.body.data.documentId), data: { alias: alias.documentId }, status: 'published' });
      const page = (await app.engine.documents('api::page.page').findFirst({ filters: { alias: { url_path: '/home' } }, populate: ['alias'] })) as Doc;
      expect(page).toMatchObject({ title: 'Home', alias: { url_path: '/home' } });
      expect((await fetch(`${app.url}/api/url-aliases`)).status).toBe(404);
    });
  });
});
