// The app-vs-app scenarios: requests the floor does not serve, each measured against a baseline
// scenario of the same app in the same rotation (bench/app-phase.ts), so the number reported is a
// ratio between two workloads of one server, not between two servers.
import { LIST_PATH } from './config';
import type { LoadOptions } from './load';
import type { SeedIds } from './scenarios';

export type AppScenarioName = 'list-populate' | 'list-populate-auth' | 'get-one-deep' | 'list-fields' | 'graphql-list' | 'login';

/** What the scenarios need besides the seeded ids: the user registered on the app child. */
export interface AppContext {
  ids: SeedIds;
  jwt: string;
  identifier: string;
  password: string;
}

export interface SampleRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface AppScenario {
  name: AppScenarioName;
  /** The scenario this one is a ratio to; none for a baseline or an absolute figure (login). */
  baseline?: AppScenarioName;
  /** What the ratio should be, as printed in the table. */
  target: string;
  description: string;
  /** Served only when the app has its GraphQL endpoint (a 404 on the sample skips it). */
  graphql?: boolean;
  load(ctx: AppContext): LoadOptions;
  sample(ctx: AppContext): SampleRequest;
  /** A problem with the sample's answer (status already checked to be 2xx), if any. */
  check(body: unknown): string | undefined;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

// Every component of the zone is named under `on`: with `on`, an unnamed component's entries are left
// out (as Strapi does since 4b77227), while 4d87da5 still answered them, so naming only hero and cta
// had the baseline answer 13% more bytes and run one more statement than today's app.
export const DEEP_POPULATE =
  'populate[sections][on][sections.hero][populate]=*&populate[sections][on][sections.rich-text]=true&populate[sections][on][sections.cta][populate]=*' +
  '&populate[seo][populate]=*&populate[blocks_list]=true&populate[categories]=true&populate[author]=true';

/** The REST equivalent of GRAPHQL_LIST_QUERY: the same fields, author and categories by name. */
export const LIST_FIELDS_PATH =
  '/api/articles?pagination[pageSize]=25&populate[author][fields][0]=name&populate[categories][fields][0]=name' +
  '&fields[0]=title&fields[1]=slug&fields[2]=summary&fields[3]=views&fields[4]=rating&fields[5]=publishedAt';

export const GRAPHQL_LIST_QUERY =
  'query { articles(pagination: { pageSize: 25 }) { documentId title slug summary views rating publishedAt author { documentId name } categories { documentId name } } }';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (v: unknown, key: string): unknown => (isRecord(v) ? v[key] : undefined);
const length = (v: unknown): number => (Array.isArray(v) ? v.length : -1);

function pageOf25(body: unknown): string | undefined {
  const n = length(field(body, 'data'));
  return n === 25 ? undefined : `expected 25 articles in data, got ${n}`;
}

function deepArticle(body: unknown): string | undefined {
  const data = field(body, 'data');
  const missing = ['seo', 'blocks_list', 'sections', 'author', 'categories'].filter((k) => field(data, k) === undefined || field(data, k) === null);
  if (missing.length) return `missing ${missing.join(', ')} in the populated article`;
  if (length(field(field(data, 'seo'), 'meta_social')) < 1) return 'seo.meta_social was not populated';
  return length(field(data, 'sections')) < 1 || length(field(data, 'blocks_list')) < 1 ? 'empty sections or blocks_list' : undefined;
}

function graphqlPage(body: unknown): string | undefined {
  const errors = field(body, 'errors');
  if (errors !== undefined) return `GraphQL errors: ${JSON.stringify(errors).slice(0, 300)}`;
  const n = length(field(field(body, 'data'), 'articles'));
  return n === 25 ? undefined : `expected 25 articles in data.articles, got ${n}`;
}

function loginAnswer(body: unknown): string | undefined {
  return typeof field(body, 'jwt') === 'string' ? undefined : 'no jwt in the login answer';
}

const get = (path: string, headers: Record<string, string> = {}): SampleRequest => ({ method: 'GET', path, headers });
const post = (path: string, body: unknown): SampleRequest => ({ method: 'POST', path, headers: JSON_HEADERS, body: JSON.stringify(body) });
/** A fixed request as autocannon options. */
const fixed = (req: SampleRequest): LoadOptions => ({
  method: req.method,
  requests: [{ method: req.method, path: req.path, headers: req.headers, ...(req.body === undefined ? {} : { body: req.body }) }],
});
const bearer = (ctx: AppContext) => ({ authorization: `Bearer ${ctx.jwt}` });
const loginBody = (ctx: AppContext) => ({ identifier: ctx.identifier, password: ctx.password });

/** In rotation order: each round measures every selected scenario once, in this order. */
export const APP_SCENARIOS: AppScenario[] = [
  {
    name: 'list-populate',
    target: 'baseline',
    description: `GET ${LIST_PATH}, anonymous (the floor table's list, on this app child)`,
    load: () => fixed(get(LIST_PATH)),
    sample: () => get(LIST_PATH),
    check: pageOf25,
  },
  {
    name: 'list-populate-auth',
    baseline: 'list-populate',
    target: '≈ 100%',
    description: 'the same list with `Authorization: Bearer <jwt>` of a registered user (Authenticated role)',
    load: (ctx) => fixed(get(LIST_PATH, bearer(ctx))),
    sample: (ctx) => get(LIST_PATH, bearer(ctx)),
    check: pageOf25,
  },
  {
    name: 'get-one-deep',
    baseline: 'list-populate',
    target: 'report',
    description: 'GET /api/articles/:documentId of a random article with components, populating sections (hero, cta), seo, blocks_list, categories, author',
    load: (ctx) => ({
      method: 'GET',
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/articles/${pick(ctx.ids.deepArticles)}?${DEEP_POPULATE}` }) }],
    }),
    sample: (ctx) => get(`/api/articles/${ctx.ids.deepArticles[ctx.ids.deepArticles.length >> 1]}?${DEEP_POPULATE}`),
    check: deepArticle,
  },
  {
    name: 'list-fields',
    baseline: 'list-populate',
    target: 'report',
    description: `GET ${LIST_FIELDS_PATH}: the REST equivalent of graphql-list`,
    load: () => fixed(get(LIST_FIELDS_PATH)),
    sample: () => get(LIST_FIELDS_PATH),
    check: pageOf25,
  },
  {
    name: 'graphql-list',
    baseline: 'list-fields',
    target: '≥ 80%',
    description: 'POST /graphql `articles(pagination: { pageSize: 25 })` with the same fields, author and categories',
    graphql: true,
    load: () => fixed(post('/graphql', { query: GRAPHQL_LIST_QUERY })),
    sample: () => post('/graphql', { query: GRAPHQL_LIST_QUERY }),
    check: graphqlPage,
  },
  {
    name: 'login',
    target: 'bcrypt-bound (see "login bound")',
    description: 'POST /api/auth/local with valid credentials: one bcrypt (cost 10) comparison per request bounds it',
    load: (ctx) => fixed(post('/api/auth/local', loginBody(ctx))),
    sample: (ctx) => post('/api/auth/local', loginBody(ctx)),
    check: loginAnswer,
  },
];

/** Names of app scenarios that are selectable in BENCH_SCENARIOS (the list baseline is the floor table's `list-populate`). */
export const SELECTABLE_APP_SCENARIOS = APP_SCENARIOS.filter((s) => s.name !== 'list-populate').map((s) => s.name);

/** The selected scenarios plus the baselines they are ratios to, in rotation order. */
export function withBaselines(selected: readonly string[]): AppScenario[] {
  const wanted = new Set(selected);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of APP_SCENARIOS) {
      if (wanted.has(s.name) && s.baseline && !wanted.has(s.baseline)) {
        wanted.add(s.baseline);
        grew = true;
      }
    }
  }
  // A baseline alone (list-populate selected for the floor table) is not an app scenario run.
  const hasVariant = APP_SCENARIOS.some((s) => wanted.has(s.name) && s.name !== 'list-populate');
  return hasVariant ? APP_SCENARIOS.filter((s) => wanted.has(s.name)) : [];
}
