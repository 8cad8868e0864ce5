import { join } from 'node:path';
import { loadSchemas } from './load';
import { ValidationFailed, formatProblem } from './problems';
import { component, contentType, problemsOf, removeTempProjects, tempProject } from './test-helpers/temp-project';
import { collectProblems, validateSchemas } from './validate';
import { buildModel } from './model';

afterAll(removeTempProjects);

const ARTICLE = 'content-types/article.json';
const AUTHOR = 'content-types/author.json';

/** A valid two-type project with a two-sided relation and a component; tests change one thing. */
function project(changes: { article?: object; author?: object; files?: Record<string, unknown> } = {}): Record<string, unknown> {
  return {
    [ARTICLE]: {
      title: { type: 'string' },
      author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' },
      seo: { type: 'component', component: 'shared.seo' },
      ...changes.article,
    },
    [AUTHOR]: {
      name: { type: 'string' },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
      ...changes.author,
    },
    'components/shared/seo.json': component({ metaTitle: { type: 'string' } }),
    ...changes.files,
  };
}

/** project() with its attribute maps wrapped into content-type schemas. */
function files(changes: Parameters<typeof project>[0] = {}): Record<string, unknown> {
  const p = project(changes);
  return {
    ...p,
    [ARTICLE]: contentType('article', 'articles', p[ARTICLE] as Record<string, unknown>),
    [AUTHOR]: contentType('author', 'authors', p[AUTHOR] as Record<string, unknown>),
  };
}

const problems = (changes: Parameters<typeof project>[0] = {}) => problemsOf(files(changes));

describe('validate: the baseline', () => {
  it('accepts the strapi-blog fixture and the flat fixture', () => {
    expect(collectProblems(loadSchemas(join(__dirname, '..', 'fixtures', 'strapi-blog'))).problems).toEqual([]);
    expect(collectProblems(loadSchemas(join(__dirname, '__fixtures__', 'flat-blog'))).problems).toEqual([]);
  });

  it('accepts the test baseline', () => {
    expect(problems()).toEqual([]);
  });

  it('validateSchemas throws ValidationFailed carrying every problem', () => {
    const dir = tempProject(files({ article: { a: { type: 'nope' }, b: { type: 'nope' } } }));
    let caught: unknown;
    try {
      validateSchemas(loadSchemas(dir));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationFailed);
    const failed = caught as ValidationFailed;
    expect(failed.problems.map(formatProblem)).toEqual([
      `${ARTICLE}: attributes.a.type: unknown attribute type "nope"`,
      `${ARTICLE}: attributes.b.type: unknown attribute type "nope"`,
    ]);
    expect(failed.message).toContain('2 schema problems:');
  });

  it('collects problems of every file instead of stopping at the first', () => {
    expect(
      problemsOf({
        ...files({ article: { bad: { type: 'relation', relation: 'manyToOne', target: 'api::nope.nope' } } }),
        'content-types/zebra.json': '{',
        'components/shared/loop.json': component({ self: { type: 'component', component: 'shared.loop' } }),
      }),
    ).toEqual([
      'components/shared/loop.json: attributes.self.component: component cycle: shared.loop → shared.loop',
      `${ARTICLE}: attributes.bad.target: relation target "api::nope.nope" does not exist`,
      expect.stringMatching(/^content-types\/zebra\.json: invalid JSON: /),
    ]);
  });
});

