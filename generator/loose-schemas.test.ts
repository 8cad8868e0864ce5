// Schemas as real teams commit them (issue 24): what Strapi 5.54 boots builds, read the way Strapi
// reads it, with one warning line per setting cms-gen does not act on; what Strapi refuses is
// refused with one `file: path: problem` line saying what to change. Checked against Strapi on
// test/loose-kit (test/e2e/loose-answers.test.ts).
import { join } from 'node:path';
import type { ScalarAttribute } from '../runtime/core/model/types';
import { build } from './build';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';
import { enumValueNames } from './emitters/graphql-enum-values';
import { generate } from './generate';
import { loadSchemas } from './load';
import { buildModel } from './model';
import { component, contentType, problemsOf, removeTempProjects, tempDir, tempProject, warningsOf } from './test-helpers/temp-project';
import { validateSchemas } from './validate';

afterAll(removeTempProjects);

const SCHEMA = 'src/api/place/content-types/place/schema.json';

/** A Strapi-layout project with one content type `place` and any other files. */
function strapiProject(attributes: Record<string, unknown>, others: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { [SCHEMA]: contentType('place', 'places', attributes, extra), ...others };
}

const modelOf = (files: Record<string, unknown>) => buildModel(validateSchemas(loadSchemas(tempProject(files))));
const place = (files: Record<string, unknown>) => modelOf(files).contentTypes['api::place.place'];
const scalar = (files: Record<string, unknown>, name: string) => place(files).attributes[name] as ScalarAttribute;

