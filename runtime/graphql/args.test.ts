import { schema } from '@cms-gen/core/query/__fixtures__/schema';
import { contentTypeShape } from '@cms-gen/core/model/schema-index';
import { readingOf, statusOf, toPlainInput, toRawDocumentQuery, toRawFilters, toRawListQuery, toRawPagination, toRawSort } from './args';

const limits = { defaultLimit: 10, amountLimit: 100 };
const article = contentTypeShape(schema, 'api::article.article');

describe('GraphQL arguments → REST query', () => {
  it('translates filters: operators, logic and relation traversal', () => {
    expect(
      toRawFilters(
        {
          title: { startsWith: 'x', not: { eq: 'y' } },
          or: [{ views: { gte: 80 } }, { views: { eq: 10 } }],
          not: { kind: { in: ['news'] } },
          author: { name: { eq: 'Ada' } },
          seo: { meta_title: { null: true } },
          documentId: { eq: 'abc' },
          skipped: undefined,
        },
        article,
        schema,
      ),
    ).toEqual({
      title: { $startsWith: 'x', $not: { $eq: 'y' } },
      $or: [{ views: { $gte: 80 } }, { views: { $eq: 10 } }],
      $not: { kind: { $in: ['news'] } },
      author: { name: { $eq: 'Ada' } },
      seo: { meta_title: { $null: true } },
      documentId: { $eq: 'abc' },
    });
  });

  it('reads input class instances like plain objects', () => {
    class TitleFilter {
      eq?: string = undefined;
      contains?: string = 'a';
    }
    expect(toRawFilters({ title: new TitleFilter() }, article, schema)).toEqual({ title: { $contains: 'a' } });
  });

  it('defaults list sizes to defaultLimit and caps them at amountLimit', () => {
    expect(toRawPagination(undefined, limits, false)).toEqual({ page: 1, pageSize: 10, withCount: false });
    expect(toRawPagination({ page: 2 }, limits, true)).toEqual({ page: 2, pageSize: 10, withCount: true });
    expect(toRawPagination({ pageSize: 500 }, limits, false)).toEqual({ page: 1, pageSize: 100, withCount: false });
    expect(toRawPagination({ limit: 3 }, limits, false)).toEqual({ start: 0, limit: 3, withCount: false });
    expect(toRawPagination({ start: 5, limit: -1 }, limits, false)).toEqual({ start: 5, limit: 100, withCount: false });
    // Mixed modes go through for the validator's PaginationError.
    expect(toRawPagination({ page: 1, limit: 3 }, limits, false)).toMatchObject({ page: 1, limit: 3 });
  });

  it('reads sort, status and the v4 publication state', () => {
    expect(toRawSort(['views:desc', null, 'title'])).toEqual(['views:desc', 'title']);
    expect(toRawSort('views')).toEqual(['views']);
    expect(toRawSort([])).toBeUndefined();
    expect(statusOf({ status: 'draft' })).toBe('draft');
    expect(statusOf({ publicationState: 'preview' })).toBe('draft');
    expect(statusOf({})).toBe('published');
  });

  it('reads publicationFilter, or hasPublishedVersion as the -document modes, into the query and the reading', () => {
    expect(readingOf({ status: 'draft', publicationFilter: 'never-published' })).toEqual({ status: 'draft', publicationFilter: 'never-published' });
    expect(readingOf({ status: 'draft', hasPublishedVersion: true })).toEqual({ status: 'draft', publicationFilter: 'has-published-version-document' });
    expect(readingOf({ hasPublishedVersion: false, publicationFilter: 'modified' })).toEqual({ status: 'published', publicationFilter: 'modified' });
    expect(readingOf({ hasPublishedVersion: null, publicationFilter: null })).toEqual({ status: 'published' });
    expect(toRawDocumentQuery({ status: 'draft', hasPublishedVersion: false })).toEqual({ status: 'draft', publicationFilter: 'never-published-document' });
    expect(toRawListQuery({ publicationFilter: 'unmodified' }, article, schema, limits, false)).toMatchObject({ status: 'published', publicationFilter: 'unmodified' });
  });

  it('builds the whole list query', () => {
    expect(toRawListQuery({ filters: { title: { eq: 'a' } }, sort: ['title'], status: 'draft', locale: 'fr' }, article, schema, limits, false)).toEqual({
      pagination: { page: 1, pageSize: 10, withCount: false },
      status: 'draft',
      filters: { title: { $eq: 'a' } },
      sort: ['title'],
      locale: 'fr',
    });
  });

  it('turns mutation data into plain objects with numeric component ids', () => {
    class SeoInput {
      id?: string = '12';
      meta_title?: string = 'x';
      meta_description?: string = undefined;
    }
    const plain = toPlainInput({ title: 'T', seo: new SeoInput(), categories: ['abc', '7'], sections: [{ __component: 'sections.hero', id: '3' }] }) as Record<string, unknown>;
    expect(plain).toEqual({ title: 'T', seo: { id: 12, meta_title: 'x' }, categories: ['abc', '7'], sections: [{ __component: 'sections.hero', id: 3 }] });
    expect(Object.getPrototypeOf(plain.seo)).toBe(Object.prototype);
  });
});
