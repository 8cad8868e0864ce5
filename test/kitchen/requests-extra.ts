// A third set of kitchen-kit steps (see requests.ts): filters on system fields, media and
// localized fields, comma `fields`, lenient pagination, creating directly in a locale, and GraphQL
// errors and caps. Run after moreSteps, on what the earlier steps left.
import { documentIdOf, type Context } from './requests';

export async function extraSteps({ record, stamp }: Context, ids: { alpha: string; gamma: string }): Promise<void> {
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const graphql = (name: string, query: string) => record(name, { method: 'POST', path: '/graphql', body: { query } });
  const W = `/api/widgets?filters[title][$startsWith]=${stamp}&sort=title&fields[0]=title`;

  const created = await record('extra.create-in-fr', { method: 'POST', path: '/api/widgets?locale=fr&fields[0]=title&fields[1]=locale&fields[2]=rank', body: { data: { title: `${stamp} zeta fr` } } });
  const zeta = documentIdOf(created);
  await get('extra.zeta-en-missing', `/api/widgets/${zeta}`);
  await get('extra.zeta-fr', `/api/widgets/${zeta}?locale=fr&fields[0]=title&populate[localizations]=true`);
  await get('extra.filter-locale-field', `${W}&locale=fr&filters[locale][$eq]=fr`);
  await get('extra.filter-created-not-null', `${W}&filters[createdAt][$notNull]=true`);
  await get('extra.filter-published-null-draft', `${W}&status=draft&filters[publishedAt][$null]=true`);
  await get('extra.filter-cover-name', `${W}&filters[cover][name][$startsWith]=k`);
  await get('extra.filter-tags-null', `${W}&filters[tags][$null]=true`);
  await get('extra.filter-tags-id-not-null', `${W}&filters[tags][id][$notNull]=true`);
  await get('extra.filter-zone', `${W}&filters[zone][heading][$eq]=hi`);
  await get('extra.filter-in-empty', `${W}&filters[size][$in]=`);
  await get('extra.filter-eq-array', `${W}&filters[size][$eq][0]=small&filters[size][$eq][1]=large`);
  await get('extra.filter-json', `${W}&filters[extra][$notNull]=true`);
  await get('extra.filter-blocks', `${W}&filters[content][$null]=true`);
  await get('extra.fields-comma', `/api/widgets?filters[title][$startsWith]=${stamp}&sort=title&fields=title,size`);
  await get('extra.fields-locale', `${W}&fields[1]=locale&fields[2]=publishedAt`);
  await get('extra.fields-document-id', `${W}&fields[1]=documentId`);
  await get('extra.page-without-size', `${W}&pagination[page]=2`);
  await get('extra.page-size-text', `${W}&pagination[pageSize]=abc`);
  await get('extra.page-zero', `${W}&pagination[page]=0&pagination[pageSize]=2`);
  await get('extra.start-only', `${W}&pagination[start]=2`);
  await get('extra.limit-minus-one', `${W}&pagination[limit]=-1`);
  await get('extra.page-and-start', `${W}&pagination[page]=1&pagination[start]=1`);
  await get('extra.zone-on-fields', `${W}&populate[zone][on][kit.spec][fields][0]=label&populate[zone][on][kit.quote][fields][0]=author`);
  await get('extra.populate-localizations-fields', `/api/widgets/${ids.alpha}?fields[0]=title&populate[localizations][fields][0]=locale&populate[localizations][populate][spec]=true`);
  await get('extra.owner-widgets-fr', `/api/owners?filters[name][$startsWith]=${stamp}&sort=name&fields[0]=name&populate[widgets][fields][0]=title&populate[widgets][fields][1]=locale&locale=fr`);
  await get('extra.tag-widgets-count-filter', `/api/tags?filters[label][$startsWith]=${stamp}&sort=label&fields[0]=label&filters[widgets][ratio][$gte]=3`);
  await record('extra.delete-all-locales', { method: 'DELETE', path: `/api/widgets/${ids.gamma}` });
  await get('extra.after-delete-all-locales', `/api/widgets/${ids.gamma}?status=draft`);
  await get('extra.list-after-delete', `${W}&status=draft`);

  await graphql('extra.graphql.page-size-over-max', `{ widgets(filters: { title: { startsWith: "${stamp}" } }, pagination: { pageSize: 500 }, sort: "title") { title } }`);
  await graphql('extra.graphql.tags-draft', `{ tags(filters: { label: { startsWith: "${stamp}" } }, status: DRAFT, sort: "label") { label } }`);
  await graphql('extra.graphql.owner-unique', `mutation { createOwner(data: { name: "${stamp} Ann" }) { name } }`);
  await graphql('extra.graphql.update-missing', 'mutation { updateWidget(documentId: "doesnotexist0000000000000", data: { rank: 3 }) { title } }');
  await graphql('extra.graphql.delete-owner-missing', 'mutation { deleteOwner(documentId: "doesnotexist0000000000000") { documentId } }');
  await graphql('extra.graphql.create-fr', `mutation { createWidget(data: { title: "${stamp} eta fr", rank: 3 }, locale: "fr", status: DRAFT) { title locale rank publishedAt } }`);
  await graphql('extra.graphql.zone-input', `mutation { createWidget(data: { title: "${stamp} theta", zone: [{ __typename: "ComponentKitQuote", text: "q" }] }) { title zone { __typename ... on ComponentKitQuote { text } } } }`);
  await graphql('extra.graphql.time-short', `mutation { createWidget(data: { title: "bad ${stamp} time", opens: "09:30" }) { opens } }`);
  await graphql('extra.graphql.long-input', `mutation { createWidget(data: { title: "${stamp} iota", views: "12345" }) { views } }`);
  await graphql('extra.graphql.connection-nested', `{ owners_connection(filters: { name: { startsWith: "${stamp}" } }, sort: "name") { nodes { name widgets_connection { nodes { title } pageInfo { total } } } pageInfo { total } } }`);
}