describe('custom fields', () => {
  it('builds the public plugins’ fields as the type each registers, with no code', () => {
    const files = strapiProject({
      a: { type: 'customField', customField: 'plugin::ckeditor5.CKEditor', options: { preset: 'rich' } },
      b: { type: 'customField', customField: 'plugin::ckeditor.CKEditor' },
      c: { type: 'customField', customField: 'plugin::color-picker.color', regex: '^#[0-9A-F]{6}$' },
      d: { type: 'customField', customField: 'plugin::google-maps.location-picker' },
      e: { type: 'customField', customField: 'plugin::multi-select.multi-select' },
      f: { type: 'customField', customField: 'plugin::country-select.country', required: true },
    });
    const attributes = place(files).attributes as Record<string, ScalarAttribute>;
    expect(Object.values(attributes).map((a) => [a.name, a.kind, a.type])).toEqual([
      ['a', 'scalar', 'richtext'],
      ['b', 'scalar', 'richtext'],
      ['c', 'scalar', 'string'],
      ['d', 'scalar', 'json'],
      ['e', 'scalar', 'json'],
      ['f', 'scalar', 'string'],
    ]);
    // The attribute's own options apply to its underlying type.
    expect(attributes.c.regex).toBe('^#[0-9A-F]{6}$');
    expect(attributes.f.required).toBe(true);
    expect(warningsOf(files)).toEqual([`${SCHEMA}: attributes.a.options: cms-gen ignores options (a custom field's options configure its admin-panel input)`]);
  });

  it("reads the project's own registrations: src/index (JS or TS) and local plugins' server code", () => {
    const files = strapiProject(
      {
        mood: { type: 'customField', customField: 'global::localized-enum', enum: ['calm', 'lively'] },
        stars: { type: 'customField', customField: 'plugin::rating.stars', max: 5 },
        code: { type: 'customField', customField: 'plugin::editor.code' },
        many: { type: 'customField', customField: 'global::tags' },
      },
      {
        'src/index.ts': `import type { Core } from '@strapi/strapi';
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.customFields.register({ name: 'localized-enum', type: 'enumeration', inputSize: { default: 4, isResizable: true } });
    strapi.customFields.register([{ name: 'tags', type: 'json' }]);
  },
};
`,
        'src/plugins/rating/server/register.js': `'use strict';
const PLUGIN_ID = 'rating';
module.exports = ({ strapi }) => {
  strapi.customFields.register({ name: 'stars', plugin: PLUGIN_ID, type: 'integer' });
};
`,
        'src/plugins/editor/strapi-server.js': "module.exports = { register({ strapi }) { strapi.customFields.register({ 'name': `code`, plugin: 'editor', type: 'text' }); } };\n",
      },
    );
    expect(problemsOf(files)).toEqual([]);
    const attributes = place(files).attributes as Record<string, ScalarAttribute>;
    expect([attributes.mood.type, attributes.mood.enum, attributes.stars.type, attributes.stars.max, attributes.code.type, attributes.many.type]).toEqual([
      'enumeration',
      ['calm', 'lively'],
      'integer',
      5,
      'text',
      'json',
    ]);
  });

  it('an enumeration custom field takes its values from the attribute\'s enum (Strapi does not boot without it either)', () => {
    const files = (attribute: Record<string, unknown>) => strapiProject({ mood: { type: 'customField', customField: 'global::mood', ...attribute } }, { 'cms-gen.json': { customFields: { 'global::mood': { type: 'enumeration' } } } });
    expect(scalar(files({ enum: ['calm'] }), 'mood').enum).toEqual(['calm']);
    expect(problemsOf(files({ options: { enum: ['calm'] } }))).toEqual([`${SCHEMA}: attributes.mood.enum: an enumeration needs a non-empty "enum" array of non-empty strings`]);
  });

  it('takes declarations from cms-gen.json, which override a registration', () => {
    const files = strapiProject(
      { mood: { type: 'customField', customField: 'global::mood' }, color: { type: 'customField', customField: 'plugin::color-picker.color' } },
      { 'cms-gen.json': { customFields: { 'global::mood': { type: 'string' }, 'plugin::color-picker.color': { type: 'text' } } } },
    );
    expect([scalar(files, 'mood').type, scalar(files, 'color').type]).toEqual(['string', 'text']);
    expect(problemsOf(strapiProject({}, { 'cms-gen.json': { customFields: { mood: { type: 'string' }, 'global::x': { type: 'blocks' } }, other: 1 } }))).toEqual([
      'cms-gen.json: other: unknown setting (expected "customFields")',
      'cms-gen.json: customFields.mood: a custom field uid is plugin::<plugin>.<name> or global::<name>',
      'cms-gen.json: customFields.global::x: needs { "type": ... } with one of biginteger, boolean, date, datetime, decimal, email, enumeration, float, integer, json, password, richtext, string, text, time, uid, got {"type":"blocks"}',
    ]);
  });

  it('refuses an unknown custom field with one line naming it and how to register it', () => {
    expect(problemsOf(strapiProject({ icon: { type: 'customField', customField: 'plugin::my-icons.icon' }, tone: { type: 'customField', customField: 'global::tone' }, x: { type: 'customField' } }))).toEqual([
      `${SCHEMA}: attributes.icon.customField: unknown custom field "plugin::my-icons.icon": cms-gen needs the type it stores. Register it with strapi.customFields.register({ name: 'icon', plugin: 'my-icons', type: '<type>' }) in the plugin's server register (cms-gen reads it when name, plugin and type are string literals), or declare it in cms-gen.json: { "customFields": { "plugin::my-icons.icon": { "type": "string" } } }`,
      `${SCHEMA}: attributes.tone.customField: unknown custom field "global::tone": cms-gen needs the type it stores. Register it with strapi.customFields.register({ name: 'tone', type: '<type>' }) in src/index's register (cms-gen reads it when name, plugin and type are string literals), or declare it in cms-gen.json: { "customFields": { "global::tone": { "type": "string" } } }`,
      `${SCHEMA}: attributes.x.customField: missing custom field uid (e.g. "plugin::color-picker.color")`,
    ]);
  });

  it('warns about registrations it cannot read, names them in the refusal, and refuses what Strapi refuses', () => {
    const files = strapiProject(
      { tone: { type: 'customField', customField: 'global::tone' } },
      {
        'src/index.js': `const names = require('./names');
module.exports = { register({ strapi }) {
  strapi.customFields.register({ name: names.tone, type: 'string' });
  strapi.customFields.register({ name: 'size', type: 'blocks' });
  strapi.customFields.register({ name: 'dup', type: 'string' });
  strapi.customFields.register({ name: 'dup', type: 'text' });
} };
`,
      },
    );
    expect(warningsOf(files)).toEqual([
      'src/index.js: line 3: cms-gen ignores this customFields.register call (its name is not a string literal (or a const holding one in the same file)); declare the fields it registers in cms-gen.json',
    ]);
    expect(problemsOf(files)).toEqual([
      expect.stringMatching(/^src\/api\/place\/content-types\/place\/schema\.json: attributes\.tone\.customField: unknown custom field "global::tone": .*; cms-gen could not read the registration at src\/index\.js:3 \(its name is not a string literal \(or a const holding one in the same file\)\)$/),
      'src/index.js: line 4: custom field type "blocks" is not one Strapi lets a custom field store',
      'src/index.js: line 6: custom field global::dup is already registered at src/index.js:5',
    ]);
  });
});

