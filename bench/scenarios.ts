// The three measured scenarios: what autocannon sends, and one sample request per scenario for the
// payload comparison. Both servers get the same requests; random choices come from the same lists.
import { LIST_PATH } from './config';
import type { LoadOptions } from './load';

export type ScenarioName = 'list-populate' | 'get-one' | 'create';

/** documentIds of the seeded database (identical in both copies). */
export interface SeedIds {
  articles: string[];
  /** Published articles that have seo, blocks_list and sections (every 10th seeded one). */
  deepArticles: string[];
  authors: string[];
  categories: string[];
}

export interface Scenario {
  name: ScenarioName;
  description: string;
  /** Writes: each run gets a server restarted on a fresh copy of the seeded database. */
  mutates: boolean;
  /** autocannon options minus url/connections/duration. */
  load(ids: SeedIds): LoadOptions;
  /** One deterministic request, sent to both servers to compare the bytes they answer. */
  sample(ids: SeedIds): { method: string; path: string; body?: string };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The small article a client would POST: a title, a number, an author and two categories. */
function createBody(title: string, author: string, categories: string[]): string {
  return JSON.stringify({ data: { title, views: 42, author, categories } });
}

function twoCategories(ids: SeedIds): string[] {
  const first = pick(ids.categories);
  let second = pick(ids.categories);
  while (second === first) second = pick(ids.categories);
  return [first, second];
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'list-populate',
    description: `GET ${LIST_PATH}: page 1 of the 10,000 published articles with author and categories`,
    mutates: false,
    load: () => ({ method: 'GET', requests: [{ method: 'GET', path: LIST_PATH }] }),
    sample: () => ({ method: 'GET', path: LIST_PATH }),
  },
  {
    name: 'get-one',
    description: 'GET /api/articles/:documentId of a random published article, no populate',
    mutates: false,
    load: (ids) => ({
      method: 'GET',
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/articles/${pick(ids.articles)}` }) }],
    }),
    sample: (ids) => ({ method: 'GET', path: `/api/articles/${ids.articles[ids.articles.length >> 1]}` }),
  },
  {
    name: 'create',
    description: 'POST /api/articles {title, views, author, categories[2]}: draft + published rows, links, 201',
    mutates: true,
    load: (ids) => ({
      method: 'POST',
      headers: JSON_HEADERS,
      requests: [
        {
          method: 'POST',
          path: '/api/articles',
          headers: JSON_HEADERS,
          setupRequest: (req) => ({ ...req, body: createBody(`Bench article ${Math.random().toString(36).slice(2, 10)}`, pick(ids.authors), twoCategories(ids)) }),
        },
      ],
    }),
    sample: (ids) => ({ method: 'POST', path: '/api/articles', body: createBody('Bench article payload check', ids.authors[0], ids.categories.slice(0, 2)) }),
  },
];
