// The requests asked of the Strapi oracle and replayed against the generated app, by group; each
// case is recorded into test/parity/answers.json as `<group>/<case>` (test/parity/README.md).
export interface ParityCase {
  name: string;
  /** Path and query string, sent as written (brackets unencoded, as Strapi clients send them). */
  path: string;
}

export interface ParityGroup {
  group: string;
  /** Also compare the order of keys in every object (Strapi's response serialization). */
  keyOrder?: boolean;
  cases: ParityCase[];
}

/** Scope every list to the parity seed, sorted so the order never depends on ids. */
const PB = 'filters[$and][0][slug][$startsWith]=pb-&sort=slug:asc&fields[0]=slug';
/** The article with two categories and an author. */
const PB2 = '/api/articles?filters[slug][$eq]=pb-2';
const not = (filter: string) => `/api/articles?${PB}&filters[$and][1][$not]${filter}`;

export const PARITY_GROUPS: ParityGroup[] = [
  {
    group: 'not-relation',
    cases: [
      { name: '$not through to-many', path: not('[categories][name][$eq]=PB Design') },
      { name: '$not through to-many, drafts', path: `${not('[categories][name][$eq]=PB Design')}&status=draft` },
      { name: '$not through to-one', path: not('[author][name][$eq]=PB Ann') },
      { name: '$not over $and of relation paths', path: not('[$and][0][categories][name][$eq]=PB Design&filters[$and][1][$not][$and][1][categories][name][$eq]=PB Code') },
      { name: '$not over $or of relation and own paths', path: not('[$or][0][categories][name][$eq]=PB Code&filters[$and][1][$not][$or][1][views][$gt]=40') },
      { name: '$not of $not through to-many', path: not('[$not][categories][name][$eq]=PB Design') },
      { name: '$not with $null on to-many', path: not('[categories][name][$null]=true') },
      { name: '$not through component', path: not('[seo][meta_social][social_network][$eq]=Twitter') },
      { name: '$not through media', path: not('[cover][name][$eq]=pb-image-a.png') },
      { name: '$not through two hops', path: not('[categories][articles][slug][$eq]=pb-3') },
      { name: '$and of two to-many conditions', path: `/api/articles?${PB}&filters[$and][1][categories][name][$eq]=PB Design&filters[$and][2][categories][name][$eq]=PB Code` },
      { name: '$not on own field keeps nulls out', path: not('[publish_time][$eq]=09:30:00.000') },
      { name: '$not through an inverse relation', path: '/api/authors?filters[name][$startsWith]=PB&sort=name:asc&fields[0]=name&filters[$not][articles][slug][$eq]=pb-1' },
      { name: '$not over $and inside a relation', path: not('[categories][$and][0][name][$eq]=PB Design&filters[$and][1][$not][categories][$and][1][position][$gt]=0') },
      { name: '$not in a populate filter', path: `/api/articles?${PB}&populate[categories][fields][0]=name&populate[categories][filters][$not][name][$eq]=PB Design` },
      { name: '$not through a relation, $in', path: not('[categories][name][$in][0]=PB Design&filters[$and][1][$not][categories][name][$in][1]=PB Food') },
    ],
  },
  {
    group: 'lenient-params',
    cases: [
      { name: 'page 0 is page 1', path: `/api/articles?${PB}&pagination[page]=0&pagination[pageSize]=2` },
      { name: 'non-numeric page', path: `/api/articles?${PB}&pagination[page]=abc&pagination[pageSize]=2` },
      { name: 'pageSize 0', path: `/api/articles?${PB}&pagination[pageSize]=0` },
      { name: 'negative pageSize', path: `/api/articles?${PB}&pagination[pageSize]=-5` },
      { name: 'non-numeric pageSize', path: `/api/articles?${PB}&pagination[pageSize]=abc` },
      { name: 'fractional pageSize', path: `/api/articles?${PB}&pagination[pageSize]=2.5` },
      { name: 'limit -1', path: `/api/articles?${PB}&pagination[limit]=-1` },
      { name: 'limit 0', path: `/api/articles?${PB}&pagination[limit]=0` },
      { name: 'limit -7', path: `/api/articles?${PB}&pagination[limit]=-7` },
      { name: 'non-numeric limit', path: `/api/articles?${PB}&pagination[limit]=abc` },
      { name: 'negative start', path: `/api/articles?${PB}&pagination[start]=-1&pagination[limit]=2` },
      { name: 'non-numeric start', path: `/api/articles?${PB}&pagination[start]=abc&pagination[limit]=2` },
      { name: 'locale as a list', path: '/api/categories?filters[slug][$startsWith]=pb-&sort=slug:asc&fields[0]=name&locale[0]=fr' },
      { name: 'status as a list', path: `/api/articles?${PB}&status[0]=draft` },
      { name: 'count on a media populate is ignored', path: `/api/articles?${PB}&populate[cover][count]=true` },
      { name: 'count on a relation populate', path: `/api/articles?${PB}&populate[categories][count]=true` },
      { name: 'count on a to-one relation populate', path: `/api/articles?${PB}&populate[author][count]=true` },
      { name: 'count on a component', path: `/api/articles?${PB}&populate[seo][count]=true` },
      { name: 'count on a repeatable component', path: `/api/articles?${PB}&populate[seo][populate][meta_social][count]=true` },
      { name: 'count false on a component', path: `/api/articles?${PB}&populate[seo][count]=false` },
      { name: 'count false on a media populate', path: `/api/articles?${PB}&populate[gallery][count]=false` },
    ],
  },
  {
    group: 'strict-params',
    cases: [
      { name: 'populate=true', path: `/api/articles?${PB}&populate=true` },
      { name: 'populate=false', path: `/api/articles?${PB}&populate=false` },
      { name: 'empty field name', path: '/api/articles?filters[slug][$startsWith]=pb-&sort=slug:asc&fields[0]=' },
      { name: 'empty name in a comma list', path: '/api/articles?filters[slug][$startsWith]=pb-&sort=slug:asc&fields=slug,' },
      { name: 'comma list with spaces', path: '/api/articles?filters[slug][$startsWith]=pb-&sort=slug:asc&fields=slug, views' },
      { name: 'two names in one list item', path: '/api/articles?filters[slug][$startsWith]=pb-&sort=slug:asc&fields[0]=slug,views' },
      { name: 'a bad name in a list item with a comma', path: '/api/articles?filters[slug][$startsWith]=pb-&sort=slug:asc&fields[0]=slug,nope' },
      { name: 'empty field name in populate', path: `/api/articles?${PB}&populate[author][fields][0]=` },
      { name: 'time without seconds', path: `/api/articles?${PB}&filters[publish_time][$eq]=09:30` },
      { name: 'time with seconds', path: `/api/articles?${PB}&filters[publish_time][$eq]=09:30:00` },
      { name: 'time in full', path: `/api/articles?${PB}&filters[publish_time][$eq]=09:30:00.000` },
      { name: 'time not a time', path: `/api/articles?${PB}&filters[publish_time][$eq]=soon` },
      { name: 'time in $in', path: `/api/articles?${PB}&filters[publish_time][$in][0]=09:30` },
    ],
  },
  {
    group: 'media-related',
    cases: [
      { name: 'single media, populate *', path: '/api/authors?filters[name][$eq]=PB Cy&fields[0]=name&populate[avatar][populate]=*' },
      { name: 'single media, related named', path: '/api/authors?filters[name][$eq]=PB Cy&fields[0]=name&populate[avatar][populate][related]=true' },
      { name: 'single media, related as a string', path: '/api/authors?filters[name][$eq]=PB Cy&fields[0]=name&populate[avatar][populate]=related' },
      { name: 'related with options is left out', path: '/api/authors?filters[name][$eq]=PB Cy&fields[0]=name&populate[avatar][populate][related][fields][0]=name' },
      { name: 'related false', path: '/api/authors?filters[name][$eq]=PB Cy&fields[0]=name&populate[avatar][populate][related]=false' },
      { name: 'media fields and related', path: '/api/authors?filters[name][$eq]=PB Cy&fields[0]=name&populate[avatar][fields][0]=name&populate[avatar][populate]=*' },
    ],
  },
  {
    group: 'key-order',
    keyOrder: true,
    cases: [
      { name: 'fields in request order', path: `${PB2}&fields[0]=slug&fields[1]=title` },
      { name: 'a timestamp asked first', path: `${PB2}&fields[0]=createdAt&fields[1]=slug` },
      { name: 'id and documentId asked for', path: `${PB2}&fields=title,documentId,id` },
      { name: 'populate as a list', path: `${PB2}&fields[0]=slug&populate[0]=categories&populate[1]=author` },
      { name: 'populate as a comma string', path: `${PB2}&fields[0]=slug&populate=seo,author` },
      { name: 'populate as an object', path: `${PB2}&fields[0]=slug&populate[categories]=true&populate[author]=true` },
      { name: 'populate with fields in request order', path: `${PB2}&fields[0]=views&fields[1]=slug&populate[categories][fields][0]=slug&populate[author][fields][0]=email&populate[author][fields][1]=name` },
      { name: 'populate inside a component', path: `${PB2}&fields[0]=slug&populate[seo][populate][meta_social]=true&populate[seo][populate][share_image]=true` },
      { name: 'populate * in schema order', path: `${PB2}&fields[0]=slug&populate=*` },
      { name: 'a dynamic zone after the rest', path: `${PB2}&fields[0]=slug&populate[sections]=true&populate[author]=true&populate[cover]=true&populate[blocks_list]=true` },
      { name: 'a dynamic zone after the rest, string list', path: `${PB2}&fields[0]=slug&populate=sections,seo,author` },
      { name: 'localizations in request order', path: '/api/categories?filters[slug][$eq]=pb-code&fields[0]=name&populate[localizations]=true&populate[articles][fields][0]=slug' },
      { name: 'every field', path: `${PB2}&populate[seo][fields][0]=meta_title` },
    ],
  },
];
