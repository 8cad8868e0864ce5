import { buildSchema, graphql, GraphQLObjectType, GraphQLInputObjectType, type GraphQLSchema } from 'graphql';
import { buildGraphqlSchema } from '../../../generator/emitters/graphql-build';
import { printSdl } from '../../../generator/emitters/graphql-sdl';
import { schema as meta, ARTICLE, AUTHOR } from '@cms-gen/core/query/__fixtures__/schema';
import { schema as appMeta } from '../../../fixtures/strapi-blog/app/src/schema-meta';
import type { AuthContext } from '@cms-gen/core/engine/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { GraphqlContext } from '../context';
import { applyShadowCrud, rebuildSchema } from './prune';
import { extensionApp } from './app';
import { applyResolversConfig, mergeResolversConfig } from './resolvers-config';
import { ExtensionService } from './service';
import { applyResolvers, applyTypeDefs } from './type-defs';

const sdl = printSdl(buildGraphqlSchema(meta, 'v5'));
const fresh = (): GraphQLSchema => buildSchema(sdl);
const fields = (schema: GraphQLSchema, type: string): string[] => {
  const t = schema.getType(type);
  return t instanceof GraphQLObjectType || t instanceof GraphQLInputObjectType ? Object.keys(t.getFields()) : [];
};

function pruned(configure: (service: ExtensionService) => void): GraphQLSchema {
  const service = new ExtensionService();
  configure(service);
  const schema = fresh();
  applyShadowCrud(schema, service, meta, 'v5');
  return rebuildSchema(schema);
}

describe('extension service: shadow CRUD settings', () => {
  it('answers the getters of the spec', () => {
    const service = new ExtensionService();
    const article = service.shadowCRUD(ARTICLE).disableAction('create').disableActions(['update', 'delete']);
    expect(article.isEnabled()).toBe(true);
    expect(article.areQueriesEnabled()).toBe(true);
    expect(article.areMutationsDisabled()).toBe(true);
    expect(article.isActionEnabled('find')).toBe(true);
    expect(article.isActionDisabled('create')).toBe(true);
    const title = article.field('title').disableFilters();
    expect(title.hasFiltersEnabled()).toBe(false);
    expect(title.hasInputEnabled() && title.hasOutputEnabled() && title.isEnabled()).toBe(true);
    expect(article.field('title').disable().isDisabled()).toBe(true);
    expect(service.shadowCRUD(AUTHOR).disable().isDisabled()).toBe(true);
    expect(service.shadowCRUD(AUTHOR).areQueriesEnabled()).toBe(false);
  });

  it('disable() removes a type, its roots and every field pointing at it', () => {
    const schema = pruned((s) => s.shadowCRUD(AUTHOR).disable());
    expect(schema.getType('Author')).toBeUndefined();
    expect(schema.getType('AuthorFiltersInput')).toBeUndefined();
    expect(fields(schema, 'Query')).not.toContain('authors');
    expect(fields(schema, 'Mutation')).not.toContain('createAuthor');
    expect(fields(schema, 'Article')).not.toContain('author');
    expect(fields(schema, 'ArticleFiltersInput')).not.toContain('author');
    expect(fields(schema, 'ArticleInput')).not.toContain('author');
    expect(fields(schema, 'Article')).toContain('title');
  });

  it('disables queries, mutations and single actions', () => {
    const noFind = pruned((s) => s.shadowCRUD(ARTICLE).disableAction('find'));
    expect(fields(noFind, 'Query')).toEqual(expect.arrayContaining(['article']));
    expect(fields(noFind, 'Query')).not.toContain('articles');
    expect(fields(noFind, 'Query')).not.toContain('articles_connection');
    const readOnly = pruned((s) => s.shadowCRUD(ARTICLE).disableMutations());
    expect(fields(readOnly, 'Mutation').some((f) => f.endsWith('Article'))).toBe(false);
    expect(fields(readOnly, 'Query')).toContain('articles');
    const hidden = pruned((s) => s.shadowCRUD(ARTICLE).disableQueries());
    expect(fields(hidden, 'Query').some((f) => f.startsWith('article'))).toBe(false);
  });

  it('disables a field in outputs, inputs or filters separately', () => {
    const schema = pruned((s) => {
      s.shadowCRUD(ARTICLE).field('views').disableOutput();
      s.shadowCRUD(ARTICLE).field('title').disableInput();
      s.shadowCRUD(ARTICLE).field('rating').disableFilters();
      s.shadowCRUD(ARTICLE).field('categories').disable();
    });
    expect(fields(schema, 'Article')).not.toContain('views');
    expect(fields(schema, 'ArticleInput')).toContain('views');
    expect(fields(schema, 'ArticleInput')).not.toContain('title');
    expect(fields(schema, 'ArticleFiltersInput')).not.toContain('rating');
    expect(fields(schema, 'Article')).not.toContain('categories');
    expect(fields(schema, 'Article')).not.toContain('categories_connection');
    expect(fields(schema, 'ArticleFiltersInput')).not.toContain('categories');
  });

  it('refuses unknown uids', () => {
    expect(() => pruned((s) => s.shadowCRUD('api::nope.nope').disable())).toThrow(/names no content type or component/);
  });

  it("removes the plugins' mutations with their type or action, like shadow CRUD", () => {
    const service = new ExtensionService();
    service.shadowCRUD('plugin::users-permissions.user').disableAction('create');
    service.shadowCRUD('plugin::upload.file').disable();
    const schema = buildSchema(printSdl(buildGraphqlSchema(appMeta, 'v5')));
    applyShadowCrud(schema, service, appMeta, 'v5');
    const mutations = fields(rebuildSchema(schema), 'Mutation');
    expect(mutations).not.toContain('createUsersPermissionsUser');
    expect(mutations).not.toContain('updateUploadFile');
    expect(mutations).not.toContain('deleteUploadFile');
    expect(mutations).toEqual(expect.arrayContaining(['updateUsersPermissionsUser', 'deleteUsersPermissionsUser', 'register', 'login', 'createUsersPermissionsRole']));
  });
});

