// The requests the bench's scale mode sends, in the form real Strapi 5.54 accepts (checked by
// verify.ts against both Strapi and the generated app). `ids` are the seed's documentIds.
import type { StrapiSeedIds } from './seed';

export interface ScaleRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** GraphQL list: Strapi 5's flat (non-Relay) collection query. */
export const GRAPHQL_LIST = '{ articles(pagination: { pageSize: 25 }) { documentId title author { name } } }';

export function scaleRequests(ids: StrapiSeedIds, articles: number): ScaleRequest[] {
  const middle = ids.articles[ids.articles.length >> 1];
  const deep = ids.deepArticles[ids.deepArticles.length >> 1];
  const get = (name: string, path: string): ScaleRequest => ({ name, method: 'GET', path });
  return [
    get('list', '/api/articles'),
    get('list-populate', '/api/articles?populate[0]=author&populate[1]=categories'),
    get('filter-indexed', `/api/articles?filters[slug][$eq]=article-${Math.max(1, articles >> 1)}`),
    get('filter-unindexed', '/api/articles?filters[views][$gt]=99000'),
    get('sort', '/api/articles?sort=views:desc'),
    get('deep-page', '/api/articles?pagination[page]=2000'),
    get('with-count', '/api/articles?pagination[withCount]=true'),
    get('search', '/api/articles?_q=alpha'),
    get('get-one', `/api/articles/${middle}`),
    get('get-deep', `/api/articles/${deep}?populate[seo][populate]=*&populate[sections][populate]=*&populate[blocks_list]=*`),
    { name: 'graphql-list', method: 'POST', path: '/graphql', body: JSON.stringify({ query: GRAPHQL_LIST }) },
  ];
}
