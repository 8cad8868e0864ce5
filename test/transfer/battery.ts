// The reads asked of real Strapi and of a generated app after moving content between them (issue
// "Bring the content along"): REST lists with every populate form, filters, sort, pagination,
// locales, drafts, the single type, media, users, a login with a seeded user's password, and
// GraphQL queries over the same data. Text sorts that collations order differently ("Article 1:" and
// "Article 10") are avoided: the recording comes from Strapi on SQLite and the app runs on three
// databases. Answers are compared whole, ids, documentIds and timestamps
// included: an import keeps them. Only what a server makes up per request is replaced (a login's
// JWT).
import type { Answer } from '../answers/run';

export type Battery = Record<string, Answer>;

/** The seeded user the archives carry (test/transfer/seed-extras.mjs). */
export const SEEDED_USER = { identifier: 'reader1', password: 'Passw0rd!' };

const REST: Record<string, string> = {
  'articles.default': '/api/articles',
  'articles.populate-star': '/api/articles?populate=*',
  'articles.populate-list': '/api/articles?populate[0]=author&populate[1]=categories&populate[2]=cover',
  'articles.populate-nested': '/api/articles?populate[seo][populate][0]=meta_social&populate[seo][populate][1]=share_image&populate[blocks_list]=true',
  'articles.populate-fields': '/api/articles?fields[0]=title&fields[1]=slug&populate[author][fields][0]=name&populate[categories][fields][0]=name&populate[categories][sort][0]=name:asc',
  'articles.populate-dz-on':
    '/api/articles?populate[sections][on][sections.hero][populate]=image&populate[sections][on][sections.rich-text]=true&populate[sections][on][sections.cta][populate]=category',
  'articles.populate-gallery': '/api/articles?fields[0]=title&populate[gallery]=true&populate[cover][fields][0]=url&populate[cover][fields][1]=formats',
  'articles.filter-title': '/api/articles?filters[title][$containsi]=a&fields[0]=title',
  'articles.filter-relation': '/api/articles?filters[author][name][$notNull]=true&filters[categories][slug][$startsWith]=category&fields[0]=title&populate[author][fields][0]=name',
  'articles.filter-or': '/api/articles?filters[$or][0][views][$gt]=500&filters[$or][1][featured][$eq]=true&fields[0]=title&fields[1]=views&fields[2]=featured',
  'articles.sort-multi': '/api/articles?sort[0]=featured:desc&sort[1]=title:asc&fields[0]=title&fields[1]=featured',
  'articles.sort-date': '/api/articles?sort=createdAt:desc&fields[0]=title&fields[1]=createdAt&fields[2]=updatedAt&fields[3]=publishedAt',
  'articles.page-2': '/api/articles?pagination[page]=2&pagination[pageSize]=2&sort=views:desc',
  'articles.start-limit': '/api/articles?pagination[start]=1&pagination[limit]=3&pagination[withCount]=true&sort=id:desc',
  'articles.drafts': '/api/articles?status=draft&populate=*&sort=id',
  'articles.drafts-filtered': '/api/articles?status=draft&filters[publishedAt][$null]=true&fields[0]=title',
  'authors.populate': '/api/authors?populate[avatar]=true&populate[articles][fields][0]=title&populate[articles][fields][1]=views&populate[articles][sort]=views',
  'authors.count-only': '/api/authors?pagination[pageSize]=1&pagination[withCount]=true',
  'categories.default-locale': '/api/categories?populate=articles&sort=position',
  'categories.fr': '/api/categories?locale=fr&sort=position',
  'categories.all-locales': '/api/categories?locale=*&sort[0]=locale&sort[1]=position&fields[0]=name&fields[1]=locale',
  'categories.filter-locale-name': '/api/categories?locale=fr&filters[name][$contains]=Cat&populate[articles][fields][0]=title',
  'homepage.published': '/api/homepage?populate=*',
  'homepage.draft': '/api/homepage?status=draft&populate[featured_articles][fields][0]=title',
  'seo-pages.populate': '/api/seo-pages?populate=article&sort=path',
  'upload.files': '/api/upload/files?sort=id',
  'i18n.locales': '/api/i18n/locales',
};

