// The scale mode's requests. Every path is valid on both servers (the generated app and real
// Strapi 5 seeded with the same content): what differs per server is only which documentIds exist,
// so each server gets its own id lists.
import { DEEP_POPULATE, GRAPHQL_LIST_QUERY } from '../app-scenarios';
import { LIST_PATH } from '../config';
import type { LoadOptions } from '../load';

/** documentIds a server can be asked for (a sample for large sizes: see ids.ts). */
export interface ScaleIds {
  articles: string[];
  /** Published articles with components (every DEEP_EVERY-th seeded one). */
  deepArticles: string[];
  /** Articles seeded, for slugs `article-<i>`. */
  articleCount: number;
}

export interface ScaleRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ScaleScenario {
  name: string;
  /** What it asks the database, for the report. */
  description: string;
  /** Whether an index can answer it (the 2× growth target applies only to these). */
  flat: boolean;
  /** Both servers must answer the same articles in the same order (checked on the sample; a note when not). */
  sameAnswer?: boolean;
  /** One request; random choices come from `ids` (called once per request under load). */
  request(ids: ScaleIds): ScaleRequest;
  /** A problem with a 200 answer's body, if any (`articles` = how many were seeded). */
  check(body: unknown, ids: ScaleIds): string | undefined;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const get = (path: string): ScaleRequest => ({ method: 'GET', path });
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (v: unknown, key: string): unknown => (isRecord(v) ? v[key] : undefined);
const length = (v: unknown): number => (Array.isArray(v) ? v.length : -1);

/** A page of `expected` items (fewer when the seeded set is smaller). */
function page(expected: (ids: ScaleIds) => number) {
  return (body: unknown, ids: ScaleIds): string | undefined => {
    const n = length(field(body, 'data'));
    const want = expected(ids);
    return n === want ? undefined : `expected ${want} articles in data, got ${n}`;
  };
}

const firstPage = page((ids) => Math.min(25, ids.articleCount));

/** A page whose size depends on the random request (a search): a list of at most 25. */
function upTo25(body: unknown): string | undefined {
  const n = length(field(body, 'data'));
  return n >= 0 && n <= 25 ? undefined : `expected a list of at most 25 articles in data, got ${n}`;
}
const PAGE = 2000;
const PAGE_SIZE = 25;
/** Page 2000 of 25: items 49,976-50,000, which exist from 50k articles on. */
const deepPage = page((ids) => Math.max(0, Math.min(PAGE_SIZE, ids.articleCount - (PAGE - 1) * PAGE_SIZE)));

function one(body: unknown): string | undefined {
  return isRecord(field(body, 'data')) ? undefined : 'no document in data';
}

function deepOne(body: unknown): string | undefined {
  const data = field(body, 'data');
  const missing = ['seo', 'blocks_list', 'sections', 'author', 'categories'].filter((k) => field(data, k) === undefined || field(data, k) === null);
  return missing.length ? `missing ${missing.join(', ')} in the populated article` : undefined;
}

function graphqlPage(body: unknown, ids: ScaleIds): string | undefined {
  const errors = field(body, 'errors');
  if (errors !== undefined) return `GraphQL errors: ${JSON.stringify(errors).slice(0, 300)}`;
  const n = length(field(field(body, 'data'), 'articles'));
  const want = Math.min(25, ids.articleCount);
  return n === want ? undefined : `expected ${want} articles in data.articles, got ${n}`;
}

/**
 * Search words, from the seed's vocabulary (bench/seed-data.ts). A pair of them occurs in a few
 * percent of the articles: the first page still fills after some hundred rows, while the count
 * reads every row. 400 pairs: the count cache (runtime/engine/count-cache.ts), which would serve a
 * repeated search, rarely sees one twice in a run, so the row measures the uncached cost.
 */
export const SEARCH_WORDS = ['alpha', 'bravo', 'quebec', 'romeo', 'schema', 'relation', 'populate', 'filter', 'locale', 'query', 'draft', 'publish', 'zulu', 'media', 'upload', 'index', 'cache', 'server', 'document', 'version'];

export const SCALE_SCENARIOS: ScaleScenario[] = [
  {
    name: 'list',
    sameAnswer: true,
    description: 'first page of 25, no count (`pagination[withCount]=false`)',
    flat: true,
    request: () => get('/api/articles?pagination[pageSize]=25&pagination[withCount]=false'),
    check: firstPage,
  },
  {
    name: 'list-populate',
    sameAnswer: true,
    description: 'first page of 25 with author and categories, and the count (the default)',
    flat: true,
    request: () => get(LIST_PATH),
    check: firstPage,
  },
  {
    name: 'with-count',
    sameAnswer: true,
    description: 'first page of 25 and `meta.pagination.total` (`pagination[withCount]=true`)',
    flat: true,
    request: () => get('/api/articles?pagination[pageSize]=25&pagination[withCount]=true'),
    check: firstPage,
  },
  {
    name: 'filter-indexed',
    description: '`filters[slug][$eq]=article-<random>`: a unique attribute (indexed), one match',
    flat: true,
    request: (ids) => get(`/api/articles?filters[slug][$eq]=article-${1 + Math.floor(Math.random() * ids.articleCount)}`),
    check: page(() => 1),
  },
  {
    name: 'filter-unindexed',
    description: '`filters[views][$gte]=<random 0–89,999>`: an attribute without an index; a fresh threshold per request, so each count reads the table',
    flat: false,
    request: () => get(`/api/articles?filters[views][$gte]=${Math.floor(Math.random() * 90_000)}&pagination[pageSize]=25`),
    check: firstPage,
  },
  {
    name: 'sort',
    description: '`sort=publishedAt:desc`: newest first, on the publication index',
    flat: true,
    request: () => get('/api/articles?sort=publishedAt:desc&pagination[pageSize]=25'),
    check: firstPage,
  },
  {
    name: 'sort-unindexed',
    sameAnswer: true,
    description: '`sort=views:desc`: an attribute without an index',
    flat: false,
    request: () => get('/api/articles?sort=views:desc&pagination[pageSize]=25'),
    check: firstPage,
  },
  {
    name: 'deep-page',
    sameAnswer: true,
    description: '`pagination[page]=2000` of 25 (items 49,976–50,000; empty below 50k articles)',
    flat: true,
    request: () => get(`/api/articles?pagination[page]=${PAGE}&pagination[pageSize]=${PAGE_SIZE}`),
    check: deepPage,
  },
  {
    name: 'search',
    description: '`_q=<two words>`: text search over every string attribute (no index serves a substring match); a pair of the seed\'s words drawn per request, so each count reads the table',
    flat: false,
    request: () => get(`/api/articles?_q=${pick(SEARCH_WORDS)}%20${pick(SEARCH_WORDS)}&pagination[pageSize]=25`),
    check: upTo25,
  },
  {
    name: 'get-one',
    description: '`GET /api/articles/:documentId` of a random article',
    flat: true,
    request: (ids) => get(`/api/articles/${pick(ids.articles)}`),
    check: one,
  },
  {
    name: 'get-deep',
    description: 'a random article with components, populating sections, seo, blocks_list, categories, author',
    flat: true,
    request: (ids) => get(`/api/articles/${pick(ids.deepArticles)}?${DEEP_POPULATE}`),
    check: deepOne,
  },
  {
    name: 'graphql-list',
    sameAnswer: true,
    description: '`articles(pagination: { pageSize: 25 })` with author and categories',
    flat: true,
    request: () => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: GRAPHQL_LIST_QUERY }) }),
    check: graphqlPage,
  },
];

