import { v4Transform, wantsV4Format } from './v4-format';
import { ARTICLE, AUTHOR, CATEGORY, schema } from '@cms-gen/core/query/__fixtures__/schema';

const toV4 = v4Transform(schema, ARTICLE);

describe('v4Transform', () => {
  it('nests a document: id and documentId beside attributes, everything else inside', () => {
    expect(toV4({ id: 1, documentId: 'a1', title: 'T', createdAt: '2026-01-01T00:00:00.000Z', publishedAt: null, metadata: { deep: { x: [1] } } })).toStrictEqual({
      id: 1,
      documentId: 'a1',
      attributes: { title: 'T', createdAt: '2026-01-01T00:00:00.000Z', publishedAt: null, metadata: { deep: { x: [1] } } },
    });
  });

  it('maps a list document by document', () => {
    expect(toV4([{ id: 1, documentId: 'a', title: 'A' }, { id: 2, documentId: 'b', title: 'B' }])).toStrictEqual([
      { id: 1, documentId: 'a', attributes: { title: 'A' } },
      { id: 2, documentId: 'b', attributes: { title: 'B' } },
    ]);
  });

  it('wraps relations in { data }, to-one, to-many and empty, recursively with the target type', () => {
    const out = toV4({
      id: 1,
      documentId: 'a',
      author: { id: 2, documentId: 'au', name: 'Ann', articles: [{ id: 1, documentId: 'a', title: 'Back' }], avatar: null },
      categories: [{ id: 3, documentId: 'c', name: 'News', locale: 'en' }],
      seo_page: null,
    });
    expect(out).toStrictEqual({
      id: 1,
      documentId: 'a',
      attributes: {
        author: {
          data: {
            id: 2,
            documentId: 'au',
            attributes: { name: 'Ann', articles: { data: [{ id: 1, documentId: 'a', attributes: { title: 'Back' } }] }, avatar: { data: null } },
          },
        },
        categories: { data: [{ id: 3, documentId: 'c', attributes: { name: 'News', locale: 'en' } }] },
        seo_page: { data: null },
      },
    });
  });

  it('wraps media like relations to files, single and multiple', () => {
    const file = { id: 9, documentId: 'f', name: 'a.png', url: '/uploads/a.png', formats: { thumbnail: { url: '/uploads/t_a.png' } } };
    expect(toV4({ id: 1, documentId: 'a', cover: file, gallery: [file] })).toStrictEqual({
      id: 1,
      documentId: 'a',
      attributes: {
        cover: { data: { id: 9, documentId: 'f', attributes: { name: 'a.png', url: '/uploads/a.png', formats: { thumbnail: { url: '/uploads/t_a.png' } } } } },
        gallery: { data: [{ id: 9, documentId: 'f', attributes: { name: 'a.png', url: '/uploads/a.png', formats: { thumbnail: { url: '/uploads/t_a.png' } } } }] },
      },
    });
  });

  it('keeps components flat with their id, wrapping their own media and nested components recursively', () => {
    const out = toV4({
      id: 1,
      documentId: 'a',
      seo: { id: 4, meta_title: 'M', share_image: { id: 9, documentId: 'f', name: 'x' }, meta_social: [{ id: 5, title: 'S' }] },
      blocks_list: [{ id: 6, title: 'Q' }],
    });
    expect(out).toStrictEqual({
      id: 1,
      documentId: 'a',
      attributes: {
        seo: { id: 4, meta_title: 'M', share_image: { data: { id: 9, documentId: 'f', attributes: { name: 'x' } } }, meta_social: [{ id: 5, title: 'S' }] },
        blocks_list: [{ id: 6, title: 'Q' }],
      },
    });
  });

  it('treats each dynamic-zone entry as a component of its __component', () => {
    const out = toV4({
      id: 1,
      documentId: 'a',
      sections: [
        { __component: 'sections.hero', id: 1, title: 'H', image: null },
        { __component: 'sections.cta', id: 2, label: 'Go', category: { id: 3, documentId: 'c', name: 'News' } },
        { __component: 'unknown.thing', id: 3, category: { id: 3 } },
      ],
    });
    expect(out).toStrictEqual({
      id: 1,
      documentId: 'a',
      attributes: {
        sections: [
          { id: 1, __component: 'sections.hero', title: 'H', image: { data: null } },
          { id: 2, __component: 'sections.cta', label: 'Go', category: { data: { id: 3, documentId: 'c', attributes: { name: 'News' } } } },
          { id: 3, __component: 'unknown.thing', category: { id: 3 } },
        ],
      },
    });
  });

  it('leaves a null component and a relation count as Strapi does', () => {
    expect(toV4({ id: 1, documentId: 'a', seo: null, categories: { count: 2 } })).toStrictEqual({
      id: 1,
      documentId: 'a',
      attributes: { seo: null, categories: { data: { id: undefined, documentId: undefined, attributes: { count: 2 } } } },
    });
  });

  it('wraps localizations of a localized type as a relation to the same type', () => {
    const toV4Category = v4Transform(schema, CATEGORY);
    expect(toV4Category({ id: 1, documentId: 'c', name: 'News', locale: 'en', localizations: [{ id: 2, documentId: 'c', name: 'Actualités', locale: 'fr' }] })).toStrictEqual({
      id: 1,
      documentId: 'c',
      attributes: { name: 'News', locale: 'en', localizations: { data: [{ id: 2, documentId: 'c', attributes: { name: 'Actualités', locale: 'fr' } }] } },
    });
    // A type without i18n has no localizations relation: the key is copied as is.
    expect(v4Transform(schema, AUTHOR)({ id: 1, documentId: 'x', localizations: [] })).toStrictEqual({ id: 1, documentId: 'x', attributes: { localizations: [] } });
  });

  it('refuses an unknown content type when the router is built, not per request', () => {
    expect(() => v4Transform(schema, 'api::nope.nope')).toThrow('v4Transform: unknown content type api::nope.nope');
  });
});

describe('wantsV4Format', () => {
  it('is true only for the exact value v4', () => {
    expect(wantsV4Format({ 'strapi-response-format': 'v4' })).toBe(true);
    expect(wantsV4Format({})).toBe(false);
    expect(wantsV4Format({ 'strapi-response-format': 'V4' })).toBe(false);
    expect(wantsV4Format({ 'strapi-response-format': 'v5' })).toBe(false);
  });
});