describe('attributes Strapi manages, declared by hand', () => {
  const creator = { type: 'relation', relation: 'oneToOne', target: 'admin::user', configurable: false, writable: false, visible: false, useJoinTable: false, private: true };

  it('build, keep the managed attribute as it is, and warn once per declaration', () => {
    const files = strapiProject(
      { title: { type: 'string' }, createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' }, publishedAt: { type: 'datetime' }, createdBy: creator, updatedBy: creator, locale: { type: 'string' }, localizations: { type: 'relation', relation: 'oneToMany', target: 'api::place.place' } },
      {},
      { pluginOptions: { i18n: { localized: true } } },
    );
    expect(problemsOf(files)).toEqual([]);
    expect(Object.keys(place(files).attributes)).toEqual(['title']);
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: attributes.createdAt: cms-gen ignores this declaration of createdAt (Strapi replaces it with its own: every entry has it, a datetime set when the entry is created)`,
      `${SCHEMA}: attributes.updatedAt: cms-gen ignores this declaration of updatedAt (Strapi replaces it with its own: every entry has it, a datetime set on every write)`,
      `${SCHEMA}: attributes.publishedAt: cms-gen ignores this declaration of publishedAt (Strapi replaces it with its own: every entry has it, the publication datetime (null on drafts))`,
      `${SCHEMA}: attributes.createdBy: cms-gen ignores this declaration of createdBy (Strapi replaces it with its own: the admin user who created the entry, which the admin panel records; the content API never returns it)`,
      `${SCHEMA}: attributes.updatedBy: cms-gen ignores this declaration of updatedBy (Strapi replaces it with its own: the admin user who last wrote the entry, which the admin panel records; the content API never returns it)`,
      `${SCHEMA}: attributes.locale: cms-gen ignores this declaration of locale (Strapi replaces it with its own: the entry's locale, on localized types)`,
      `${SCHEMA}: attributes.localizations: cms-gen ignores this declaration of localizations (Strapi replaces it with its own: the entry's other locales, on localized types)`,
    ]);
  });

  it('id and documentId stay refused: Strapi refuses them at boot ("The attribute \"id\" is reserved")', () => {
    expect(problemsOf(strapiProject({ id: { type: 'integer' } }))).toEqual([`${SCHEMA}: attributes.id: "id" is a reserved attribute name`]);
  });
});

