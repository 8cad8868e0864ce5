import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertEnumType, buildSchema as buildSdlSchema, lexicographicSortSchema, printSchema, type GraphQLEnumType, type GraphQLSchema, type GraphQLUnionType } from 'graphql';
import { loadSchemas } from '../load';
import { buildModel } from '../model';
import { contentType, removeTempProjects, tempDir, tempProject } from '../test-helpers/temp-project';
import { validateSchemas } from '../validate';
import { buildGraphqlSchema } from './graphql-build';
import { emitGraphql } from './graphql-emitter';
import { printSdl } from './graphql-sdl';
import { GENERATED_HEADER } from './types';
import { SDL_HEADER } from './graphql-sdl';

const repo = join(__dirname, '..', '..');
const meta = buildModel(validateSchemas(loadSchemas(join(repo, 'fixtures', 'strapi-blog'))));
const files = emitGraphql(meta, { runtimeImport: '@cms-gen/runtime' });
const file = (path: string): string => {
  const found = files.find((f) => f.path === path);
  if (!found) throw new Error(`${path} not emitted`);
  return found.contents;
};

/** Printed SDL with descriptions dropped and everything sorted: two schemas compare structurally. */
function normalized(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema))
    .replace(/^[ \t]*"""[\s\S]*?"""\n/gm, '')
    .replace(/^[ \t]*"[^"\n]*"\n/gm, '')
    .replace(/\n{3,}/g, '\n\n');
}