describe('validate: file and type shape', () => {
  it('reports invalid JSON and non-object schemas', () => {
    expect(problemsOf({ [ARTICLE]: '{ "kind": "collectionType", }' })).toEqual([expect.stringMatching(/^content-types\/article\.json: invalid JSON: .+/)]);
    expect(problemsOf({ [ARTICLE]: '[]' })).toEqual([`${ARTICLE}: a schema must be a JSON object, got []`]);
  });

  it('builds a schema without kind as a collection type (as Strapi 5.54 boots it), and reports an unknown kind', () => {
    const schema = contentType('article', 'articles', {}) as Record<string, unknown>;
    expect(problemsOf({ [ARTICLE]: { ...schema, kind: undefined } })).toEqual([]);
    expect(problemsOf({ [ARTICLE]: { ...schema, kind: 'bag' } })).toEqual([`${ARTICLE}: kind: unknown kind "bag" (expected "collectionType" or "singleType")`]);
  });

  it('reports missing info, singularName and pluralName', () => {
    const schema = contentType('article', 'articles', {}) as Record<string, unknown>;
    expect(problemsOf({ [ARTICLE]: { ...schema, info: undefined } })).toEqual([`${ARTICLE}: info: missing info object`]);
    expect(problemsOf({ [ARTICLE]: { ...schema, info: { pluralName: 'articles' } } })).toEqual([`${ARTICLE}: info.singularName: missing singularName`]);
    expect(problemsOf({ [ARTICLE]: { ...schema, info: { singularName: 'article' } } })).toEqual([`${ARTICLE}: info.pluralName: missing pluralName`]);
  });

  it('derives a missing collectionName from pluralName instead of reporting it', () => {
    const schema = contentType('seo-page', 'seo-pages', {}) as Record<string, unknown>;
    const dir = tempProject({ 'content-types/seo-page.json': { ...schema, collectionName: undefined } });
    const definitions = validateSchemas(loadSchemas(dir));
    expect(definitions.contentTypes.find((d) => d.uid === 'api::seo-page.seo-page')?.collectionName).toBe('seo_pages');
  });

  it('reports invalid API names (kebab-case), equal singular and plural, and a flat file name that differs', () => {
    expect(problemsOf({ [ARTICLE]: contentType('Article', 'article_s', {}) })).toEqual([
      `${ARTICLE}: info.singularName: invalid singularName "Article": use kebab-case (lowercase letters, digits and -, starting with a letter)`,
      `${ARTICLE}: info.pluralName: invalid pluralName "article_s": use kebab-case (lowercase letters, digits and -, starting with a letter)`,
      `${ARTICLE}: info.singularName: "Article" does not match the file name "article"`,
    ]);
    expect(problemsOf({ [ARTICLE]: contentType('article', 'article', {}) })).toEqual([`${ARTICLE}: info.pluralName: pluralName must differ from singularName "article"`]);
  });

  it('reports an invalid table name (dashes are fine: Strapi takes them)', () => {
    expect(problemsOf({ [ARTICLE]: contentType('article', 'articles', {}, { collectionName: 'my articles' }) })).toEqual([
      `${ARTICLE}: collectionName: invalid table name "my articles": use letters, digits, - and _, starting with a letter or _`,
    ]);
    expect(problemsOf({ [ARTICLE]: contentType('article', 'articles', {}, { collectionName: 'my-articles' }) })).toEqual([]);
  });
});

