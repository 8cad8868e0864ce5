// A Strapi project's config files, brought by the first build (generator/strapi-config.ts), are what
// the started app obeys: its REST limits from config/api.ts, its GraphQL settings (v4 shapes, limits)
// from config/plugins.ts, each compiled from TypeScript, loaded with the app's environment.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gql } from '../helpers/graphql';
import { client } from '../helpers/http';
import type { FixtureApp } from '../helpers/fixture-app';
import { buildRealworldProject, startRealworldApp, type BuiltProject } from '../helpers/realworld-app';
import { removeTempProjects, tempProject } from '../../generator/test-helpers/temp-project';

const POST = {
  kind: 'collectionType',
  collectionName: 'posts',
  info: { singularName: 'post', pluralName: 'posts', displayName: 'Post' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' } },
};

describe("an app built from a Strapi project answers as the project's config says", () => {
  let built: BuiltProject;
  let app: FixtureApp;

  beforeAll(async () => {
    const project = tempProject({
      'package.json': { name: 'their-strapi', dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } },
      'src/api/post/content-types/post/schema.json': POST,
      'config/api.ts': `import type { Core } from '@strapi/strapi';\n\nexport default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Api => ({\n  rest: { defaultLimit: env.int('REST_DEFAULT_LIMIT', 3), maxLimit: 4, withCount: true },\n});\n`,
      'config/plugins.ts': `import graphqlConfig from './plugins.graphql.config';\n\nexport default () => ({ graphql: { config: graphqlConfig } });\n`,
      'config/plugins.graphql.config.ts': `export default { v4CompatibilityMode: true, defaultLimit: 2, maxLimit: 5 };\n`,
    });
    built = buildRealworldProject(project);
    app = await startRealworldApp(built);
    const api = client(app.url);
    for (let i = 1; i <= 6; i++) expect((await api.post('/api/posts', { data: { title: `post ${i}` } })).status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    removeTempProjects();
  });

  it('brought the files, compiled, beside the app', () => {
    for (const path of ['config/api.js', 'config/plugins.js', 'config/plugins.graphql.config.js']) expect([path, existsSync(join(built.outDir, path))]).toEqual([path, true]);
  });

  it("pages REST lists by the project's defaultLimit and maxLimit", async () => {
    const api = client(app.url);
    const page = await api.get('/api/posts');
    expect([page.status, (page.body as { data: unknown[] }).data.length, (page.body as { meta: unknown }).meta]).toEqual([200, 3, { pagination: { page: 1, pageSize: 3, pageCount: 2, total: 6 } }]);
    const capped = await api.get('/api/posts', { pagination: { pageSize: 10 } });
    expect((capped.body as { data: unknown[] }).data.length).toBe(4);
  });

  // GraphQL pages by its plugin's limits, not REST's: Strapi 5.54 with REST's maxLimit 4 and
  // GraphQL's 5 answers 5 documents to a pageSize of 50.
  it("answers GraphQL in v4 shapes with the project's limits", async () => {
    const answer = await gql(app.url, '{ posts { data { id attributes { title } } meta { pagination { pageSize total } } } }');
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.posts.data).toHaveLength(2);
    expect(answer.body.data.posts.data[0].attributes.title).toMatch(/^post \d$/);
    expect(answer.body.data.posts.meta.pagination).toEqual({ pageSize: 2, total: 6 });
    const capped = await gql(app.url, '{ posts(pagination: { pageSize: 50 }) { data { id } } }');
    expect(capped.body.data.posts.data).toHaveLength(5);
  });
});
