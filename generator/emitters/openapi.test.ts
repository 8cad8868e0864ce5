// The emitted OpenAPI document: valid OpenAPI 3.1 (@readme/openapi-parser), every served route
// present, and its schemas accept what the app accepts and refuse what it refuses — checked with
// ajv on the fixture model and on a small schema with each attribute kind.
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { OpenapiValidator } from '../../test/helpers/openapi-ajv';
import { generate } from '../generate';
import { component, contentType, removeTempProjects, tempProject } from '../test-helpers/temp-project';
import { buildOpenapiDocument, emitOpenapi } from './openapi-emitter';
import { coreRoutes, servedContentTypes } from './rest-emitter';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog');

afterAll(removeTempProjects);

type Doc = { paths: Record<string, Record<string, { security?: unknown; parameters?: { name?: string; $ref?: string }[] }>>; components: { schemas: Record<string, unknown> } };

describe('openapi.json of the fixture app', () => {
  const { meta } = generate(FIXTURE);
  const document = buildOpenapiDocument(meta) as unknown as Doc;
  const schemas = new OpenapiValidator(document as unknown as Record<string, unknown>);

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    // The validator does refuse a broken document (so the check above can fail).
    const broken = { ...structuredClone(document), paths: { '/x': { get: { responses: 'none' } } } };
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('is deterministic, pretty-printed JSON marked as generated', () => {
    const [file] = emitOpenapi(meta);
    expect(file.path).toBe('openapi.json');
    expect(file.contents).toBe(emitOpenapi(generate(FIXTURE).meta)[0].contents);
    expect(file.contents).toContain('\n  "openapi": "3.1.0",\n');
    expect(JSON.parse(file.contents).info['x-generated-by']).toBe('cms-gen; do not edit');
  });

  it('lists every core route and the plugin routes', () => {
    for (const ct of servedContentTypes(meta)) {
      for (const route of coreRoutes(ct)) expect(document.paths[route.path.replace(':id', '{id}')]?.[route.method.toLowerCase()]).toBeDefined();
    }
    const expected: [string, string][] = [
      ['/auth/local', 'post'],
      ['/auth/local/register', 'post'],
      ['/auth/forgot-password', 'post'],
      ['/auth/reset-password', 'post'],
      ['/auth/change-password', 'post'],
      ['/auth/refresh', 'post'],
      ['/users/me', 'get'],
      ['/users', 'get'],
      ['/users-permissions/roles', 'get'],
      ['/users-permissions/permissions', 'get'],
      ['/upload', 'post'],
      ['/upload/files', 'get'],
      ['/upload/files/{id}', 'delete'],
      ['/i18n/locales', 'get'],
    ];
    for (const [path, method] of expected) expect([path, method, document.paths[path]?.[method] !== undefined]).toEqual([path, method, true]);
  });

  it('marks login public, /users/me as needing a JWT and content routes as allowed per role', () => {
    expect(document.paths['/auth/local'].post.security).toEqual([]);
    expect(document.paths['/users/me'].get.security).toEqual([{ bearerJWT: [] }]);
    expect(document.paths['/articles'].get.security).toEqual([{}, { bearerJWT: [] }, { apiToken: [] }]);
  });

  it('gives status only to draft & publish types and locale only to localized ones', () => {
    const names = (path: string) => (document.paths[path].get.parameters ?? []).map((p) => p.name ?? p.$ref?.split('/').pop());
    expect(names('/articles')).toEqual(expect.arrayContaining(['filters', 'populate', 'fields', 'sort', 'pagination', 'status', '_q']));
    expect(names('/articles')).not.toContain('locale');
    expect(names('/categories')).toContain('locale');
    for (const ct of servedContentTypes(meta)) {
      const path = ct.kind === 'singleType' ? `/${ct.singularName}` : `/${ct.pluralName}`;
      expect([ct.uid, names(path).includes('status')]).toEqual([ct.uid, ct.draftAndPublish]);
      expect([ct.uid, names(path).includes('locale')]).toEqual([ct.uid, ct.localized]);
    }
  });

  it('types filters per attribute and operator family, without private attributes', () => {
    const ok = (filters: unknown) => schemas.checkNamed('ArticleFilters', filters);
    expect(ok({ title: { $containsi: 'x' }, views: { $gt: 5 }, $or: [{ featured: { $eq: true } }, { kind: 'news' }] }).valid).toBe(true);
    expect(ok({ author: { name: { $startsWith: 'A' } }, categories: { slug: { $in: ['a', 'b'] } }, seo: { meta_title: { $eq: 't' } } }).valid).toBe(true);
    expect(ok({ publish_date: { $between: ['2024-01-01', '2024-02-01'] }, seo_page: { id: { $null: true } } }).valid).toBe(true);
    expect(ok({ metadata: { $null: true } }).valid).toBe(true);
    // Text operators on a number, comparisons on json, private and unknown attributes are refused.
    expect(ok({ views: { $containsi: '5' } }).valid).toBe(false);
    expect(ok({ metadata: { $eq: 'x' } }).valid).toBe(false);
    expect(ok({ secret_code: { $eq: 'x' } }).valid).toBe(false);
    expect(ok({ nope: { $eq: 'x' } }).valid).toBe(false);
    expect(ok({ title: { $foo: 'x' } }).valid).toBe(false);
  });

  it('types sort and populate per attribute', () => {
    const sort = (value: unknown) => schemas.checkNamed('ArticleSort', value).valid;
    expect([sort('title'), sort('title:DESC, views:asc'), sort('author.name:desc'), sort(['views:desc', { title: 'asc' }]), sort({ author: { name: 'desc' } })]).toEqual([true, true, true, true, true]);
    expect([sort('nope:asc'), sort('metadata'), sort('secret_code'), sort('title:up'), sort({ author: { nope: 'asc' } })]).toEqual([false, false, false, false, false]);
    const populate = (value: unknown) => schemas.checkNamed('ArticlePopulate', value).valid;
    expect([populate('*'), populate('author,categories'), populate('seo.meta_social'), populate(['author']), populate({ author: { fields: ['name'], populate: { avatar: true } } })]).toEqual([true, true, true, true, true]);
    expect(populate({ sections: { on: { 'sections.hero': { populate: '*' } } } })).toBe(true);
    expect([populate('nope'), populate('title'), populate({ author: { pagination: { limit: 2 } } }), populate({ sections: { on: { 'sections.nope': true } } })]).toEqual([false, false, false, false]);
  });

  it('describes documents without private attributes, and their bodies', () => {
    const article = document.components.schemas.Article as { properties: Record<string, unknown>; required: string[] };
    expect(article.properties.secret_code).toBeUndefined();
    expect(article.required).toEqual(['id', 'documentId']);
    expect(schemas.checkNamed('Article', { id: 1, documentId: 'abc', title: 'T', big_counter: '9007199254740993', price: 9.99, publish_time: '01:01:00.000' }).valid).toBe(true);
    expect(schemas.checkNamed('Article', { id: 1, documentId: 'abc', secret_code: 'x' }).valid).toBe(false);
    const body = (data: unknown) => schemas.checkNamed('ArticleRequest', { data });
    expect(body({ title: 'T', author: 'docid', categories: { connect: [{ documentId: 'c1', position: { before: 'c2' } }], disconnect: ['c3'] }, cover: 3, gallery: [1, 2] }).valid).toBe(true);
    expect(body({ categories: ['a', 'b'], sections: [{ __component: 'sections.hero', title: 'Hi' }] }).valid).toBe(true);
    expect(body({ sections: [{ __component: 'sections.nope' }] }).valid).toBe(false);
    expect(body({ nope: 1 }).valid).toBe(false);
    expect(schemas.checkNamed('ArticleRequest', { title: 'no data' }).valid).toBe(false);
  });

  it('has the list envelope with both pagination modes and the error envelope', () => {
    expect(schemas.checkNamed('ArticleListResponse', { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } }).valid).toBe(true);
    expect(schemas.checkNamed('ArticleListResponse', { data: [], meta: { pagination: { start: 0, limit: 2, total: 0 } } }).valid).toBe(true);
    expect(schemas.checkNamed('ArticleListResponse', { data: [] }).valid).toBe(false);
    expect(schemas.checkNamed('ErrorResponse', { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }).valid).toBe(true);
    expect(schemas.checkNamed('ErrorResponse', { data: null, error: { status: 404 } }).valid).toBe(false);
  });
});