describe('relations declared loosely', () => {
  const A = 'src/api/author/content-types/author/schema.json';
  const B = 'src/api/book/content-types/book/schema.json';
  const pair = (author: Record<string, unknown>, book: Record<string, unknown>) => ({
    [A]: contentType('author', 'authors', { name: { type: 'string' }, ...author }),
    [B]: contentType('book', 'books', { title: { type: 'string' }, ...book }),
  });
  const model = (files: Record<string, unknown>) => modelOf(files).contentTypes;

  it('inversedBy on one side: the other side reads its links when Strapi loads it first (author before book)', () => {
    const files = pair({ books: { type: 'relation', relation: 'oneToMany', target: 'api::book.book' } }, { author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'books' } });
    expect(problemsOf(files)).toEqual([]);
    const types = model(files);
    expect(types['api::author.author'].attributes.books).toMatchObject({ owner: false, ownerType: 'api::book.book', ownerAttribute: 'author', linkTable: 'books_author_lnk' });
    expect(types['api::book.book'].attributes.author).toMatchObject({ owner: true, inverse: 'books' });
    expect(warningsOf(files)).toEqual([
      `${B}: attributes.author.inversedBy: api::author.author.books does not declare mappedBy "author"; Strapi loads api::author.author first and then reads and writes books through author's links, so cms-gen makes it the other side of author (add mappedBy "author" to books to say so)`,
    ]);
  });

  it('inversedBy on one side: each keeps its own links when Strapi loads the owner first (author before book)', () => {
    const files = pair({ favourite: { type: 'relation', relation: 'manyToOne', target: 'api::book.book', inversedBy: 'fans' } }, { fans: { type: 'relation', relation: 'oneToMany', target: 'api::author.author' } });
    const types = model(files);
    expect(types['api::author.author'].attributes.favourite).toMatchObject({ owner: true, linkTable: 'authors_favourite_lnk' });
    expect(types['api::author.author'].attributes.favourite).not.toHaveProperty('inverse');
    expect(types['api::book.book'].attributes.fans).toMatchObject({ owner: true, linkTable: 'books_fans_lnk' });
    expect(warningsOf(files)).toEqual([
      `${A}: attributes.favourite.inversedBy: cms-gen treats favourite as one-way, as Strapi does: api::book.book.fans does not declare mappedBy "favourite", so each keeps its own links (add mappedBy "favourite" to fans to make them one two-way relation)`,
    ]);
  });

  it('mappedBy that nothing owns (one side, both sides, a missing attribute): left out of the API', () => {
    const files = pair(
      { books: { type: 'relation', relation: 'oneToMany', target: 'api::book.book', mappedBy: 'writer' }, shelves: { type: 'relation', relation: 'manyToMany', target: 'api::book.book', mappedBy: 'owners' } },
      { writer: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' }, owners: { type: 'relation', relation: 'manyToMany', target: 'api::author.author', mappedBy: 'shelves' }, ghost: { type: 'relation', relation: 'oneToOne', target: 'api::author.author', mappedBy: 'nothing' } },
    );
    expect(problemsOf(files)).toEqual([]);
    const types = model(files);
    expect(Object.keys(types['api::author.author'].attributes)).toEqual(['name']);
    expect(types['api::author.author'].unexposed).toEqual(['books', 'shelves']);
    expect(Object.keys(types['api::book.book'].attributes)).toEqual(['title', 'writer']);
    expect(types['api::book.book'].unexposed).toEqual(['owners', 'ghost']);
    expect(warningsOf(files)).toEqual([
      `${A}: attributes.books.mappedBy: cms-gen leaves books out of the API: no attribute owns it (api::book.book.writer does not declare inversedBy "books"), so Strapi stores nothing for it either; to make it the other side of writer, add inversedBy "books" there`,
      `${A}: attributes.shelves.mappedBy: cms-gen leaves shelves out of the API: no attribute owns it (api::book.book.owners does not declare inversedBy "shelves"), so Strapi stores nothing for it either; to make it the other side of owners, add inversedBy "shelves" there`,
      `${B}: attributes.owners.mappedBy: cms-gen leaves owners out of the API: no attribute owns it (api::author.author.shelves does not declare inversedBy "owners"), so Strapi stores nothing for it either; to make it the other side of shelves, add inversedBy "owners" there`,
      `${B}: attributes.ghost.mappedBy: cms-gen leaves ghost out of the API: no attribute owns it (api::author.author.nothing does not exist), so Strapi stores nothing for it either; to make it the other side of nothing, add inversedBy "ghost" there`,
    ]);
  });

  it('relations to admin::user: left out of the content API, with a warning, and stored for the admin panel', () => {
    const files = pair({ reviewer: { type: 'relation', relation: 'manyToOne', target: 'admin::user' } }, {});
    expect(problemsOf(files)).toEqual([]);
    const author = model(files)['api::author.author'];
    expect(author).toMatchObject({ unexposed: ['reviewer'] });
    expect(author.attributes.reviewer).toBeUndefined();
    expect(author.adminRelations).toEqual({
      reviewer: { name: 'reviewer', kind: 'relation', relation: 'manyToOne', target: 'admin::user', toMany: false, owner: true, linkTable: 'authors_reviewer_lnk', required: false, private: false, localized: true },
    });
    expect(warningsOf(files)).toEqual([
      `${A}: attributes.reviewer: cms-gen leaves reviewer out of the content API, as Strapi does (it targets admin::user, the admin users); the admin panel reads and writes it`,
    ]);
  });

  it('relations to admin::user in components: left out too', () => {
    const files = { ...pair({}, {}), 'src/components/shared/audit.json': { info: { displayName: 'Audit' }, attributes: { note: { type: 'string' }, by: { type: 'relation', relation: 'oneToOne', target: 'admin::user' } } } };
    expect(problemsOf(files)).toEqual([]);
    expect(Object.keys(modelOf(files).components['shared.audit'].attributes)).toEqual(['note']);
    expect(warningsOf(files)).toEqual([
      "src/components/shared/audit.json: attributes.by: cms-gen leaves by out of the API (it targets admin::user, the admin users, from a component; Strapi's content API does not return, filter or write it either)",
    ]);
  });

  it('refuses what Strapi refuses at boot, saying what to change', () => {
    expect(problemsOf(pair({ books: { type: 'relation', relation: 'oneToMany', target: 'api::book.book', inversedBy: 'author' } }, { author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', mappedBy: 'books' } }))).toEqual([
      `${A}: attributes.books.inversedBy: a oneToMany relation cannot own a two-way relation (Strapi refuses inversedBy on it): use mappedBy "author" here and inversedBy "books" on the manyToOne side, api::book.book.author`,
      `${B}: attributes.author.mappedBy: a manyToOne relation owns its links (Strapi refuses mappedBy on it): use inversedBy "books" here and mappedBy "author" on api::author.author.books`,
    ]);
  });

  it('several content types in one API folder, and a collectionName with dashes', () => {
    const files = {
      'src/api/order/content-types/order/schema.json': contentType('order', 'orders', { items: { type: 'relation', relation: 'oneToMany', target: 'api::order.order-item', mappedBy: 'order' } }, { collectionName: 'shop-orders' }),
      'src/api/order/content-types/order-item/schema.json': contentType('order-item', 'order-items', { order: { type: 'relation', relation: 'manyToOne', target: 'api::order.order', inversedBy: 'items' } }),
    };
    const types = model(files);
    expect(Object.keys(types).filter((uid) => uid.startsWith('api::'))).toEqual(['api::order.order', 'api::order.order-item']);
    expect([types['api::order.order'].table, types['api::order.order-item'].table]).toEqual(['shop-orders', 'order_items']);
    expect(types['api::order.order'].attributes.items).toMatchObject({ linkTable: 'order_items_order_lnk' });
    // A dashed table's own link tables use _ (as Strapi names its join tables).
    const owning = model({
      'src/api/order/content-types/order/schema.json': contentType('order', 'orders', { tags: { type: 'relation', relation: 'manyWay', target: 'api::order.order-item' } }, { collectionName: 'shop-orders' }),
      'src/api/order/content-types/order-item/schema.json': contentType('order-item', 'order-items', { name: { type: 'string' } }),
    });
    expect(owning['api::order.order'].attributes.tags).toMatchObject({ linkTable: 'shop_orders_tags_lnk' });
  });
});

describe('values Strapi accepts', () => {
  it('numbers written as strings, min on media, a default outside its bounds, a uid from a text, conditions', () => {
    const files = strapiProject({
      latitude: { type: 'float', min: '-90', max: '90' },
      price: { type: 'decimal', min: '0.5' },
      rating: { type: 'integer', min: 1, default: 0 },
      kind: { type: 'enumeration', enum: ['a', 'b'], default: 'c' },
      gallery: { type: 'media', multiple: true, min: 1, max: 3 },
      description: { type: 'text' },
      slug: { type: 'uid', targetField: 'description' },
      terrace: { type: 'string', conditions: { visible: { '==': [{ var: 'kind' }, 'a'] } } },
    });
    expect(problemsOf(files)).toEqual([]);
    expect([scalar(files, 'latitude').min, scalar(files, 'latitude').max, scalar(files, 'price').min, scalar(files, 'rating').default, scalar(files, 'kind').default]).toEqual([-90, 90, 0.5, 0, 'c']);
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: attributes.rating.default: default 0 is less than min 1: every create that leaves rating out is refused, as in Strapi`,
      `${SCHEMA}: attributes.kind.default: default "c" is not one of the enum values: every create that leaves kind out is refused, as in Strapi`,
      `${SCHEMA}: attributes.gallery.min: cms-gen ignores min on media attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.gallery.max: cms-gen ignores max on media attributes (Strapi does not check it either)`,
    ]);
    // A conditional field's rule is kept: where it hides the field, a required one is not required.
    expect(scalar(files, 'terrace').visibleWhen).toEqual({ '==': [{ var: 'kind' }, 'a'] });
    const odd = strapiProject({ terrace: { type: 'string', required: true, conditions: { visible: 'kind is a' } } });
    expect([problemsOf(odd), warningsOf(odd), scalar(odd, 'terrace').visibleWhen]).toEqual([
      [],
      [`${SCHEMA}: attributes.terrace.conditions: cms-gen ignores conditions that are not an object whose \`visible\` is a JSON Logic rule (an object): the field is validated as if always shown`],
      undefined,
    ]);
    expect(problemsOf(strapiProject({ latitude: { type: 'float', min: 'south' } }))).toEqual([`${SCHEMA}: attributes.latitude.min: must be a number, got "south"`]);
  });

  it('enum values GraphQL names as Strapi does: transliterated, other characters as _', () => {
    expect(enumValueNames(['Кафе', 'Ресторан', 'Łódź', 'Zażółć gęślą', 'n/a', '"quoted"', "it's", 'index,follow'])).toEqual(['Kafe', 'Restoran', 'Lodz', 'Zazolc_gesla', 'n_a', 'quoted', 'it_s', 'index_follow']);
    // Values Strapi refuses to boot with keep cms-gen's own names.
    expect(enumValueNames(['3d', 'news'])).toEqual(['_3d', 'news']);
  });

  it('PascalCase, 60-character and `type` attribute names: columns fit 63 characters, stay apart and stay the same', () => {
    const long = 'aVeryLongAttributeNameThatRealProjectsWriteWhenTheyDescribes';
    const files = strapiProject({ PhoneNumber: { type: 'string' }, type: { type: 'string' }, [long]: { type: 'string' }, [`${long.slice(0, -1)}d`]: { type: 'string' } }, {}, { collectionName: 'room-amenities' });
    const attributes = place(files).attributes as Record<string, ScalarAttribute>;
    const columns = Object.values(attributes).map((a) => a.column);
    expect(columns.slice(0, 2)).toEqual(['phone_number', 'type']);
    expect(columns[2]).toMatch(/^a_very_long_attribute_name_that_real_projects_write_wh_[0-9a-f]{8}$/);
    expect(columns[2]).toHaveLength(63);
    expect(columns[3]).not.toBe(columns[2]);
    expect(attributes[long].column).toBe(columns[2]);
    expect(place(files).table).toBe('room-amenities');
  });
});

