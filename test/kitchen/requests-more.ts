// More kitchen-kit steps (see requests.ts): i18n (a non-localized attribute shared by the
// locales), drafts against published versions, relation ordering, search, page-size caps, media
// cleared, a document deleted with all its locales, and GraphQL connections and nested filters.
import type { Context } from './requests';

export interface Seeded {
  alpha: string;
  gamma: string;
  root: string;
  child: string;
  leaf: string;
  ann: string;
}

export async function moreSteps({ record, stamp }: Context, ids: Seeded): Promise<void> {
  const { alpha, gamma, root, child, leaf, ann } = ids;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const graphql = (name: string, query: string) => record(name, { method: 'POST', path: '/graphql', body: { query } });
  const W = `/api/widgets?filters[title][$startsWith]=${stamp}&sort=title`;

  // i18n: `rank` and `code` are not localized, so the fr version follows an update of the en one.
  await put('more.i18n.update-shared-en', `/api/widgets/${alpha}?fields[0]=rank&fields[1]=code&fields[2]=title`, { rank: 42 });
  await get('more.i18n.shared-in-fr', `/api/widgets/${alpha}?locale=fr&fields[0]=rank&fields[1]=code&fields[2]=title&fields[3]=locale`);
  await get('more.i18n.localizations', `/api/widgets/${alpha}?fields[0]=title&populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale`);
  await get('more.i18n.filter-locale', `${W}&fields[0]=title&fields[1]=locale&locale=fr&filters[rank][$eq]=42`);
  await get('more.i18n.unknown-locale', `${W}&fields[0]=title&locale=de`);

  // Draft & publish: an update of the draft alone leaves the published version as it was.
  await put('more.dp.update-draft', `/api/widgets/${gamma}?status=draft&fields[0]=title&fields[1]=ratio`, { ratio: 7.5 });
  await get('more.dp.published-unchanged', `/api/widgets/${gamma}?fields[0]=ratio`);
  await get('more.dp.draft-changed', `/api/widgets/${gamma}?status=draft&fields[0]=ratio`);
  await get('more.dp.list-both', `${W}&fields[0]=title&fields[1]=ratio&status=draft&filters[ratio][$gte]=3`);
  await get('more.dp.tag-draft-relations', `/api/tags?filters[label][$startsWith]=${stamp}&sort=label&fields[0]=label&populate[widgets][fields][0]=title&populate[widgets][fields][1]=ratio&status=draft`);

  // Relation order: connect with positions, then the list as stored.
  await put('more.order.connect-start', `/api/owners/${ann}?fields[0]=name&populate[favourites][fields][0]=label`, { favourites: { connect: [{ documentId: leaf, position: { start: true } }] } });
  await put('more.order.connect-before', `/api/owners/${ann}?fields[0]=name&populate[favourites][fields][0]=label`, { favourites: { connect: [{ documentId: child, position: { before: leaf } }] } });

  // Search, page-size caps and counts.
  await get('more.search', `${W}&fields[0]=title&_q=alpha`);
  await get('more.search-nothing', `${W}&fields[0]=title&_q=zzzz`);
  await get('more.page-size-over-max', `${W}&fields[0]=title&pagination[pageSize]=500`);
  await get('more.limit-over-max', `${W}&fields[0]=title&pagination[limit]=500`);
  await get('more.populate-count', `${W}&fields[0]=title&populate[tags][count]=true`);

  // Populate shapes.
  await get('more.populate-fields-component', `${W}&fields[0]=title&populate[spec][fields][0]=label`);
  await get('more.populate-zone-on-filters', `${W}&fields[0]=title&populate[zone][on][kit.banner][populate][tags][filters][label][$contains]=root`);
  await get('more.populate-deep-star', `/api/owners?filters[name][$startsWith]=${stamp}&sort=name&fields[0]=name&populate[widgets][populate]=*`);
  await get('more.populate-star-fields', `${W}&fields[0]=title&populate[owner][fields][0]=level`);

  // Media cleared, single type deleted and re-read.
  await put('more.media-clear', `/api/widgets/${alpha}?fields[0]=title&populate[photos]=true&populate[cover]=true`, { photos: [], cover: null });
  await record('more.setting-delete', { method: 'DELETE', path: '/api/setting?locale=fr' });
  await get('more.setting-fr-after-delete', '/api/setting?locale=fr');
  await get('more.setting-en-after-delete', '/api/setting?fields[0]=site_name');

  // GraphQL connections and nested filters.
  await graphql('more.graphql.tags-connection', `{ tags_connection(filters: { label: { startsWith: "${stamp}" } }, sort: "label", pagination: { start: 1, limit: 2 }) { nodes { label } pageInfo { total pageSize pageCount page } } }`);
  await graphql('more.graphql.component-filter', `{ widgets(filters: { title: { startsWith: "${stamp}" }, spec: { dims: { axis: { eq: "y" } } } }) { title } }`);
  await graphql('more.graphql.nested-args', `{ owners(filters: { name: { startsWith: "${stamp}" } }, sort: "name") { name favourites(sort: "label:desc", pagination: { limit: 1 }) { label } widgets(filters: { rank: { gt: 1 } }) { title rank } } }`);
  await graphql('more.graphql.localizations', `{ widget(documentId: "${alpha}", locale: "fr") { title locale rank localizations { locale title } } }`);
  await graphql('more.graphql.draft-vs-published', `{ draft: widget(documentId: "${gamma}", status: DRAFT) { ratio } published: widget(documentId: "${gamma}") { ratio } }`);
  await graphql('more.graphql.not-relation', `{ widgets(filters: { title: { startsWith: "${stamp}" }, not: { tags: { label: { eq: "${stamp} root" } } } }, sort: "title") { title } }`);
  await graphql('more.graphql.bad-filter', `{ widgets(filters: { nope: { eq: 1 } }) { title } }`);
  await graphql('more.graphql.variables-missing', 'query ($id: ID!) { widget(documentId: $id) { title } }');

  // Last, as they change what earlier steps read in Strapi 5.54: an update of one locale's draft
  // brings back the non-localized values that draft held (rank 5 again, in every locale), and
  // republishing a document drops the one-way relations pointing at it (root in favourites, twins,
  // a banner's tags). The app keeps both (test/e2e/kitchen-answers.test.ts).
  await put('more.i18n.update-fr-only', `/api/widgets/${alpha}?locale=fr&fields[0]=title&fields[1]=summary`, { summary: 'nouveau' });
  await get('more.i18n.en-after-fr-update', `/api/widgets/${alpha}?fields[0]=summary&fields[1]=rank`);
  await put('more.order.set', `/api/tags/${root}?fields[0]=label&populate[twins][fields][0]=label`, { twins: { set: [leaf, child] } });
  await get('more.republish.one-way-relations', `/api/owners/${ann}?fields[0]=name&populate[favourites][fields][0]=label`);
  await get('more.republish.two-way-relations', `/api/tags/${root}?fields[0]=label&populate[widgets][fields][0]=title&populate[widgets][sort]=title`);
}
