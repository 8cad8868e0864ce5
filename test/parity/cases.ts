// The requests asked of the Strapi oracle and replayed against the generated app, by group; each
// group is recorded into test/parity/recorded/<group>.json (test/parity/README.md).
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
    ],
  },
];