describe('long names in the database', () => {
  it('gives explicit names to the indexes whose default names would clash once cut to 63 characters, and only to those', () => {
    const { files } = generate(join(__dirname, '..', 'test', 'loose-kit'));
    for (const provider of ['postgresql', 'mysql', 'sqlite']) {
      const schema = files.find((f) => f.path === `prisma/${provider}/schema.prisma`)?.contents ?? '';
      const mapped = [...schema.matchAll(/map: "([^"]+)"/g)].map((m) => m[1]);
      expect(mapped).toEqual([expect.stringMatching(/^room_amenities_places_nearby_that_guests_often_vis_[0-9a-f]{8}_idx$/), expect.stringMatching(/^room_amenities_places_nearby_that_guests_often_vis_[0-9a-f]{8}_idx$/)]);
      expect(new Set(mapped).size).toBe(2);
      expect(mapped.every((name) => name.length <= 63)).toBe(true);
    }
  });
});

describe('warnings in the build', () => {
  it('prints one line per ignored setting, in file order, and still writes the app', () => {
    const out = tempDir();
    const lines: string[] = [];
    const code = build({ schemasDir: join(__dirname, '..', 'test', 'loose-kit'), outDir: out, check: true, force: false, emit: DEFAULT_EMIT_OPTIONS }, { out: () => undefined, err: (l) => lines.push(l) });
    const summary = lines.findIndex((l) => / warnings: the schemas build; the settings above do not carry over$/.test(l));
    const warnings = lines.slice(1, summary);
    expect(warnings.length).toBeGreaterThan(10);
    expect(warnings).toContain('src/api/page/content-types/page/schema.json: options.reviewWorkflows: cms-gen ignores options.reviewWorkflows (review workflows are an admin-panel feature; entries are written without stages)');
    expect(warnings).toContain('src/api/place/content-types/place/schema.json: pluginOptions.versions: cms-gen ignores pluginOptions.versions (content history is an admin-panel feature cms-gen does not have)');
    expect(warnings).toContain('src/api/order/content-types/order/schema.json: options.populateCreatorFields: cms-gen ignores options.populateCreatorFields (createdBy and updatedBy are admin users: the admin panel shows them, the content API never returns them)');
    expect(warnings.every((w) => /^src\/api\/[a-z-]+\/content-types\/[a-z-]+\/schema\.json: \S+: /.test(w))).toBe(true);
    const files = warnings.map((w) => w.split(': ')[0]);
    expect(files).toEqual([...files].sort());
    expect(lines).toContain(`${warnings.length} warnings: the schemas build; the settings above do not carry over`);
    // --check of an empty folder: the app would be written (exit 1 lists the files), no problem stops it.
    expect(lines.some((l) => l.includes('problem'))).toBe(false);
    expect(code).toBe(1);
  });

  it('plugin options of plugins cms-gen does not have, on the type and on attributes', () => {
    const files = strapiProject({ title: { type: 'string', pluginOptions: { i18n: { localized: true }, seo: { keep: true } } } }, {}, { pluginOptions: { 'content-type-builder': { visible: false }, i18n: { localized: true } } });
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: pluginOptions.content-type-builder: cms-gen ignores pluginOptions.content-type-builder (an admin-panel setting; cms-gen has no admin panel)`,
      `${SCHEMA}: attributes.title.pluginOptions.seo: cms-gen ignores pluginOptions.seo (cms-gen has no seo plugin)`,
    ]);
  });

  it('options.privateAttributes is acted on: the attributes are private', () => {
    const files = strapiProject({ title: { type: 'string' }, secret: { type: 'string' } }, {}, { options: { draftAndPublish: false, privateAttributes: ['secret'] } });
    expect(warningsOf(files)).toEqual([]);
    expect([place(files).attributes.title.private, place(files).attributes.secret.private]).toEqual([false, true]);
  });
});

describe('what the last real projects need (each verified on Strapi 5.54)', () => {
  it("a column's scalar defaultTo is the default of an attribute that is not required; its other options are warned about", () => {
    // SkyTruth's stats: `protected_area` left out answers 0 in Strapi, a required `area` left out is refused.
    const column = { defaultTo: 0, type: 'decimal', args: [12, 2] };
    const files = strapiProject({
      protected_area: { type: 'decimal', min: 0, column },
      area: { type: 'decimal', required: true, column },
      note: { type: 'string', column: { defaultTo: 'none' } },
      odd: { type: 'integer', column: { defaultTo: 'text' } },
    });
    expect(problemsOf(files)).toEqual([]);
    expect([scalar(files, 'protected_area').default, scalar(files, 'area').default, scalar(files, 'note').default, scalar(files, 'odd').default]).toEqual([0, undefined, 'none', undefined]);
    const why = "database column options are Strapi's; cms-gen derives columns from the attribute type and takes only a scalar column.defaultTo, as the attribute's default";
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: attributes.protected_area.column.type: cms-gen ignores column.type (${why})`,
      `${SCHEMA}: attributes.protected_area.column.args: cms-gen ignores column.args (${why})`,
      `${SCHEMA}: attributes.area.column.type: cms-gen ignores column.type (${why})`,
      `${SCHEMA}: attributes.area.column.args: cms-gen ignores column.args (${why})`,
      `${SCHEMA}: attributes.area.column.defaultTo: cms-gen ignores column.defaultTo on a required attribute (Strapi refuses a create that leaves area out before the database sees it)`,
      `${SCHEMA}: attributes.odd.column.defaultTo: cms-gen ignores column.defaultTo (default must be an integer for integer attributes, got "text")`,
    ]);
  });

  it('options a type does not take (enum on a string, lengths on an integer, min on a boolean): one warning each, and not applied', () => {
    // Strapi boots these and accepts "zzzzzzzzzz" for the string and 12345 for the integer below.
    const files = strapiProject({
      variant: { type: 'string', enum: ['default', 'dark'], min: 1, max: 5, default: 'default' },
      count: { type: 'integer', maxLength: 3, minLength: 1, regex: '^[0-9]$', enum: ['1', '2'] },
      flag: { type: 'boolean', min: 1, targetField: 'variant' },
      cover: { type: 'media', searchable: false, unique: true },
    });
    expect(problemsOf(files)).toEqual([]);
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: attributes.variant.min: cms-gen ignores min on string attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.variant.max: cms-gen ignores max on string attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.variant.enum: cms-gen ignores enum on string attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.count.minLength: cms-gen ignores minLength on integer attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.count.maxLength: cms-gen ignores maxLength on integer attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.count.regex: cms-gen ignores regex on integer attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.count.enum: cms-gen ignores enum on integer attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.flag.min: cms-gen ignores min on boolean attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.flag.targetField: cms-gen ignores targetField on boolean attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.cover.unique: cms-gen ignores unique on media attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.cover.searchable: cms-gen ignores searchable on media attributes (Strapi does not check it either)`,
    ]);
    const variant = scalar(files, 'variant');
    const count = scalar(files, 'count');
    expect([variant.enum, variant.default, count.minLength, count.maxLength, count.regex, count.enum]).toEqual([undefined, 'default', undefined, undefined, undefined, undefined]);
  });

  it('a default on a relation, media or component: warned that cms-gen does not write it (Strapi does, on create)', () => {
    const files = strapiProject(
      { cover: { type: 'media', default: 1 }, block: { type: 'component', component: 'shared.block', default: {} } },
      { 'src/components/shared/block.json': component({ heading: { type: 'string' } }) },
    );
    expect(problemsOf(files)).toEqual([]);
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: attributes.cover.default: cms-gen ignores default on media attributes (Strapi writes it as the value of every create that leaves cover out; cms-gen leaves cover empty then, so send the value instead)`,
      `${SCHEMA}: attributes.block.default: cms-gen ignores default on component attributes (Strapi writes it as the value of every create that leaves block out; cms-gen leaves block empty then, so send the value instead)`,
    ]);
  });

  it('an enum value whose GraphQL name starts with a digit is refused, in content types and components (Strapi refuses to boot)', () => {
    const files = strapiProject(
      { shape: { type: 'enumeration', enum: ['news', '3d'] }, under: { type: 'enumeration', enum: ['_3'] }, fine: { type: 'enumeration', enum: ['Ж3', 'a 3'] } },
      { 'src/components/shared/block.json': component({ shape: { type: 'enumeration', enum: ['3d'] } }) },
    );
    expect(problemsOf(files)).toEqual([
      `${SCHEMA}: attributes.shape.enum: value "3d" is named "3d" in GraphQL, which starts with a digit (Strapi refuses to boot with it): put a letter before its first digit`,
      `${SCHEMA}: attributes.under.enum: value "_3" is named "3" in GraphQL, which starts with a digit (Strapi refuses to boot with it): put a letter before its first digit`,
      'src/components/shared/block.json: attributes.shape.enum: value "3d" is named "3d" in GraphQL, which starts with a digit (Strapi refuses to boot with it): put a letter before its first digit',
    ]);
  });

  it('a schema without kind is a collection type, as Strapi 5.54 boots it (Rutba ERP), with a warning', () => {
    const files = strapiProject({ name: { type: 'string' } });
    const schema = files[SCHEMA] as Record<string, unknown>;
    delete schema.kind;
    expect(problemsOf(files)).toEqual([]);
    expect(warningsOf(files)).toEqual([`${SCHEMA}: kind: no kind: built as a collection type, as Strapi does`]);
    expect(place(files).kind).toBe('collectionType');
  });

  it('an object default on a date (`{ "$now": true }`, Rutba ERP) boots in Strapi: warned, and no default is written', () => {
    const files = strapiProject({ day: { type: 'date', default: { $now: true } }, at: { type: 'datetime', default: { $now: true } }, count: { type: 'integer', default: { $now: true } } });
    expect(problemsOf(files)).toEqual([`${SCHEMA}: attributes.count.default: default must be an integer for integer attributes, got {"$now":true}`]);
    const dated = strapiProject({ day: { type: 'date', default: { $now: true } }, at: { type: 'datetime', default: { $now: true } } });
    expect(problemsOf(dated)).toEqual([]);
    expect(warningsOf(dated)).toEqual([
      `${SCHEMA}: attributes.day.default: cms-gen ignores this default: {"$now":true} is no date value, so a create that leaves day out leaves it empty`,
      `${SCHEMA}: attributes.at.default: cms-gen ignores this default: {"$now":true} is no datetime value, so a create that leaves at out leaves it empty`,
    ]);
    expect(scalar(dated, 'day').default).toBeUndefined();
  });

  it('a component may declare `locale` and `published_at`: ordinary values there, as Strapi boots them (OpenVAA, Strapi\'s community site; behaviour side by side in test/unique)', () => {
    const files = strapiProject(
      { overrides: { type: 'component', repeatable: true, component: 'custom.translation' } },
      { 'src/components/custom/translation.json': component({ locale: { type: 'string', required: true }, text: { type: 'text' }, published_at: { type: 'datetime' } }) },
    );
    expect(problemsOf(files)).toEqual([]);
    expect(warningsOf(files)).toEqual([]);
  });

  it('a component may declare createdAt and updatedAt: ordinary attributes that take the current time, as Strapi fills them', () => {
    const files = strapiProject(
      { doc: { type: 'component', component: 'blocks.legal-document' } },
      { 'src/components/blocks/legal-document.json': component({ heading: { type: 'string' }, updatedAt: { type: 'date', required: true }, createdAt: { type: 'datetime' }, publishedAt: { type: 'datetime' } }) },
    );
    expect(problemsOf(files)).toEqual(['src/components/blocks/legal-document.json: attributes.publishedAt: "publishedAt" is a reserved attribute name']);
    const ok = strapiProject(
      { doc: { type: 'component', component: 'blocks.legal-document' } },
      { 'src/components/blocks/legal-document.json': component({ heading: { type: 'string' }, updatedAt: { type: 'date', required: true }, createdAt: { type: 'datetime' }, note: { type: 'string' } }) },
    );
    expect([problemsOf(ok), warningsOf(ok)]).toEqual([[], []]);
    const attributes = modelOf(ok).components['blocks.legal-document'].attributes as Record<string, ScalarAttribute>;
    expect([attributes.updatedAt.timestamp, attributes.updatedAt.column, attributes.updatedAt.required, attributes.createdAt.timestamp, attributes.note.timestamp]).toEqual(['updatedAt', 'updated_at', true, 'createdAt', undefined]);
  });

  it('relations to content types of plugins cms-gen does not have: left out, one warning each naming the target', () => {
    const files = strapiProject(
      { url_alias: { type: 'relation', relation: 'oneToOne', target: 'plugin::webtools.url-alias', unique: true }, title: { type: 'string' } },
      { 'src/components/shared/video.json': component({ media: { type: 'relation', relation: 'oneToOne', target: 'plugin::mux-video-uploader.mux-asset' }, caption: { type: 'string' } }) },
    );
    expect(problemsOf(files)).toEqual([]);
    expect(warningsOf(files)).toEqual([
      `${SCHEMA}: attributes.url_alias.unique: cms-gen ignores unique on relation attributes (Strapi does not check it either)`,
      `${SCHEMA}: attributes.url_alias: cms-gen leaves url_alias out: it targets plugin::webtools.url-alias, a content type of the webtools plugin, which cms-gen does not have (Strapi boots this schema only with that plugin installed)`,
      'src/components/shared/video.json: attributes.media: cms-gen leaves media out: it targets plugin::mux-video-uploader.mux-asset, a content type of the mux-video-uploader plugin, which cms-gen does not have (Strapi boots this schema only with that plugin installed)',
    ]);
    const model = modelOf(files);
    expect(Object.keys(model.contentTypes['api::place.place'].attributes)).toEqual(['title']);
    expect(Object.keys(model.components['shared.video'].attributes)).toEqual(['caption']);
    // A target that is neither a plugin's nor the project's stays refused, as in Strapi.
    expect(problemsOf(strapiProject({ x: { type: 'relation', relation: 'oneToOne', target: 'api::nothing.nothing' } }))).toEqual([`${SCHEMA}: attributes.x.target: relation target "api::nothing.nothing" does not exist`]);
  });

  it('the custom fields of the tiptap, better-blocks and chartkit plugins, as each registers them', () => {
    const files = strapiProject({
      body: { type: 'customField', customField: 'plugin::tiptap-editor.RichText', options: { preset: 'full' } },
      content: { type: 'customField', customField: 'plugin::better-blocks.better-blocks' },
      chart: { type: 'customField', customField: 'plugin::chartkit.chart' },
    });
    expect(problemsOf(files)).toEqual([]);
    expect([scalar(files, 'body').type, scalar(files, 'content').type, scalar(files, 'chart').type]).toEqual(['text', 'json', 'json']);
  });
});