describe('extension service: typeDefs and resolvers', () => {
  it('adds to existing types with `type X`, adds new types, and sets resolvers', async () => {
    let schema = applyTypeDefs(fresh(), ['type Query { hello(name: String!): Greeting }\ntype Greeting { text: String }', 'extend type Article { wordCount: Int }']);
    applyResolvers(schema, [{ Query: { hello: (_p, args) => ({ text: `Hello ${String(args.name)}` }) } }]);
    schema = rebuildSchema(schema);
    expect(fields(schema, 'Article')).toContain('wordCount');
    expect(fields(schema, 'Query')).toEqual(expect.arrayContaining(['hello', 'articles']));
    expect((await graphql({ schema, source: '{ hello(name: "you") { text } }' })).data).toEqual({ hello: { text: 'Hello you' } });
  });

  it('rejects resolvers for fields that do not exist', () => {
    expect(() => applyResolvers(fresh(), [{ Query: { nope: () => 1 } }])).toThrow(/unknown field Query.nope/);
  });
});

describe('extension service: resolversConfig', () => {
  const engine = {} as Engine;
  const contextFor = (granted: string[]) => {
    const auth: AuthContext = { kind: 'public', can: (a) => granted.includes(a) };
    const overrides: unknown[] = [];
    const cms = { withOverride: (o: unknown) => (overrides.push(o), cms) };
    return { context: { auth, cms, http: {}, state: { auth } } as unknown as GraphqlContext, overrides };
  };

  function schemaWith(config: Parameters<typeof mergeResolversConfig>[0][number], registries: Partial<Parameters<typeof applyResolversConfig>[2]> = {}) {
    const schema = buildSchema('type Query { secret: String open: String }');
    applyResolvers(schema, [{ Query: { secret: () => 'value', open: () => 'open' } }]);
    applyResolversConfig(schema, mergeResolversConfig([config]), { policies: new Map(), middlewares: new Map(), engine, ...registries });
    return schema;
  }

  it('auth.scope requires every listed action, then lets the resolver run as allowed', async () => {
    const schema = schemaWith({ 'Query.secret': { auth: { scope: ['api::a.a.find', 'api::b.b.find'] } } });
    const denied = contextFor(['api::a.a.find']);
    const result = await graphql({ schema, source: '{ secret open }', contextValue: denied.context });
    expect(result.errors?.[0].message).toBe('Forbidden access');
    expect(result.data).toEqual({ secret: null, open: 'open' });
    const allowed = contextFor(['api::a.a.find', 'api::b.b.find']);
    expect((await graphql({ schema, source: '{ secret }', contextValue: allowed.context })).data).toEqual({ secret: 'value' });
    expect(allowed.overrides).toEqual([{ kind: 'bypass' }]);
  });

  it('auth: false passes the bypass to the operation layer', async () => {
    const schema = schemaWith({ 'Query.secret': { auth: false } });
    const caller = contextFor([]);
    expect((await graphql({ schema, source: '{ secret }', contextValue: caller.context })).data).toEqual({ secret: 'value' });
    expect(caller.overrides).toEqual([{ kind: 'bypass' }]);
  });

  it('runs policies (named, with config, or functions); a falsy one blocks', async () => {
    const seen: unknown[] = [];
    const policies = new Map([['is-even', (_ctx: unknown, config: unknown) => (seen.push(config), true)]]);
    const schema = schemaWith({ 'Query.secret': { policies: ['is-even', { name: 'is-even', config: { max: 2 } }, () => false] } }, { policies: policies as never });
    const result = await graphql({ schema, source: '{ secret }', contextValue: contextFor([]).context });
    expect(seen).toEqual([{}, { max: 2 }]);
    expect(result.errors?.[0].message).toBe('Policy Failed');
    expect(() => schemaWith({ 'Query.secret': { policies: ['missing'] } })).toThrow(/unknown policy "missing"/);
  });

  it('chains middlewares around the resolver, named ones built from their options', async () => {
    const middlewares = new Map([['upper', (options: unknown) => async (next: (...a: never[]) => unknown, ...args: unknown[]) => `${String((options as { prefix?: string }).prefix ?? '')}${String(await (next as (...a: unknown[]) => unknown)(...args)).toUpperCase()}`]]);
    const schema = schemaWith(
      { 'Query.secret': { middlewares: [{ name: 'upper', options: { prefix: '>' } }, async (next, parent, args, context, info) => `[${String(await next(parent, args, context, info))}]`] } },
      { middlewares: middlewares as never },
    );
    expect((await graphql({ schema, source: '{ secret }', contextValue: contextFor([]).context })).data).toEqual({ secret: '>[VALUE]' });
  });
});

describe('extension app argument', () => {
  const engine = {} as Engine;

  it('hands the app\'s strapi to extension code', () => {
    const strapi = { log: {} } as unknown as import('@cms-gen/server/customize/strapi').StrapiApp;
    const app = extensionApp(engine, strapi, { mode: 'v5' });
    expect(app).toEqual({ mode: 'v5', engine, strapi });
  });

  it('without an app, says so when strapi is touched (and only then)', () => {
    const app = extensionApp(engine, undefined, { mode: 'v5' });
    expect(app.engine).toBe(engine);
    expect(() => app.strapi).toThrow(/PluginContext.strapi is unset/);
  });
});