describe('openapi.json of a schema with each attribute kind', () => {
  const dir = tempProject({
    'content-types/gadget.json': contentType(
      'gadget',
      'gadgets',
      {
        name: { type: 'string', required: true, maxLength: 20 },
        body: { type: 'richtext' },
        doc: { type: 'blocks' },
        kind: { type: 'enumeration', enum: ['small', 'large'] },
        mail: { type: 'email' },
        pin: { type: 'password' },
        slug: { type: 'uid', targetField: 'name' },
        day: { type: 'date' },
        at: { type: 'time' },
        when: { type: 'datetime' },
        count: { type: 'integer', min: 0 },
        big: { type: 'biginteger' },
        ratio: { type: 'float' },
        price: { type: 'decimal' },
        on: { type: 'boolean' },
        config: { type: 'json' },
        secret: { type: 'string', private: true },
        photo: { type: 'media', multiple: false, allowedTypes: ['images'] },
        photos: { type: 'media', multiple: true },
        owner: { type: 'relation', relation: 'manyToOne', target: 'api::gadget.gadget' },
        parts: { type: 'component', component: 'parts.part', repeatable: true },
        extras: { type: 'dynamiczone', components: ['parts.part', 'parts.note'] },
      },
      { options: { draftAndPublish: false }, pluginOptions: { i18n: { localized: true } } },
    ),
    'components/parts/part.json': component({ label: { type: 'string', required: true } }),
    'components/parts/note.json': component({ text: { type: 'text' } }),
  });
  const document = buildOpenapiDocument(generate(dir).meta) as unknown as Doc;
  const schemas = new OpenapiValidator(document as unknown as Record<string, unknown>);
  const gadget = document.components.schemas.Gadget as { properties: Record<string, unknown> };

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid).toBe(true);
  });

  it('maps each scalar type to its JSON form', () => {
    const value = (name: string) => (gadget.properties[name] as { anyOf: unknown[] }).anyOf[0];
    expect(value('big')).toEqual({ type: 'string', pattern: '^-?\\d+$' });
    expect(value('price')).toEqual({ type: 'number' });
    expect(value('kind')).toEqual({ type: 'string', enum: ['small', 'large'] });
    expect(value('day')).toEqual({ type: 'string', format: 'date' });
    expect(value('when')).toEqual({ type: 'string', format: 'date-time' });
    expect(value('on')).toEqual({ type: 'boolean' });
    expect(value('doc')).toEqual({ type: 'array', items: { type: 'object' } });
    expect(gadget.properties.pin).toBeUndefined();
    expect(gadget.properties.secret).toBeUndefined();
    expect(gadget.properties.locale).toEqual({ type: 'string' });
  });

  it('tells dynamic-zone entries apart by __component', () => {
    const extras = gadget.properties.extras as { items: { discriminator: { propertyName: string; mapping: Record<string, string> } } };
    expect(extras.items.discriminator.propertyName).toBe('__component');
    expect(Object.keys(extras.items.discriminator.mapping)).toEqual(['parts.part', 'parts.note']);
    expect(schemas.checkNamed('Gadget', { id: 1, documentId: 'd', extras: [{ __component: 'parts.note', id: 2, text: 't' }] }).valid).toBe(true);
    expect(schemas.checkNamed('Gadget', { id: 1, documentId: 'd', extras: [{ __component: 'parts.note', label: 'belongs to part' }] }).valid).toBe(false);
  });

  it('checks inputs: lengths and bounds, media ids, passwords writable', () => {
    const data = (value: unknown) => schemas.checkNamed('GadgetRequest', { data: value });
    expect(data({ name: 'n', pin: 'secret', photo: 1, photos: [1, 2], big: 12, count: 0, locale: 'fr' }).valid).toBe(true);
    expect(data({ name: 'x'.repeat(21) }).valid).toBe(false);
    expect(data({ count: -1 }).valid).toBe(false);
  });

  it('gives a localized type the locale parameter, and no status without draft & publish', () => {
    const names = (document.paths['/gadgets'].get.parameters ?? []).map((p) => p.name ?? p.$ref?.split('/').pop());
    expect(names).toContain('locale');
    expect(names).not.toContain('status');
  });
});