describe("local plugins' content types", () => {
  it('are loaded as plugin::<name>.<type> (name from package.json strapi.name, else the folder), from server/ or server/src/', () => {
    const type = (singularName: string, pluralName: string) => contentType(singularName, pluralName, { label: { type: 'string' } });
    const files = strapiProject(
      { alias: { type: 'relation', relation: 'oneToOne', target: 'plugin::seo-tools.url-alias' }, tag: { type: 'relation', relation: 'manyWay', target: 'plugin::tags.tag' } },
      {
        'src/plugins/seo/package.json': { name: 'strapi-plugin-seo-tools', strapi: { name: 'seo-tools', kind: 'plugin' } },
        'src/plugins/seo/server/src/content-types/url-alias/schema.json': type('url-alias', 'url-aliases'),
        'src/plugins/tags/server/content-types/tag/schema.json': type('tag', 'tags'),
      },
    );
    expect([problemsOf(files), warningsOf(files)]).toEqual([[], []]);
    const model = modelOf(files);
    expect(Object.keys(model.contentTypes).filter((uid) => uid.startsWith('plugin::seo-tools.') || uid.startsWith('plugin::tags.'))).toEqual(['plugin::seo-tools.url-alias', 'plugin::tags.tag']);
    expect(model.contentTypes['api::place.place'].attributes.alias).toMatchObject({ kind: 'relation', target: 'plugin::seo-tools.url-alias' });
  });
});
