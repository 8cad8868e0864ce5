// A fourth set of kitchen-kit steps (see requests.ts): locale and status on types without i18n or
// draft & publish, publishing a draft through PUT, the remaining filter operators, dotted populate
// paths, and search on a type without draft & publish.
import { documentIdOf, type Context } from './requests';

export async function probeSteps({ record, stamp }: Context): Promise<void> {
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const W = `/api/widgets?filters[title][$startsWith]=${stamp}&sort=title&fields[0]=title`;
  const O = `/api/owners?filters[name][$startsWith]=${stamp}&sort=name&fields[0]=name`;

  await get('probe.owner-locale', `${O}&locale=fr`);
  await get('probe.owner-status-draft', `${O}&status=draft`);
  await get('probe.owner-populate-localizations', `${O}&populate=localizations`);
  await get('probe.owner-search', `${O}&_q=ann`);
  await get('probe.setting-status-draft', '/api/setting?status=draft&fields[0]=site_name');
  await record('probe.setting-unknown-locale', { method: 'PUT', path: '/api/setting?locale=de', body: { data: { site_name: 'x' } } });
  // Strapi's single type outlives the run: the de version it created must not show in the next one.
  await record('probe.setting-unknown-locale-delete', { method: 'DELETE', path: '/api/setting?locale=de' });
  await record('probe.tag-create-locale', { method: 'POST', path: '/api/tags?locale=fr&fields[0]=label', body: { data: { label: `${stamp} fr tag` } } });
  const draft = documentIdOf(await record('probe.create-draft', { method: 'POST', path: '/api/widgets?status=draft&fields[0]=title', body: { data: { title: `${stamp} kappa` } } }));
  await get('probe.draft-not-published', `/api/widgets/${draft}?fields[0]=title`);
  await record('probe.publish-through-put', { method: 'PUT', path: `/api/widgets/${draft}?status=published&fields[0]=title`, body: { data: { rank: 11 } } });
  await get('probe.published-after-put', `/api/widgets/${draft}?fields[0]=title&fields[1]=rank`);
  const op = (name: string, query: string) => get(`probe.op.${name}`, `${W}&${query}`);
  await op('nei', `filters[title][$nei]=${stamp} ALPHA`);
  await op('starts-with-i', `filters[title][$startsWithi]=${stamp} AL`);
  await op('ends-with-i', 'filters[title][$endsWithi]=PHA');
  await op('not-contains-i', 'filters[title][$notContainsi]=ALP');
  await op('not-contains', 'filters[title][$notContains]=alp');
  await op('between-dates', 'filters[launch][$between][0]=2024-01-01&filters[launch][$between][1]=2024-12-31');
  await op('relation-not-null', 'filters[owner][$notNull]=true');
  await op('relation-id-in', 'filters[tags][label][$in][0]=x&filters[tags][label][$in][1]=y');
  await op('null-false', 'filters[summary][$null]=false');
  await op('eq-null-text', 'filters[summary][$eq]=null');
  await op('lt-text-number', 'filters[rank][$lt]=abc');
  await get('probe.sort-created-desc', `${W}&sort[0]=createdAt:desc&sort[1]=title`);
  await get('probe.populate-dotted', `${W}&populate=spec.dims`);
  await get('probe.populate-dotted-relation', `${W}&populate[0]=keeper.mentor`);
  await get('probe.populate-nested-star', `${W}&populate[spec][populate][dims]=*`);
  await get('probe.fields-star', `${O}&fields[1]=*`);

  const graphql = (name: string, query: string) => record(name, { method: 'POST', path: '/graphql', body: { query } });
  await graphql('probe.graphql.nested-required', `mutation { createWidget(data: { title: "bad ${stamp} g", spec: { weight: 1 } }) { title } }`);
  await graphql('probe.graphql.enum-invalid', `mutation { createWidget(data: { title: "bad ${stamp} g", size: huge }) { title } }`);
  await graphql('probe.graphql.regex', `mutation { createWidget(data: { title: "bad ${stamp} g", code: "x" }) { title } }`);
  await graphql('probe.graphql.relation-missing', `mutation { createWidget(data: { title: "bad ${stamp} g", owner: "doesnotexist0000000000000" }) { title } }`);
  await graphql('probe.graphql.owner-localizations', `{ owners(filters: { name: { startsWith: "${stamp}" } }) { name localizations { name } } }`);
  await graphql('probe.graphql.zone-filter', `{ widgets(filters: { zone: { heading: { eq: "hi" } } }) { title } }`);
  await graphql('probe.graphql.media-filter', `{ widgets(filters: { title: { startsWith: "${stamp}" }, cover: { name: { startsWith: "k" } } }, sort: "title") { title } }`);
  await graphql('probe.graphql.draft-relation', `{ tags(filters: { label: { startsWith: "${stamp}" } }, sort: "label", status: DRAFT) { label widgets(sort: "title") { title } } }`);
}
