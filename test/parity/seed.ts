// The small, fixed data set the recorded parity cases read (test/parity/README.md): created through
// the public REST API, so the same function seeds the Strapi oracle and the generated app. Every
// name starts with `PB`/`pb-`, so the cases can scope their filters to it on an oracle that also
// holds other data. Idempotent: an existing `pb-1` article means the set is already there.
import { zeroPng } from '../helpers/hostile-images';

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ data: { id: number; documentId: string } }> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as { data: { id: number; documentId: string } };
}

async function upload(base: string, name: string, width: number): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(zeroPng(width, 8))], { type: 'image/png' }), name);
  form.append('fileInfo', JSON.stringify({ alternativeText: `Alt ${name}`, caption: `Caption ${name}` }));
  const res = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload -> ${res.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { id: number }[])[0].id;
}

/** Categories of each article pb-N (by category key), and whether it stays a draft. */
const ARTICLES: { n: number; categories: string[]; author?: string; draft?: boolean; time?: string }[] = [
  { n: 1, categories: ['design'], author: 'ann', time: '09:30:00.000' },
  { n: 2, categories: ['design', 'code'], author: 'ben', time: '14:00:00.000' },
  { n: 3, categories: ['code'], author: 'ann' },
  { n: 4, categories: [] },
  { n: 5, categories: ['food', 'design'], author: 'ben', time: '09:30:00.000' },
  { n: 6, categories: ['design'], draft: true },
];

async function exists(base: string, query: string): Promise<boolean> {
  const found = (await (await fetch(`${base}${query}`)).json()) as { data: unknown[] };
  return found.data.length > 0;
}

/** Seeds what is missing, in two parts (the second was added later; an oracle may hold only the first). */
export async function seedParity(base: string): Promise<void> {
  if (!(await exists(base, '/api/articles?filters[slug][$eq]=pb-1&status=draft'))) await seedArticles(base);
  if (!(await exists(base, '/api/authors?filters[name][$eq]=PB%20Cy'))) await seedImageOwner(base);
}

/** An image only one author uses: its `related` is the same on every server. */
async function seedImageOwner(base: string): Promise<void> {
  const image = await upload(base, 'pb-image-c.png', 32);
  await call(base, 'POST', '/api/authors', { data: { name: 'PB Cy', email: 'cy.pb@example.com', avatar: image } });
}

async function seedArticles(base: string): Promise<void> {
  const imageA = await upload(base, 'pb-image-a.png', 16);
  const imageB = await upload(base, 'pb-image-b.png', 24);
  const categories: Record<string, string> = {};
  for (const [key, name, position] of [['design', 'PB Design', 1], ['code', 'PB Code', 2], ['food', 'PB Food', 3]] as const) {
    categories[key] = (await call(base, 'POST', '/api/categories', { data: { name, slug: `pb-${key}`, position } })).data.documentId;
  }
  const authors: Record<string, string> = {};
  for (const [key, name] of [['ann', 'PB Ann'], ['ben', 'PB Ben']] as const) {
    authors[key] = (await call(base, 'POST', '/api/authors', { data: { name, email: `${key}.pb@example.com`, avatar: imageB } })).data.documentId;
  }
  for (const a of ARTICLES) {
    const data = {
      title: `PB Article ${a.n}`,
      slug: `pb-${a.n}`,
      views: a.n * 10,
      featured: a.n % 2 === 1,
      publish_time: a.time ?? null,
      cover: a.n <= 3 ? imageA : null,
      gallery: a.n === 1 ? [imageA, imageB] : [],
      author: a.author ? authors[a.author] : null,
      categories: a.categories.map((key) => categories[key]),
      seo: { meta_title: `PB SEO ${a.n}`, meta_social: a.n % 2 === 1 ? [{ social_network: 'Twitter', title: `PB TW ${a.n}` }] : [] },
    };
    await call(base, 'POST', `/api/articles${a.draft ? '?status=draft' : ''}`, { data });
  }
}
