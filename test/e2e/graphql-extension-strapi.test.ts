// GraphQL extension code gets the app's `strapi` (Strapi 5's `extensionService.use(({ strapi }) => …)`),
// the object REST controllers and services get: custom resolvers call `strapi.service(uid)` and
// `strapi.documents(uid)`, and so go through the one operation layer (Document Service
// middlewares fire, the caller's permissions apply when `auth` is passed).
import { graphqlPlugin, type GraphqlExtensionRegister } from '@cms-gen/graphql';
import type { StrapiApp } from '@cms-gen/runtime';
import type { DocumentMiddlewareContext } from '../../runtime/core/documents/types';
import { graphqlSchemas } from '../../fixtures/strapi-blog/app/src/graphql';
import type { Strapi } from '../../fixtures/strapi-blog/app/src/factories';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

async function gql(app: FixtureApp, query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: await res.json() };
}

describe('GraphQL extension: custom resolvers reach the app\'s strapi', () => {
  let app: FixtureApp;
  const received: { register?: StrapiApp; builder?: StrapiApp; policy?: StrapiApp; middleware?: StrapiApp } = {};
  const calls: string[] = [];

  // The shape an app's src/extensions/graphql.ts has; `Strapi` is the app's typed strapi.
  const register: GraphqlExtensionRegister = (extension, { strapi }) => {
    received.register = strapi;
    extension.registerPolicy('has-strapi', (_ctx, _config, app) => {
      received.policy = app.strapi;
      return typeof app.strapi.service === 'function';
    });
    extension.registerMiddleware('via-strapi', (_options, app) => {
      received.middleware = app.strapi;
      return (next, parent, args, context, info) => next(parent, args, context, info);
    });
    extension.use(({ strapi: untyped }) => {
      received.builder = untyped;
      const strapi = untyped as Strapi;
      return {
        typeDefs: `
          type Query {
            articleTitles(q: String!): [String!]!
            privateNoteCount(asCaller: Boolean!): Int!
          }
          type Mutation {
            draftArticle(title: String!): ID!
          }
        `,
        resolvers: {
          Query: {
            // The content type's core service, as a REST controller calls it (for the caller).
            articleTitles: async (_parent, args, context) => {
              const { results } = await strapi.service('api::article.article').find({ filters: { title: { $containsi: String(args.q) } }, sort: 'title:asc', auth: context.auth });
              return results.map((article) => article.title);
            },
            // Trusted server code unless the caller is passed, as in REST user code.
            privateNoteCount: async (_parent, args, context) => {
              const notes = strapi.documents('api::private-note.private-note');
              return notes.count(args.asCaller ? { auth: context.auth } : {});
            },
          },
          Mutation: {
            // The typed Document Service (status defaults to draft, as in Strapi 5).
            draftArticle: async (_parent, args) => {
              const created = await strapi.documents('api::article.article').create({ data: { title: String(args.title) } });
              return created.documentId;
            },
          },
        },
        resolversConfig: {
          'Query.articleTitles': { policies: ['has-strapi'], middlewares: ['via-strapi'] },
        },
      };
    });
  };

  beforeAll(async () => {
    app = await startFixtureApp('sqlite', { definition: { plugins: [graphqlPlugin({ schemas: graphqlSchemas, extension: register })] } });
    app.engine.hooks.use(async (ctx: DocumentMiddlewareContext, next) => {
      calls.push(`${ctx.uid} ${ctx.action}`);
      return next();
    });
    await gql(app, 'mutation { a: createArticle(data: { title: "Strapi in resolvers" }) { documentId } b: createArticle(data: { title: "Another strapi article" }) { documentId } }');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  beforeEach(() => {
    calls.length = 0;
  });

  it('hands register, use() factories, policies and middleware factories one strapi object', async () => {
    expect(received.register).toBeDefined();
    expect(received.builder).toBe(received.register);
    expect(received.middleware).toBe(received.register);
    expect(received.register!.engine).toBe(app.engine);
    // The strapi REST user code gets: its registered services are there.
    expect(typeof received.register!.service('api::article.article')).toBe('object');
    await gql(app, '{ articleTitles(q: "strapi") }');
    expect(received.policy).toBe(received.register);
  });

  it('a custom query answers through strapi.service(uid), firing the Document Service middlewares', async () => {
    const res = await gql(app, '{ articleTitles(q: "STRAPI") }');
    expect(res.body).toEqual({ data: { articleTitles: ['Another strapi article', 'Strapi in resolvers'] } });
    expect(calls).toContain('api::article.article findMany');
  });

  it('a custom mutation through strapi.documents(uid).create runs the engine\'s Document Service middleware', async () => {
    const res = await gql(app, 'mutation($t: String!) { draftArticle(title: $t) }', { t: 'Drafted from GraphQL' });
    const documentId = res.body.data.draftArticle;
    expect(documentId).toEqual(expect.any(String));
    expect(calls).toEqual(['api::article.article create']);
    // The document exists as a draft (Document Service default), not yet published.
    const draft = await app.engine.documents('api::article.article').findOne({ documentId, status: 'draft' });
    expect(draft).toMatchObject({ documentId, title: 'Drafted from GraphQL' });
    expect((await gql(app, '{ articleTitles(q: "drafted") }')).body.data.articleTitles).toEqual([]);
  });

  it('checks the caller\'s permissions when the resolver passes context.auth', async () => {
    await app.engine.documents('api::private-note.private-note').create({ data: { title: 'secret', body: 'x' } });
    expect((await gql(app, '{ privateNoteCount(asCaller: false) }')).body).toEqual({ data: { privateNoteCount: 1 } });
    // Public may not read private notes (bootstrap.json): the same refusal REST gives.
    const refused = await gql(app, '{ privateNoteCount(asCaller: true) }');
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