describe('GraphQL emitter', () => {
  it('prints the Strapi 5 schema (snapshot)', () => {
    expect(file('src/graphql/schema.graphql')).toMatchSnapshot();
  });

  it('prints the v4 compatibility schema (snapshot)', () => {
    expect(file('src/graphql/schema.v4.graphql')).toMatchSnapshot();
  });

  it('emits valid SDL for both modes', () => {
    for (const path of ['src/graphql/schema.graphql', 'src/graphql/schema.v4.graphql']) expect(() => buildSdlSchema(file(path))).not.toThrow();
  });

  it('starts every file with the generated header and is deterministic', () => {
    for (const f of files) expect(f.contents.startsWith(f.path.endsWith('.graphql') ? SDL_HEADER : GENERATED_HEADER)).toBe(true);
    expect(emitGraphql(meta, { runtimeImport: '@cms-gen/runtime' })).toEqual(files);
  });

  it('gives every TypeGraphQL decorator an explicit type function', () => {
    for (const f of files.filter((x) => x.path.endsWith('.ts'))) {
      expect(f.contents).not.toMatch(/@tg\.(Field|FieldResolver|Query|Mutation)\(\)/);
      expect(f.contents).not.toMatch(/@tg\.Arg\('[^']+'\)/);
      expect(f.contents).not.toMatch(/\bany\b/);
    }
  });

  it('names each resolved field\'s call as its cms extension, with no resolver body (the runtime installs the call)', () => {
    let checked = 0;
    for (const f of files.filter((x) => x.path.endsWith('.ts'))) {
      const pattern = /@tg\.Extensions\(\{ cms: \{ method: '(\w+)', owner: '([^']+)', attribute: '(\w+)' \} \}\)\n\s+@tg\.Field\(/g;
      checked += [...f.contents.matchAll(pattern)].length;
      expect([...f.contents.matchAll(pattern)].length).toBe(f.contents.match(/@tg\.Extensions\(/g)?.length ?? 0);
      expect(f.contents).not.toMatch(/@tg\.FieldResolver|@tg\.Root\(\)|ctx\.cms\.(field|fieldConnection|v4Related|v4RelatedList)\(/);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('defines no schema-independent type: the runtime\'s GraphQL package holds them', () => {
    const sources = files.filter((x) => x.path.endsWith('.ts')).map((x) => x.contents).join('\n');
    const builtins = ['I18NLocale', 'UploadFile'].flatMap((type) => ['', 'FiltersInput', 'Entity', 'EntityResponse', 'EntityResponseCollection', 'RelationResponseCollection'].map((suffix) => `${type}${suffix}`));
    for (const name of ['StringFilterInput', 'PaginationArg', 'Pagination', 'Error', 'PublicationStatus', 'PublicationState', 'DeleteMutationResponse', 'ResponseCollectionMeta', 'FileInfoInput', ...builtins]) {
      expect(sources).not.toMatch(new RegExp(`@tg\\.(ObjectType|InputType)\\('${name}'|registerEnumType\\(\\w+, \\{ name: '${name}'`));
    }
    expect(sources).toContain('rt.StringFilterInput');
    expect(sources).not.toMatch(/from '(graphql|type-graphql)'/);
    expect(files.map((f) => f.path).filter((path) => /I18NLocale|UploadFile/.test(path))).toEqual([]);
    expect(sources).toContain('@tg.Field(() => rt.UploadFile, { nullable: true })');
    expect(sources).toContain('@tg.Field(() => rt.v4.UploadFileEntityResponse, { nullable: true })');
    // The locales' and files' root resolvers are the package's, Strapi 4's under its `v4` namespace.
    expect(file('src/graphql/v5/index.ts')).toMatch(/import \{ I18NLocaleRootResolver, UploadFileRootResolver, UsersPermissionsMeRootResolver \} from '@cms-gen\/graphql';/);
    expect(file('src/graphql/v4/index.ts')).toMatch(/import \{ UsersPermissionsMeRootResolver, v4 \} from '@cms-gen\/graphql';[\s\S]*\n  v4\.I18NLocaleRootResolver,\n  v4\.UploadFileRootResolver,\n/);
  });

  describe('Strapi 5 shape', () => {
    const schema = buildSdlSchema(file('src/graphql/schema.graphql'));
    const fields = (type: string) => Object.keys((schema.getType(type) as { getFields(): Record<string, unknown> }).getFields());

    it('has flat types addressed by documentId, with connections and relation arguments', () => {
      expect(fields('Article')).toEqual(expect.arrayContaining(['documentId', 'title', 'author', 'categories', 'categories_connection', 'cover', 'seo', 'sections', 'createdAt', 'publishedAt']));
      expect(fields('Article')).not.toContain('id');
      expect(fields('ArticleEntityResponseCollection')).toEqual(['nodes', 'pageInfo']);
      expect(fields('CategoryRelationResponseCollection')).toEqual(['nodes']);
      expect(fields('Pagination')).toEqual(['total', 'page', 'pageSize', 'pageCount']);
      const query = schema.getQueryType()?.getFields() ?? {};
      expect(query.article.args.map((a) => a.name)).toEqual(['documentId', 'status', 'hasPublishedVersion', 'publicationFilter']);
      expect(String(query.articles.type)).toBe('[Article]!');
      expect(query.categories.args.map((a) => a.name)).toEqual(['filters', 'pagination', 'sort', 'status', 'hasPublishedVersion', 'publicationFilter', 'locale']);
      expect(query.homepage.args.map((a) => a.name)).toEqual(['status', 'hasPublishedVersion', 'publicationFilter']);
      expect(assertEnumType(schema.getType('PublicationFilter')).getValues().map((v) => v.name)).toEqual([
        'NEVER_PUBLISHED',
        'HAS_PUBLISHED_VERSION',
        'MODIFIED',
        'UNMODIFIED',
        'NEVER_PUBLISHED_DOCUMENT',
        'HAS_PUBLISHED_VERSION_DOCUMENT',
        'PUBLISHED_WITHOUT_DRAFT',
        'PUBLISHED_WITH_DRAFT',
      ]);
      expect(String(query.homepage.type)).toBe('Homepage');
      const mutation = schema.getMutationType()?.getFields() ?? {};
      expect(String(mutation.deleteArticle.type)).toBe('DeleteMutationResponse');
      expect(mutation.updateArticle.args.map((a) => a.name)).toEqual(['documentId', 'status', 'data']);
      expect(mutation.createCategory.args.map((a) => a.name)).toEqual(['status', 'data', 'locale']);
    });

    it('filters every scalar with every REST operator plus and/or/not, never a private attribute', () => {
      expect(fields('ArticleFiltersInput')).toEqual(expect.arrayContaining(['documentId', 'title', 'views', 'author', 'categories', 'seo', 'and', 'or', 'not']));
      expect(fields('ArticleFiltersInput')).not.toContain('secret_code');
      expect(fields('Article')).not.toContain('secret_code');
      expect(fields('UsersPermissionsUser')).not.toContain('password');
      expect(fields('StringFilterInput')).toEqual(expect.arrayContaining(['eq', 'eqi', 'ne', 'nei', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'contains', 'notContains', 'containsi', 'notContainsi', 'null', 'notNull', 'between', 'startsWith', 'startsWithi', 'endsWith', 'endsWithi', 'and', 'or', 'not']));
    });

    it('names components, zones and media like Strapi', () => {
      expect(schema.getType('ComponentSharedMetaSocial')).toBeDefined();
      expect(String((schema.getType('ArticleSectionsDynamicZone') as GraphQLUnionType).getTypes())).toBe('ComponentSectionsHero,ComponentSectionsRichText,ComponentSectionsCta,Error');
      expect(schema.getType('ArticleSectionsDynamicZoneInput')).toBeDefined();
      expect(schema.getType('UploadFile')).toBeDefined();
      expect(schema.getType('ENUM_ARTICLE_KIND')).toBeDefined();
      for (const scalar of ['JSON', 'DateTime', 'Date', 'Time', 'Long', 'I18NLocaleCode']) expect(schema.getType(scalar)).toBeDefined();
    });
  });

  describe('v4 compatibility shape', () => {
    const schema = buildSdlSchema(file('src/graphql/schema.v4.graphql'));
    const fields = (type: string) => Object.keys((schema.getType(type) as { getFields(): Record<string, unknown> }).getFields());

    it('wraps documents in entities and responses', () => {
      expect(fields('ArticleEntity')).toEqual(['id', 'attributes']);
      expect(fields('ArticleEntityResponse')).toEqual(['data']);
      expect(fields('ArticleEntityResponseCollection')).toEqual(['data', 'meta']);
      expect(fields('ArticleRelationResponseCollection')).toEqual(['data']);
      expect(fields('ResponseCollectionMeta')).toEqual(['pagination']);
      expect(String((schema.getType('Article') as { getFields(): Record<string, { type: unknown }> }).getFields().author.type)).toBe('AuthorEntityResponse');
      expect(schema.getType('PublicationStatus')).toBeUndefined();
      expect((schema.getType('PublicationState') as GraphQLEnumType).getValues().map((v) => v.name)).toEqual(['LIVE', 'PREVIEW']);
    });

    it("has Strapi 4's signatures", () => {
      const query = schema.getQueryType()?.getFields() ?? {};
      expect(query.article.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['id: ID']);
      expect(String(query.article.type)).toBe('ArticleEntityResponse');
      expect(query.articles.args.map((a) => a.name)).toEqual(['filters', 'pagination', 'sort', 'publicationState']);
      expect(String(query.articles.type)).toBe('ArticleEntityResponseCollection');
      expect(query.articles_connection).toBeUndefined();
      const mutation = schema.getMutationType()?.getFields() ?? {};
      expect(mutation.updateArticle.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['id: ID!', 'data: ArticleInput!']);
      expect(String(mutation.deleteArticle.type)).toBe('ArticleEntityResponse');
    });
  });

  it('keeps only reachable definitions', () => {
    const def = buildGraphqlSchema(meta, 'v5');
    expect(def.types.some((t) => t.name === 'UsersPermissionsPermission')).toBe(true);
    expect(printSdl(def)).not.toContain('UsersPermissionsPermissionEntityResponseCollection');
  });
});

describe('generated TypeGraphQL classes', () => {
  // The fixture app's generated source, built by TypeGraphQL, must be the printed SDL: this is what
  // makes the SDL a faithful contract (and proves both shapes coexist in one process).
  it.each([
    ['v5', 'schema.graphql'],
    ['v4', 'schema.v4.graphql'],
  ] as const)('build to exactly the printed SDL (%s)', async (mode, sdl) => {
    require('reflect-metadata');
    const { buildSchema } = await import('type-graphql');
    const { graphqlSchemas } = await import('../../fixtures/strapi-blog/app/src/graphql');
    const resolvers = (await graphqlSchemas[mode]()) as unknown as [Function, ...Function[]];
    const built = await buildSchema({ resolvers, validate: false, disableInferringDefaultValues: true });
    expect(normalized(built)).toBe(normalized(buildSdlSchema(file(`src/graphql/${sdl}`))));
  });
});

describe('the locales, defined by the GraphQL package', () => {
  afterAll(removeTempProjects);

  // A relation to the locales reaches their relation collections, which the fixture never does:
  // the package's classes and the generated references to them build to exactly the printed SDL.
  const project = tempProject({
    'content-types/place.json': contentType('place', 'places', {
      name: { type: 'string' },
      home: { type: 'relation', relation: 'manyToOne', target: 'plugin::i18n.locale' },
      spoken: { type: 'relation', relation: 'manyToMany', target: 'plugin::i18n.locale' },
    }),
  });
  const placeFiles = emitGraphql(buildModel(validateSchemas(loadSchemas(project))), { runtimeImport: '@cms-gen/runtime' });
  const out = tempDir();
  for (const f of placeFiles) {
    mkdirSync(dirname(join(out, f.path)), { recursive: true });
    writeFileSync(join(out, f.path), f.contents);
  }

  it.each([
    ['v5', 'schema.graphql', 'rt.I18NLocaleRelationResponseCollection'],
    ['v4', 'schema.v4.graphql', 'rt.v4.I18NLocaleRelationResponseCollection'],
  ] as const)('a relation to them builds to exactly the printed SDL (%s)', async (mode, sdl, reference) => {
    const printed = placeFiles.find((f) => f.path === `src/graphql/${sdl}`)?.contents ?? '';
    expect(printed).toContain('I18NLocaleRelationResponseCollection');
    expect(placeFiles.find((f) => f.path === `src/graphql/${mode}/api/place.ts`)?.contents).toContain(reference);
    require('reflect-metadata');
    const { buildSchema } = await import('type-graphql');
    const { graphqlSchemas } = require(join(out, 'src', 'graphql')) as typeof import('../../fixtures/strapi-blog/app/src/graphql');
    const resolvers = (await graphqlSchemas[mode]()) as unknown as [Function, ...Function[]];
    const built = await buildSchema({ resolvers, validate: false, disableInferringDefaultValues: true });
    expect(normalized(built)).toBe(normalized(buildSdlSchema(printed)));
  });
});
