// What the editor sends: media as ids, relations as documentIds in order, components and dynamic
// zones walked, system fields and an empty password left out.
import { toPayload } from '../../runtime/admin-ui/src/payload';
import type { AttributeMeta, ComponentMeta } from '../../runtime/admin-ui/src/types';

const components: Record<string, ComponentMeta> = {
  'shared.seo': { uid: 'shared.seo', category: 'shared', displayName: 'SEO', attributes: { metaTitle: { type: 'string' }, image: { type: 'media', multiple: false } } },
  'blocks.quote': { uid: 'blocks.quote', category: 'blocks', displayName: 'Quote', attributes: { text: { type: 'text' }, author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' } } },
};
const attributes: Record<string, AttributeMeta> = {
  title: { type: 'string' },
  secret: { type: 'password' },
  views: { type: 'integer' },
  cover: { type: 'media', multiple: false },
  gallery: { type: 'media', multiple: true },
  category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
  tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
  seo: { type: 'component', component: 'shared.seo' },
  sections: { type: 'dynamiczone', components: ['blocks.quote'] },
  data: { type: 'json' },
};

describe('form values -> request body', () => {
  it('maps every attribute kind to the form the API takes', () => {
    const body = toPayload(
      {
        id: 'doc1',
        documentId: 'doc1',
        status: 'modified',
        createdAt: 'x',
        updatedBy: { id: 1 },
        __meta: {},
        title: 'Hello',
        secret: '',
        views: '',
        cover: { id: 7, url: '/a.png' },
        gallery: [{ id: 9 }, { id: 8 }],
        category: { id: 3, documentId: 'cat3', name: 'News' },
        tags: [{ documentId: 't2' }, { documentId: 't1' }],
        seo: { id: 11, metaTitle: 'M', image: { id: 7 } },
        sections: [{ id: 12, __component: 'blocks.quote', text: 'Q', author: null }],
        data: '',
        unknown: 'dropped',
      },
      attributes,
      components,
    );
    expect(body).toEqual({
      title: 'Hello',
      views: null,
      cover: 7,
      gallery: [9, 8],
      category: 'cat3',
      tags: { set: ['t2', 't1'] },
      seo: { id: 11, metaTitle: 'M', image: 7 },
      sections: [{ id: 12, __component: 'blocks.quote', text: 'Q', author: null }],
      data: null,
    });
  });

  it('leaves a relation a list answered as a count alone, and sends a typed password', () => {
    expect(toPayload({ tags: { count: 3 }, secret: 's3cret' }, attributes, components)).toEqual({ secret: 's3cret' });
  });

  it('sends a relation loaded page by page as its changes until every entry is loaded, then as the whole order', () => {
    const item = (documentId: string) => ({ id: documentId, documentId });
    const partial = { __paged: true as const, items: [item('b'), item('c'), item('x')], total: 5, loaded: ['a', 'b', 'c'] };
    expect(toPayload({ tags: partial }, attributes, components)).toEqual({ tags: { connect: ['x'], disconnect: ['a'] } });
    // Untouched (only more pages read): nothing to send.
    expect(toPayload({ tags: { ...partial, items: [item('a'), item('b'), item('c')] } }, attributes, components)).toEqual({});
    const whole = { __paged: true as const, items: [item('c'), item('a'), item('b')], total: 3, loaded: ['a', 'b', 'c'] };
    expect(toPayload({ tags: whole }, attributes, components)).toEqual({ tags: { set: ['c', 'a', 'b'] } });
  });
});
