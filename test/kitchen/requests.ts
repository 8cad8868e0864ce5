// The kitchen kit's side-by-side steps (see steps.ts): a seed written through REST, then reads
// (filters on every type, populate forms, fields, sort, pagination, locales, status), writes
// (validation errors included) and GraphQL. Step names say what each one asks.
import type { Answer, Context } from '../answers/run';
import { extraSteps } from './requests-extra';
import { moreSteps } from './requests-more';
import { errorSteps } from './requests-errors';
import { exploredSteps } from './requests-explored';
import { probeSteps } from './requests-probe';

export type { Context } from '../answers/run';

/** The smallest valid PNG (1×1, transparent): Strapi makes no resized formats from it. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));

export function documentIdOf(answer: Answer): string {
  const data = (answer.body as { data?: { documentId?: unknown } } | null)?.data;
  if (typeof data?.documentId !== 'string') throw new Error(`no documentId in ${JSON.stringify(answer.body)}`);
  return data.documentId;
}

export async function kitchenSteps(context: Context): Promise<void> {
  const { record, stamp } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const graphql = (name: string, query: string) => record(name, { method: 'POST', path: '/graphql', body: { query } });

  // Seed. Each write is a step too: its answer is compared like any other.
  const uploaded = await record('seed.upload', { method: 'POST', path: '/api/upload', upload: { name: `k${stamp}.png`, type: 'image/png', bytes: PNG } });
  const file = (uploaded.body as Array<{ id: number }>)[0].id;

  const root = documentIdOf(await post('seed.tag-root', '/api/tags?status=published', { label: `${stamp} root`, weight: 1.5 }));
  const child = documentIdOf(await post('seed.tag-child', '/api/tags?status=published', { label: `${stamp} child`, weight: 2, parent: root, twins: [root] }));
  const leaf = documentIdOf(await post('seed.tag-leaf', '/api/tags?status=published', { label: `${stamp} leaf`, parent: { connect: [child] } }));
  const draftTag = documentIdOf(await post('seed.tag-draft', '/api/tags?status=draft', { label: `${stamp} draft tag`, parent: root }));

  const ann = documentIdOf(await post('seed.owner-ann', '/api/owners', { name: `${stamp} Ann`, level: 3, favourites: [root, child] }));
  const bob = documentIdOf(await post('seed.owner-bob', '/api/owners', { name: `${stamp} Bob`, mentor: ann, avatar: file }));

  const alpha = documentIdOf(
    await post('seed.widget-alpha', '/api/widgets?status=published', {
      title: `${stamp} alpha`,
      code: `AB-${stamp}`,
      summary: 'A short summary',
      body: '# Heading\n\ntext',
      content: [{ type: 'paragraph', children: [{ type: 'text', text: 'hello' }] }],
      contact: 'ann@example.com',
      secret: 'hunter22',
      slug: `alpha-${stamp}`,
      rank: 5,
      views: '9007199254740',
      ratio: 0.25,
      price: 12.5,
      active: false,
      launch: '2024-03-01',
      opens: '09:30:00.000',
      seen_at: '2024-03-01T10:00:00.000Z',
      size: 'small',
      extra: { nested: { list: [1, 2] }, flag: true },
      note: 'private note',
      cover: file,
      photos: [file],
      spec: { label: 'spec a', weight: 1.25, dims: [{ axis: 'x', value: 1.5, unit_tag: root }, { axis: 'y' }], tag: child },
      variants: [{ name: 'v1', stock: 2, picture: file }, { name: 'v2' }],
      zone: [
        { __component: 'kit.banner', heading: 'hi', link: 'https://example.com', tags: [root, leaf] },
        { __component: 'kit.quote', text: 'quoted', author: 'me' },
        { __component: 'kit.spec', label: 'zone spec', dims: [{ axis: 'z', value: 3, unit_tag: leaf }] },
      ],
      owner: ann,
      keeper: bob,
      tags: [root, child],
      main_tag: leaf,
      more_tags: [child, leaf],
    }),
  );
  await put('seed.widget-alpha-fr', `/api/widgets/${alpha}?locale=fr&status=published`, { title: `${stamp} alpha fr`, summary: 'résumé', spec: { label: 'spec fr' } });
  const beta = documentIdOf(await post('seed.widget-beta-draft', '/api/widgets?status=draft', { title: `${stamp} beta`, code: `BB-${stamp}`, rank: 50, size: 'large', owner: ann, price: 3 }));
  const gamma = documentIdOf(await post('seed.widget-gamma', '/api/widgets', { title: `${stamp} gamma`, ratio: 3.5, launch: '2025-01-01', tags: [child] }));
  await put('seed.setting', '/api/setting', { site_name: `${stamp} site`, motto: 'cook', max_items: 7, spec: { label: 'site spec', dims: [{ axis: 'x', unit_tag: root }] }, featured: [alpha, gamma] });
  await put('seed.setting-fr', '/api/setting?locale=fr', { site_name: `${stamp} site fr` });

  // Reads on widgets, always filtered to this run and sorted (default order follows ids, which
  // Strapi moves on publish: a deliberate difference).
  const W = `/api/widgets?filters[title][$startsWith]=${stamp}&sort=title`;
  await get('widget.list', W);
  await get('widget.list-fields', `${W}&fields[0]=title&fields[1]=rank&fields[2]=size`);
  await get('widget.list-populate-star', `${W}&populate=*`);
  await get('widget.list-populate-spec-deep', `${W}&fields[0]=title&populate[spec][populate][dims][populate]=unit_tag&populate[spec][populate][tag][fields][0]=label`);
  await get('widget.list-populate-spec-star', `${W}&fields[0]=title&populate[spec][populate]=*`);
  await get('widget.zone-on', `${W}&fields[0]=title&populate[zone][on][kit.banner][populate][tags][fields][0]=label&populate[zone][on][kit.quote]=true`);
  await get('widget.zone-on-spec-deep', `${W}&fields[0]=title&populate[zone][on][kit.spec][populate][dims][populate]=*`);
  await get('widget.zone-star', `${W}&fields[0]=title&populate[zone][populate]=*`);
  await get('widget.zone-true', `${W}&fields[0]=title&populate[zone]=true`);
  await get('widget.variants-picture', `${W}&fields[0]=title&populate[variants][populate][picture][fields][0]=name`);
  await get('widget.media', `${W}&fields[0]=title&populate[cover][fields][0]=name&populate[cover][fields][1]=mime&populate[photos]=true`);
  await get('widget.tags-sorted-fields', `${W}&fields[0]=title&populate[tags][fields][0]=label&populate[tags][sort]=label:desc`);
  await get('widget.tags-filtered', `${W}&fields[0]=title&populate[tags][filters][label][$endsWith]=child`);
  await get('widget.owner-nested', `${W}&fields[0]=title&populate[owner][populate][favourites][fields][0]=label&populate[keeper][fields][0]=name`);
  await get('widget.one-way', `${W}&fields[0]=title&populate[main_tag][fields][0]=label&populate[more_tags][fields][0]=label`);
  await get('widget.populate-list', `${W}&fields[0]=title&populate[0]=owner&populate[1]=tags&populate[2]=spec`);
  await get('widget.populate-comma', `${W}&fields[0]=title&populate=owner,main_tag`);
  const filter = (name: string, query: string) => get(`widget.filter.${name}`, `${W}&fields[0]=title&${query}`);
  await filter('rank-gt', 'filters[rank][$gt]=5');
  await filter('rank-between', 'filters[rank][$between][0]=1&filters[rank][$between][1]=10');
  await filter('size-in', 'filters[size][$in][0]=small&filters[size][$in][1]=large');
  await filter('size-not-in', 'filters[size][$notIn][0]=small');
  await filter('active-false', 'filters[active][$eq]=false');
  await filter('active-true', 'filters[active]=true');
  await filter('launch-lt', 'filters[launch][$lt]=2025-01-01');
  await filter('seen-at-gte', 'filters[seen_at][$gte]=2024-03-01T10:00:00.000Z');
  await filter('opens-eq', 'filters[opens][$eq]=09:30:00.000');
  await filter('summary-null', 'filters[summary][$null]=true');
  await filter('summary-not-null', 'filters[summary][$notNull]=true');
  await filter('title-containsi', 'filters[title][$containsi]=ALPHA');
  await filter('title-eqi', `filters[title][$eqi]=${stamp} GAMMA`);
  await filter('title-ne', `filters[title][$ne]=${stamp} gamma`);
  await filter('or', 'filters[$or][0][rank][$eq]=5&filters[$or][1][ratio][$gt]=3');
  await filter('and', 'filters[$and][0][rank][$gte]=5&filters[$and][1][size][$eq]=small');
  await filter('not', 'filters[$not][size][$eq]=small');
  await filter('price-gte', 'filters[price][$gte]=10');
  await filter('ratio-lte', 'filters[ratio][$lte]=0.25');
  await filter('views-eq', 'filters[views][$eq]=9007199254740');
  await filter('code-eq', `filters[code][$eq]=AB-${stamp}`);
  await filter('contact-contains', 'filters[contact][$contains]=example');
  await filter('relation-tags', `filters[tags][label][$eq]=${stamp} child`);
  await filter('relation-owner', `filters[owner][name][$startsWith]=${stamp} A`);
  await filter('relation-owner-null', 'filters[owner][$null]=true');
  await filter('relation-keeper-mentor', `filters[keeper][mentor][name][$eq]=${stamp} Ann`);
  await filter('relation-not-tags', `filters[$not][tags][label][$eq]=${stamp} root`);
  await filter('component-spec', 'filters[spec][label][$eq]=spec a');
  await filter('component-nested-dims', 'filters[spec][dims][axis][$eq]=y');
  await filter('component-relation', `filters[spec][dims][unit_tag][label][$eq]=${stamp} root`);
  await filter('repeatable-variants', 'filters[variants][name][$eq]=v2');
  await filter('media-cover-null', 'filters[cover][$null]=true');
  await filter('id-documentId', `filters[documentId][$eq]=${gamma}`);
  await get('widget.sort-multi', `/api/widgets?filters[title][$startsWith]=${stamp}&fields[0]=title&sort[0]=rank:desc&sort[1]=title:asc`);
  await get('widget.sort-comma', `/api/widgets?filters[title][$startsWith]=${stamp}&fields[0]=title&sort=ratio:desc,title`);
  await get('widget.sort-relation', `/api/widgets?filters[title][$startsWith]=${stamp}&fields[0]=title&sort[0][owner][name]=asc&sort[1]=title`);
  await get('widget.page-1-size-1', `${W}&fields[0]=title&pagination[page]=1&pagination[pageSize]=1`);
  await get('widget.page-2-size-1', `${W}&fields[0]=title&pagination[page]=2&pagination[pageSize]=1`);
  await get('widget.page-past-end', `${W}&fields[0]=title&pagination[page]=9&pagination[pageSize]=1`);
  await get('widget.start-limit', `${W}&fields[0]=title&pagination[start]=1&pagination[limit]=1`);
  await get('widget.without-count', `${W}&fields[0]=title&pagination[pageSize]=1&pagination[withCount]=false`);
  await get('widget.locale-fr', `/api/widgets?filters[title][$startsWith]=${stamp}&locale=fr&populate=spec`);
  await get('widget.status-draft', `${W}&fields[0]=title&fields[1]=rank&status=draft`);
  await get('widget.status-published', `${W}&fields[0]=title&status=published`);
  await get('widget.draft-fr', `${W}&fields[0]=title&status=draft&locale=fr`);
  await get('widget.one', `/api/widgets/${alpha}`);
  await get('widget.one-populate-star', `/api/widgets/${alpha}?populate=*`);
  await get('widget.one-fr', `/api/widgets/${alpha}?locale=fr&fields[0]=title&fields[1]=rank&fields[2]=summary&populate=spec`);
  await get('widget.one-draft-only', `/api/widgets/${beta}`);
  await get('widget.one-draft-only-status-draft', `/api/widgets/${beta}?status=draft&fields[0]=title`);
  await get('widget.one-missing', '/api/widgets/doesnotexist0000000000000');
  await get('widget.one-missing-locale', `/api/widgets/${gamma}?locale=fr`);

  // Reads on tags (draft & publish, self relations) and owners (no draft & publish).
  const T = `/api/tags?filters[label][$startsWith]=${stamp}&sort=label`;
  await get('tag.list', T);
  await get('tag.self', `${T}&fields[0]=label&populate[parent][fields][0]=label&populate[children][fields][0]=label&populate[twins][fields][0]=label`);
  await get('tag.inverse-widgets', `${T}&fields[0]=label&populate[widgets][fields][0]=title`);
  await get('tag.inverse-widgets-draft', `${T}&fields[0]=label&populate[widgets][fields][0]=title&status=draft`);
  await get('tag.filter-parent', `${T}&fields[0]=label&filters[parent][label][$eq]=${stamp} root`);
  await get('tag.filter-children-null', `${T}&fields[0]=label&filters[children][$null]=true`);
  await get('tag.filter-grandparent', `${T}&fields[0]=label&filters[parent][parent][label][$eq]=${stamp} root`);
  await get('tag.status-draft', `${T}&fields[0]=label&status=draft`);
  await get('tag.one-draft-only', `/api/tags/${draftTag}`);
  await get('tag.weight-null', `${T}&fields[0]=label&filters[weight][$null]=true`);
  const O = `/api/owners?filters[name][$startsWith]=${stamp}&sort=name`;
  await get('owner.list', O);
  await get('owner.populate-star', `${O}&populate=*`);
  await get('owner.inverse', `${O}&fields[0]=name&populate[widgets][fields][0]=title&populate[kept][fields][0]=title`);
  await get('owner.inverse-draft', `${O}&fields[0]=name&populate[widgets][fields][0]=title&status=draft`);
  await get('owner.mentor-avatar', `${O}&fields[0]=name&populate[mentor][fields][0]=name&populate[avatar][fields][0]=name`);
  await get('owner.favourites', `${O}&fields[0]=name&populate[favourites][fields][0]=label&populate[favourites][populate][parent][fields][0]=label`);
  await get('owner.filter-widgets', `${O}&fields[0]=name&filters[widgets][title][$eq]=${stamp} alpha`);
  await get('owner.filter-level', `${O}&fields[0]=name&filters[level][$eq]=1`);
  await get('owner.one', `/api/owners/${bob}?populate=mentor`);

  // The single type.
  await get('setting.get', '/api/setting');
  await get('setting.populate-star', '/api/setting?populate=*');
  await get('setting.deep', '/api/setting?populate[spec][populate][dims][populate]=unit_tag&populate[featured][fields][0]=title&populate[featured][sort]=title');
  await get('setting.fr', '/api/setting?locale=fr&populate=spec');
  await get('setting.fields', '/api/setting?fields[0]=site_name');

  // Query errors.
  await get('error.filter-unknown', `${W}&filters[nope][$eq]=1`);
  await get('error.filter-private', `${W}&filters[note][$eq]=private note`);
  await get('error.filter-password', `${W}&filters[secret][$eq]=hunter22`);
  await get('error.populate-unknown', `${W}&populate=nope`);
  await get('error.populate-scalar', `${W}&populate=title`);
  await get('error.fields-unknown', `${W}&fields[0]=nope`);
  await get('error.fields-relation', `${W}&fields[0]=owner`);
  await get('error.sort-unknown', `${W}&sort=nope`);
  await get('error.sort-private', `${W}&sort=note`);
  await get('error.operator-unknown', `${W}&filters[rank][$bogus]=1`);
  await get('error.zone-on-unknown', `${W}&populate[zone][on][kit.nope]=true`);

  // Validation errors on writes.
  const refused = (name: string, data: object, path = '/api/widgets') => post(`write.error.${name}`, path, data);
  await refused('title-missing', { rank: 3 });
  await refused('title-null', { title: null });
  await refused('title-too-short', { title: 'a' });
  await refused('title-too-long', { title: 'x'.repeat(41) });
  await refused('code-regex', { title: `bad ${stamp}`, code: 'lower-1' });
  await refused('code-unique', { title: `dup ${stamp}`, code: `AB-${stamp}` });
  await refused('rank-max', { title: `bad ${stamp}`, rank: 101 });
  await refused('rank-min', { title: `bad ${stamp}`, rank: 0 });
  await refused('rank-float', { title: `bad ${stamp}`, rank: 2.5 });
  await refused('ratio-min', { title: `bad ${stamp}`, ratio: -1 });
  await refused('contact-email', { title: `bad ${stamp}`, contact: 'not-an-email' });
  await refused('size-enum', { title: `bad ${stamp}`, size: 'huge' });
  await refused('secret-min-length', { title: `bad ${stamp}`, secret: 'abc' });
  await refused('summary-max-length', { title: `bad ${stamp}`, summary: 'y'.repeat(201) });
  await refused('active-not-boolean', { title: `bad ${stamp}`, active: 'maybe' });
  await refused('launch-invalid', { title: `bad ${stamp}`, launch: 'tomorrow' });
  await refused('opens-short', { title: `bad ${stamp}`, opens: '09:30' });
  await refused('seen-at-invalid', { title: `bad ${stamp}`, seen_at: 'yesterday' });
  await refused('price-text', { title: `bad ${stamp}`, price: 'abc' });
  await refused('spec-label-missing', { title: `bad ${stamp}`, spec: { weight: 1 } });
  await refused('dims-axis-missing', { title: `bad ${stamp}`, spec: { label: 's', dims: [{ value: 2 }] } });
  await refused('dims-axis-enum', { title: `bad ${stamp}`, spec: { label: 's', dims: [{ axis: 'w' }] } });
  await refused('variant-stock-min', { title: `bad ${stamp}`, variants: [{ name: 'v', stock: -1 }] });
  await refused('zone-unknown-component', { title: `bad ${stamp}`, zone: [{ __component: 'kit.nope' }] });
  await refused('zone-missing-component', { title: `bad ${stamp}`, zone: [{ text: 'x' }] });
  await refused('zone-quote-text-missing', { title: `bad ${stamp}`, zone: [{ __component: 'kit.quote', author: 'a' }] });
  await refused('zone-banner-link-regex', { title: `bad ${stamp}`, zone: [{ __component: 'kit.banner', link: 'ftp://x' }] });
  await refused('relation-missing-target', { title: `bad ${stamp}`, owner: 'doesnotexist0000000000000' });
  await refused('unknown-attribute', { title: `bad ${stamp}`, nope: 1 });
  await refused('owner-name-unique', { name: `${stamp} Ann` }, '/api/owners');
  await refused('owner-name-missing', { level: 2 }, '/api/owners');
  await refused('tag-label-missing', { weight: 1 }, '/api/tags');
  await put('write.error.setting-min', '/api/setting', { max_items: -1 });
  await put('write.error.update-rank-max', `/api/widgets/${gamma}`, { rank: 500 });

  // Writes that succeed.
  await put('write.connect-disconnect', `/api/widgets/${gamma}?fields[0]=title&populate[tags][fields][0]=label&populate[tags][sort]=label`, { tags: { connect: [root], disconnect: [child] } });
  await put('write.set-relation', `/api/widgets/${gamma}?fields[0]=title&populate[owner][fields][0]=name&populate[main_tag][fields][0]=label`, { owner: bob, main_tag: { set: [root] } });
  await put('write.component-replace', `/api/widgets/${gamma}?fields[0]=title&populate[spec][populate]=*`, { spec: { label: 'new spec', dims: [{ axis: 'z', value: 9 }] } });
  await put('write.zone-replace', `/api/widgets/${gamma}?fields[0]=title&populate[zone][populate]=*`, { zone: [{ __component: 'kit.quote', text: 'only' }] });
  await put('write.defaults-kept', `/api/widgets/${gamma}?fields[0]=title&fields[1]=rank&fields[2]=price&fields[3]=active&fields[4]=size`, { summary: 'later' });
  await put('write.gamma-fr-defaults', `/api/widgets/${gamma}?locale=fr`, { title: `${stamp} gamma fr` });
  await put('write.owner-update', `/api/owners/${bob}?populate[favourites][fields][0]=label`, { level: 9, favourites: [leaf] });
  await put('write.tag-parent-null', `/api/tags/${leaf}?populate=parent`, { parent: null });
  await put('write.setting-update', '/api/setting?populate[featured][fields][0]=title', { motto: 'bake', featured: { disconnect: [gamma] } });
  await post('write.widget-all-defaults', '/api/widgets', { title: `${stamp} delta` });
  await post('write.widget-with-json-scalars', '/api/widgets?fields[0]=extra&fields[1]=views', { title: `${stamp} eps`, extra: [1, 'two', null], views: 12 });
  await record('write.delete-widget-fr', { method: 'DELETE', path: `/api/widgets/${gamma}?locale=fr` });
  await get('write.after-delete-fr', `/api/widgets/${gamma}?locale=fr`);
  await record('write.delete-tag-draft', { method: 'DELETE', path: `/api/tags/${draftTag}` });
  await get('write.after-delete-tag', `/api/tags/${draftTag}`);
  await record('write.delete-missing', { method: 'DELETE', path: '/api/owners/doesnotexist0000000000000' });

  // GraphQL.
  const wf = `filters: { title: { startsWith: "${stamp}" } }, sort: "title"`;
  await graphql('graphql.widgets', `{ widgets(${wf}) { title code rank views ratio price active launch opens seen_at size extra summary contact slug } }`);
  await graphql('graphql.widgets-relations', `{ widgets(${wf}) { title owner { name mentor { name } } keeper { name } tags(sort: "label") { label parent { label } } main_tag { label } more_tags { label } } }`);
  await graphql('graphql.widgets-components', `{ widgets(${wf}) { title spec { label weight tag { label } dims { axis value unit_tag { label } } } variants { name stock picture { name mime } } cover { name width height } photos { name } } }`);
  await graphql('graphql.widgets-zone', `{ widgets(${wf}) { title zone { __typename ... on ComponentKitBanner { heading link tags { label } } ... on ComponentKitQuote { text author } ... on ComponentKitSpec { label dims { axis } } } } }`);
  await graphql('graphql.widgets-connection', `{ widgets_connection(${wf}, pagination: { page: 1, pageSize: 1 }) { nodes { title } pageInfo { page pageSize pageCount total } } }`);
  await graphql('graphql.widgets-filters', `{ widgets(filters: { title: { startsWith: "${stamp}" }, or: [{ rank: { gt: 5 } }, { size: { eq: "small" } }], tags: { label: { eq: "${stamp} child" } } }, sort: "title") { title } }`);
  await graphql('graphql.widgets-fr', `{ widgets(${wf}, locale: "fr") { title locale summary } }`);
  await graphql('graphql.widgets-draft', `{ widgets(${wf}, status: DRAFT) { title rank } }`);
  await graphql('graphql.widget-one', `{ widget(documentId: "${alpha}") { title localizations { title locale } } }`);
  await graphql('graphql.widget-missing', '{ widget(documentId: "doesnotexist0000000000000") { title } }');
  await graphql('graphql.tags', `{ tags(filters: { label: { startsWith: "${stamp}" } }, sort: "label") { label weight parent { label } children { label } twins { label } widgets { title } } }`);
  await graphql('graphql.owners', `{ owners(filters: { name: { startsWith: "${stamp}" } }, sort: "name") { name level widgets(sort: "title") { title } kept { title } favourites { label } avatar { name } } }`);
  await graphql('graphql.setting', '{ setting { site_name motto max_items spec { label dims { axis unit_tag { label } } } featured { title } } }');
  await graphql('graphql.setting-fr', '{ setting(locale: "fr") { site_name locale } }');
  await graphql('graphql.private-field', `{ widgets(${wf}) { note } }`);
  await graphql('graphql.create-tag', `mutation { createTag(data: { label: "${stamp} gql", weight: 4, parent: "${root}" }, status: PUBLISHED) { label weight parent { label } } }`);
  await graphql('graphql.create-invalid', `mutation { createWidget(data: { title: "x" }) { title } }`);
  await graphql('graphql.create-rank-max', `mutation { createWidget(data: { title: "bad ${stamp} gql", rank: 400 }) { title } }`);
  await graphql('graphql.update-widget', `mutation { updateWidget(documentId: "${alpha}", data: { rank: 7, spec: { label: "gql spec" } }) { title rank spec { label dims { axis } } } }`);
  await graphql('graphql.update-setting', `mutation { updateSetting(data: { motto: "grill" }) { site_name motto } }`);
  await graphql('graphql.delete-widget', `mutation { deleteWidget(documentId: "${beta}") { documentId } }`);
  await get('write.after-graphql-delete', `/api/widgets/${beta}?status=draft`);

  await moreSteps(context, { alpha, gamma, root, child, leaf, ann });
  await extraSteps(context, { alpha, gamma });
  await probeSteps(context);
  await errorSteps(context);
  await exploredSteps(context);
}