/** autocannon options that draw a fresh request per call (random ids stay random under load). */
export function loadOptions(scenario: ScaleScenario, ids: ScaleIds): LoadOptions {
  const first = scenario.request(ids);
  return {
    // A full-table scan per request at 1M articles, queued behind nine others, takes longer than
    // autocannon's 10 s default: a slow answer is a measurement, not a failure.
    timeout: 120,
    method: first.method,
    ...(first.headers ? { headers: first.headers } : {}),
    requests: [
      {
        method: first.method,
        ...(first.headers ? { headers: first.headers } : {}),
        ...(first.body === undefined ? {} : { body: first.body }),
        setupRequest: (req) => {
          const r = scenario.request(ids);
          return { ...req, path: r.path, ...(r.body === undefined ? {} : { body: r.body }) };
        },
      },
    ],
  };
}

/** BENCH_SCALE_SCENARIOS: a comma list of names (default all). */
export function selectedScaleScenarios(raw = process.env.BENCH_SCALE_SCENARIOS): ScaleScenario[] {
  const wanted = raw?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!wanted?.length) return SCALE_SCENARIOS;
  const unknown = wanted.filter((w) => !SCALE_SCENARIOS.some((s) => s.name === w));
  if (unknown.length) throw new Error(`BENCH_SCALE_SCENARIOS: unknown ${unknown.join(', ')} (known: ${SCALE_SCENARIOS.map((s) => s.name).join(', ')})`);
  return SCALE_SCENARIOS.filter((s) => wanted.includes(s.name));
}