const GRAPHQL: Record<string, string> = {
  'gql.articles-nested': `{ articles(sort: "views:desc") { documentId title slug views price rating featured publish_date publish_time event_at big_counter metadata createdAt updatedAt publishedAt
      author { documentId name } categories(sort: "name") { documentId name locale } seo { meta_title share_image { url } meta_social { social_network title } }
      blocks_list { title position } cover { url formats } gallery { name }
      sections { __typename ... on ComponentSectionsHero { title image { url } } ... on ComponentSectionsRichText { body } ... on ComponentSectionsCta { label category { name } } } } }`,
  'gql.articles-connection': `{ articles_connection(pagination: { page: 2, pageSize: 2 }, sort: "views") { nodes { documentId title } pageInfo { page pageSize pageCount total } } }`,
  'gql.articles-drafts': `{ articles(status: DRAFT, sort: "createdAt") { documentId title publishedAt } }`,
  'gql.articles-filtered': `{ articles(filters: { or: [{ featured: { eq: true } }, { views: { gt: 500 } }] }, sort: "views") { title views featured } }`,
  'gql.categories-fr': `{ categories(locale: "fr", sort: "position") { documentId name slug locale articles { title } } }`,
  'gql.homepage': `{ homepage { documentId title tagline featured_articles { title } } }`,
  'gql.authors-media': `{ authors(sort: "name") { name email avatar { name url width height formats } articles(sort: "views") { title } } }`,
  'gql.upload-files': `{ uploadFiles(sort: "id") { documentId name url mime size width height formats } }`,
};

async function ask(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: json ? (JSON.parse(text) as unknown) : text || null };
}

function withoutJwt(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('jwt' in body)) return body;
  return { ...(body as Record<string, unknown>), jwt: typeof (body as { jwt?: unknown }).jwt === 'string' ? '<jwt>' : (body as { jwt?: unknown }).jwt };
}

const graphql = (base: string, query: string, token?: string) =>
  ask(base, '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query }) });

/** Every read of the battery against `base`, in a fixed order. */
export async function runBattery(base: string): Promise<Battery> {
  const out: Battery = {};
  for (const [name, path] of Object.entries(REST)) out[name] = await ask(base, path);
  // Documents by documentId, the first and last article as the list gave them.
  const list = (out['articles.default'].body as { data?: { documentId: string }[] }).data ?? [];
  if (list.length > 0) {
    out['articles.one'] = await ask(base, `/api/articles/${list[0].documentId}?populate=*`);
    out['articles.one-draft'] = await ask(base, `/api/articles/${list[list.length - 1].documentId}?status=draft&populate[author]=true&populate[seo]=true`);
  }
  for (const [name, query] of Object.entries(GRAPHQL)) out[name] = await graphql(base, query);
  // A login with the seeded user's original password, then what the user may read.
  const login = await ask(base, '/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SEEDED_USER) });
  out['auth.login'] = { status: login.status, body: withoutJwt(login.body) };
  out['auth.wrong-password'] = await ask(base, '/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...SEEDED_USER, password: 'not-it' }) });
  const jwt = (login.body as { jwt?: string } | null)?.jwt;
  const bearer: Record<string, string> = jwt ? { authorization: `Bearer ${jwt}` } : {};
  out['users.me'] = await ask(base, '/api/users/me?populate=role', { headers: bearer });
  out['users.list'] = await ask(base, '/api/users?populate=role', { headers: bearer });
  out['users.public-list'] = await ask(base, '/api/users');
  out['gql.me'] = await graphql(base, '{ me { username email confirmed blocked role { name type } } }', jwt);
  return out;
}