describe('validate: attributes', () => {
  it('reports invalid and reserved attribute names', () => {
    expect(problems({ article: { '1st': { type: 'string' }, 'has-dash': { type: 'string' }, documentId: { type: 'string' }, __component: { type: 'string' } } })).toEqual([
      `${ARTICLE}: attributes.1st: invalid attribute name "1st": use letters, digits and _, starting with a letter`,
      `${ARTICLE}: attributes.has-dash: invalid attribute name "has-dash": use letters, digits and _, starting with a letter`,
      `${ARTICLE}: attributes.documentId: "documentId" is a reserved attribute name`,
      `${ARTICLE}: attributes.__component: invalid attribute name "__component": use letters, digits and _, starting with a letter`,
      `${ARTICLE}: attributes.__component: "__component" is a reserved attribute name`,
    ]);
  });

  it('reports unknown and missing attribute types', () => {
    expect(problems({ article: { color: { type: 'colour' }, size: { required: true }, weird: 'string' } })).toEqual([
      `${ARTICLE}: attributes.color.type: unknown attribute type "colour"`,
      `${ARTICLE}: attributes.size.type: missing attribute type`,
      `${ARTICLE}: attributes.weird: must be an object, got "string"`,
    ]);
  });

  it('reports an enumeration without a non-empty enum array of strings', () => {
    expect(
      problems({
        article: {
          a: { type: 'enumeration' },
          b: { type: 'enumeration', enum: [] },
          c: { type: 'enumeration', enum: ['x', 1] },
          d: { type: 'enumeration', enum: ['x', 'x'] },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.a.enum: an enumeration needs a non-empty "enum" array of non-empty strings`,
      `${ARTICLE}: attributes.b.enum: an enumeration needs a non-empty "enum" array of non-empty strings`,
      `${ARTICLE}: attributes.c.enum: an enumeration needs a non-empty "enum" array of non-empty strings`,
      `${ARTICLE}: attributes.d.enum: value "x" is listed twice`,
    ]);
  });

  it('reports min > max and minLength > maxLength', () => {
    expect(
      problems({
        article: {
          views: { type: 'integer', min: 10, max: 1 },
          headline: { type: 'string', minLength: 5, maxLength: 2 },
          blocks: { type: 'dynamiczone', components: ['shared.seo'], min: 3, max: 1 },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.views.min: min (10) is greater than max (1)`,
      `${ARTICLE}: attributes.headline.minLength: minLength (5) is greater than maxLength (2)`,
      `${ARTICLE}: attributes.blocks.min: min (3) is greater than max (1)`,
    ]);
  });

  it('reports malformed option values', () => {
    expect(
      problems({
        article: {
          views: { type: 'integer', required: 'yes' },
          code: { type: 'string', regex: '(' },
        },
      }),
    ).toEqual([`${ARTICLE}: attributes.views.required: must be true or false, got "yes"`, `${ARTICLE}: attributes.code.regex: invalid regular expression "("`]);
  });

  it('reports a default whose type does not match the attribute', () => {
    expect(
      problems({
        article: {
          featured: { type: 'boolean', default: 'yes' },
          views: { type: 'integer', default: 1.5 },
          big: { type: 'biginteger', default: '12a' },
          day: { type: 'date', default: '2024-13' },
          at: { type: 'datetime', default: 'tomorrow' },
          label: { type: 'string', default: 3 },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.featured.default: default must be true or false for boolean attributes, got "yes"`,
      `${ARTICLE}: attributes.views.default: default must be an integer for integer attributes, got 1.5`,
      `${ARTICLE}: attributes.big.default: default must be an integer or a string of digits for biginteger attributes, got "12a"`,
      `${ARTICLE}: attributes.day.default: default must be a date "YYYY-MM-DD" for date attributes, got "2024-13"`,
      `${ARTICLE}: attributes.at.default: default must be an ISO 8601 datetime for datetime attributes, got "tomorrow"`,
      `${ARTICLE}: attributes.label.default: default must be a string for string attributes, got 3`,
    ]);
  });

  it('accepts defaults of the right type', () => {
    expect(
      problems({
        article: {
          featured: { type: 'boolean', default: false },
          big: { type: 'biginteger', default: '9007199254740993' },
          day: { type: 'date', default: '2024-02-29' },
          at: { type: 'datetime', default: '2024-02-29T10:00:00.000Z' },
          at2: { type: 'time', default: '10:30' },
          data: { type: 'json', default: { a: [1] } },
        },
      }),
    ).toEqual([]);
  });

  it('reports a uid whose targetField is missing or not a string or text attribute', () => {
    expect(
      problems({
        article: {
          slug: { type: 'uid', targetField: 'headline' },
          views: { type: 'integer' },
          code: { type: 'uid', targetField: 'views' },
          ref: { type: 'uid', targetField: 'author' },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.slug.targetField: targetField "headline" does not exist`,
      `${ARTICLE}: attributes.code.targetField: targetField "views" must be a string or text attribute, not integer`,
      `${ARTICLE}: attributes.ref.targetField: targetField "author" must be a string or text attribute, not relation`,
    ]);
  });

  it('takes searchable: false on scalars into the model, and refuses it elsewhere or as a non-boolean', () => {
    expect(problems({ article: { note: { type: 'text', searchable: false } } })).toEqual([]);
    const model = buildModel(validateSchemas(loadSchemas(tempProject(files({ article: { note: { type: 'text', searchable: false }, tag: { type: 'string', searchable: true } } })))));
    const attributes = model.contentTypes['api::article.article'].attributes;
    expect(attributes.note).toMatchObject({ kind: 'scalar', searchable: false });
    expect(attributes.tag).not.toHaveProperty('searchable');
    expect(problems({ article: { note: { type: 'text', searchable: 'no' } } })).toEqual([expect.stringContaining(`${ARTICLE}: attributes.note.searchable:`)]);
  });

  it('reports unknown media types', () => {
    expect(problems({ article: { cover: { type: 'media', allowedTypes: ['images', 'pdfs'] } } })).toEqual([
      `${ARTICLE}: attributes.cover.allowedTypes[1]: unknown media type "pdfs" (expected images, files, videos, audios)`,
    ]);
  });
});

describe('validate: relations', () => {
  it('reports a relation target that does not exist (Strapi layout paths)', () => {
    const schema = contentType('article', 'articles', { author: { type: 'relation', relation: 'manyToOne', target: 'api::nope.nope' } });
    expect(problemsOf({ 'src/api/article/content-types/article/schema.json': schema })).toEqual([
      'src/api/article/content-types/article/schema.json: attributes.author.target: relation target "api::nope.nope" does not exist',
    ]);
  });

  it('reports a relation targeting a component, and missing kind or target', () => {
    expect(
      problems({
        article: {
          a: { type: 'relation', relation: 'oneToOne', target: 'shared.seo' },
          b: { type: 'relation', target: 'api::author.author' },
          c: { type: 'relation', relation: 'oneToOne' },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.b.relation: missing relation kind`,
      `${ARTICLE}: attributes.c.target: missing relation target`,
      `${ARTICLE}: attributes.a.target: relation target "shared.seo" is a component; relations point to content types`,
    ]);
  });

  // Morph relations have their own tests (generator/morph.test.ts).
  it('reports an unknown relation kind', () => {
    expect(problems({ article: { a: { type: 'relation', relation: 'oneToFew', target: 'api::author.author' } } })).toEqual([
      `${ARTICLE}: attributes.a.relation: unknown relation kind "oneToFew" (expected oneToOne, oneToMany, manyToOne, manyToMany, oneWay, manyWay, morphToOne, morphToMany, morphOne, morphMany)`,
    ]);
  });

  it('reports inversedBy naming a missing attribute or one that is not a relation', () => {
    // Strapi refuses both at boot. (author.articles, whose mappedBy side nothing owns now, is left out: loose-schemas.test.ts.)
    expect(problems({ article: { author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'posts' } } })).toEqual([
      `${ARTICLE}: attributes.author.inversedBy: attribute "posts" does not exist on api::author.author (Strapi refuses this too): add it with mappedBy "author", or remove inversedBy to make author one-way`,
    ]);
    expect(problems({ author: { articles: { type: 'string' } } })).toEqual([
      `${ARTICLE}: attributes.author.inversedBy: api::author.author.articles is not a relation (Strapi refuses this too): remove inversedBy to make author one-way`,
    ]);
  });

  it('builds sides that do not point back to each other, as Strapi boots them (loose-schemas.test.ts has the details)', () => {
    expect(problems({ author: { articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article' } } })).toEqual([]);
    expect(problems({ author: { articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'writer' } } })).toEqual([]);
    expect(problems({ article: { author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' } } })).toEqual([]);
    expect(problems({ author: { articles: { type: 'relation', relation: 'oneToMany', target: 'api::author.author', mappedBy: 'author' } } })).toEqual([]);
  });

  it('reports relation kinds that do not mirror each other', () => {
    expect(problems({ author: { articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'author' } } })).toEqual([
      `${ARTICLE}: attributes.author.relation: manyToOne needs oneToMany on the other side, but api::author.author.articles is manyToMany`,
    ]);
  });

  it('reports both inversedBy and mappedBy, and one-sided kinds with a side', () => {
    expect(
      problems({
        article: {
          x: { type: 'relation', relation: 'oneToOne', target: 'api::author.author', inversedBy: 'a', mappedBy: 'b' },
          y: { type: 'relation', relation: 'oneWay', target: 'api::author.author', inversedBy: 'c' },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.x.mappedBy: a relation cannot have both inversedBy and mappedBy`,
      `${ARTICLE}: attributes.y.inversedBy: oneWay relations are one-sided and cannot have inversedBy or mappedBy`,
      `${ARTICLE}: attributes.x.inversedBy: attribute "a" does not exist on api::author.author (Strapi refuses this too): add it with mappedBy "x", or remove inversedBy to make x one-way`,
    ]);
  });

  it('accepts one-sided relations to built-in types and rejects two-sided ones the built-in type does not declare', () => {
    expect(problems({ article: { owner: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' } } })).toEqual([]);
    // Strapi refuses to start too ("inversedBy attribute articles not found target plugin::users-permissions.user").
    expect(problems({ article: { owner: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', inversedBy: 'articles' } } })).toEqual([
      `${ARTICLE}: attributes.owner.inversedBy: attribute "articles" does not exist on plugin::users-permissions.user (Strapi refuses this too): declare it (mappedBy "owner") in extensions/users-permissions/content-types/user/schema.json, or remove inversedBy to make the relation one-sided`,
    ]);
    // Only the user and the role can be extended.
    expect(problems({ article: { cover: { type: 'relation', relation: 'manyToOne', target: 'plugin::upload.file', inversedBy: 'articles' } } })).toEqual([
      `${ARTICLE}: attributes.cover.inversedBy: two-sided relations with the built-in type plugin::upload.file are not supported; remove inversedBy to make the relation one-sided`,
    ]);
  });

  it('requires relations in components to be one-sided', () => {
    expect(
      problems({
        files: {
          'components/shared/seo.json': component({ page: { type: 'relation', relation: 'oneToOne', target: 'api::author.author', inversedBy: 'seo' } }),
        },
      }),
    ).toEqual(['components/shared/seo.json: attributes.page.inversedBy: relations in components must be one-sided (remove inversedBy/mappedBy)']);
  });
});

describe('validate: components', () => {
  it('reports component uids that do not exist, in component attributes and dynamic zones', () => {
    expect(
      problems({
        article: {
          seo: { type: 'component', component: 'shared.nope' },
          zone: { type: 'dynamiczone', components: ['shared.seo', 'blocks.hero', 'api::author.author'] },
        },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.seo.component: component "shared.nope" does not exist`,
      `${ARTICLE}: attributes.zone.components[1]: component "blocks.hero" does not exist`,
      `${ARTICLE}: attributes.zone.components[2]: component "api::author.author" does not exist (it is a content type; use a relation)`,
    ]);
  });

  it('reports components that contain themselves, directly or indirectly', () => {
    expect(
      problems({
        files: {
          'components/shared/seo.json': component({ self: { type: 'component', component: 'shared.seo', repeatable: true } }),
          'components/a/one.json': component({ next: { type: 'component', component: 'a.two' } }),
          'components/a/two.json': component({ back: { type: 'component', component: 'a.one' }, ok: { type: 'component', component: 'shared.leaf' } }),
          'components/shared/leaf.json': component({ text: { type: 'string' } }),
        },
      }),
    ).toEqual([
      'components/a/one.json: attributes.next.component: component cycle: a.one → a.two → a.one',
      'components/a/two.json: attributes.back.component: component cycle: a.two → a.one → a.two',
      'components/shared/seo.json: attributes.self.component: component cycle: shared.seo → shared.seo',
    ]);
  });

  it('rejects dynamic zones inside components and empty dynamic zones', () => {
    expect(
      problems({
        article: { zone: { type: 'dynamiczone', components: [] } },
        files: { 'components/shared/seo.json': component({ zone: { type: 'dynamiczone', components: ['shared.seo'] } }) },
      }),
    ).toEqual([
      'components/shared/seo.json: attributes.zone.type: dynamic zones are only allowed in content types, not in components',
      `${ARTICLE}: attributes.zone.components: a dynamic zone needs at least one component`,
    ]);
  });
});

describe('validate: names and storage', () => {
  it('reports duplicate singular and plural names, across both kinds of name', () => {
    expect(
      problemsOf({
        ...files(),
        'content-types/writer.json': contentType('writer', 'authors', {}, { collectionName: 'writers' }),
        'content-types/articles.json': contentType('articles', 'article-list', {}),
      }),
    ).toEqual([
      'content-types/articles.json: info.singularName: "articles" is already the pluralName of api::article.article',
      'content-types/writer.json: info.pluralName: "authors" is already the pluralName of api::author.author',
    ]);
  });

  it('reports names taken by the built-in plugin types and their routes', () => {
    expect(
      problemsOf({
        'content-types/user.json': contentType('user', 'members', {}),
        'content-types/file.json': contentType('file', 'files', {}, { collectionName: 'my_files' }),
        'content-types/upload.json': contentType('upload', 'uploads', {}),
      }),
    ).toEqual([
      'content-types/file.json: info.singularName: "file" is already the singularName of plugin::upload.file',
      'content-types/file.json: info.pluralName: "files" is already the pluralName of plugin::upload.file',
      'content-types/upload.json: info.singularName: "upload" is reserved: the built-in plugins use /api/upload',
      'content-types/user.json: info.singularName: "user" is already the singularName of plugin::users-permissions.user',
    ]);
  });

  it('reports duplicate table names, link tables included, and the tables of built-ins', () => {
    expect(
      problemsOf({
        ...files(),
        'content-types/post.json': contentType('post', 'posts', {}, { collectionName: 'articles' }),
        'content-types/link.json': contentType('link', 'links', {}, { collectionName: 'articles_author_lnk' }),
        'content-types/account.json': contentType('account', 'accounts', {}, { collectionName: 'UP_USERS' }),
      }),
    ).toEqual([
      'content-types/account.json: collectionName: table "UP_USERS" is already used by plugin::users-permissions.user',
      'content-types/link.json: collectionName: table "articles_author_lnk" is already used by the link table of api::article.article.author',
      'content-types/post.json: collectionName: table "articles" is already used by api::article.article',
    ]);
  });

  it('reports attributes whose columns collide and Prisma model names that clash or are reserved', () => {
    expect(
      problems({
        article: { metaTitle: { type: 'string' }, meta_title: { type: 'text' } },
        files: { 'content-types/string.json': contentType('string', 'strings', {}) },
      }),
    ).toEqual([
      `${ARTICLE}: attributes.meta_title: column "meta_title" is already used by attribute "metaTitle"`,
      'content-types/string.json: info.singularName: Prisma model name "String" is reserved by Prisma',
    ]);
  });

  it('gives component attributes named like a component system column their own column', () => {
    expect(problems({ files: { 'components/shared/seo.json': component({ position: { type: 'integer' }, ownerType: { type: 'string' } }) } })).toEqual([]);
    expect(
      problems({ files: { 'components/shared/seo.json': component({ position: { type: 'integer' }, positionValue: { type: 'integer' } }) } }),
    ).toEqual(['components/shared/seo.json: attributes.positionValue: column "position_value" is already used by attribute "position"']);
  });
});

describe('validate: rename hints (pluginOptions["cms-gen"].renamedFrom)', () => {
  const renamed = (attr: object) => ({ article: { headline: { type: 'string', ...attr } } });

  it('accepts a scalar attribute naming its previous name, and carries the old column into the model', () => {
    expect(problems(renamed({ pluginOptions: { 'cms-gen': { renamedFrom: 'oldTitle' } } }))).toEqual([]);
    const meta = buildModel(validateSchemas(loadSchemas(tempProject(files(renamed({ pluginOptions: { 'cms-gen': { renamedFrom: 'oldTitle' } } }))))));
    const attribute = meta.contentTypes['api::article.article'].attributes.headline;
    expect(attribute).toMatchObject({ kind: 'scalar', column: 'headline', renamedFrom: 'old_title' });
  });

  it('refuses hints on non-scalars, bad names, the attribute itself, a current attribute and a name claimed twice', () => {
    expect(
      problems({
        article: {
          author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles', pluginOptions: { 'cms-gen': { renamedFrom: 'writer' } } },
          a: { type: 'string', pluginOptions: { 'cms-gen': { renamedFrom: '1bad' } } },
          b: { type: 'string', pluginOptions: { 'cms-gen': { renamedFrom: 'b' } } },
          c: { type: 'string', pluginOptions: { 'cms-gen': { renamedFrom: 'title' } } },
          d: { type: 'string', pluginOptions: { 'cms-gen': { renamedFrom: 'gone' } } },
          e: { type: 'string', pluginOptions: { 'cms-gen': { renamedFrom: 'gone' } } },
        },
      }),
    ).toEqual([
      'content-types/article.json: attributes.author.pluginOptions.cms-gen: renamedFrom applies to scalar attributes only (relations, media and components keep their rows in tables of their own)',
      'content-types/article.json: attributes.a.pluginOptions.cms-gen: renamedFrom must be an attribute name (letters, digits and _, starting with a letter), got "1bad"',
      'content-types/article.json: attributes.b.pluginOptions.cms-gen: renamedFrom names the attribute itself',
      'content-types/article.json: attributes.c.pluginOptions.cms-gen: renamedFrom "title" is still an attribute of this schema; remove the hint or the old attribute',
      'content-types/article.json: attributes.e.pluginOptions.cms-gen: renamedFrom "gone" is also claimed by d',
    ]);
  });
});
