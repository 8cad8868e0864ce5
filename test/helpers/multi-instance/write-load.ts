// A mixed write load on articles spread round-robin over several instances: creates with
// relations, components, a dynamic zone and media; draft updates; publishes; uploads linked to a
// media field; deletes. Each document is written by one worker, one request at a time, so what
// the database must hold for it follows from the requests that were acknowledged (2xx), which
// `verifyDocument` then compares with the rows, using SQL.
import type { Db } from '../../../runtime/db/types';

const ARTICLE = 'api::article.article';

export interface Target {
  url: string;
}

/** What a document's versions must hold, from its acknowledged writes. */
export interface ExpectedVersion {
  title: string;
  categories: number;
  metaSocial: number;
  sections: number;
  gallery: number;
  cover: number;
}

export interface ExpectedArticle {
  documentId: string;
  deleted: boolean;
  draft: ExpectedVersion;
  published: ExpectedVersion | null;
}

export interface LoadFixtures {
  author: string;
  categories: string[];
  /** File ids uploaded beforehand, for cover and gallery. */
  files: number[];
}

export interface LoadReport {
  articles: ExpectedArticle[];
  /** Requests answered with something else than 2xx (or not at all), with the answer. */
  failures: string[];
  requests: number;
  /** Uploads acknowledged (each stored one file record). */
  uploads: number;
  perInstance: number[];
}

/** Picks the next instance, round-robin over the whole load. */
export function roundRobin(targets: readonly Target[]) {
  let next = 0;
  const perInstance = targets.map(() => 0);
  return {
    perInstance,
    pick(): Target {
      const index = next++ % targets.length;
      perInstance[index]++;
      return targets[index];
    },
  };
}

async function send(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${base}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

export async function uploadText(base: string, name: string, content: string, link?: { refId: string; field: string }): Promise<{ status: number; body: any; text: string }> {
  const form = new FormData();
  form.append('files', new Blob([content], { type: 'text/plain' }), name);
  if (link) {
    form.append('ref', ARTICLE);
    form.append('refId', link.refId);
    form.append('field', link.field);
  }
  const res = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

/** Runs `workers` writers, each on documents of its own, `perWorker` documents each. */
export async function runWriteLoad(targets: readonly Target[], fixtures: LoadFixtures, workers: number, perWorker: number): Promise<LoadReport> {
  const rr = roundRobin(targets);
  const articles: ExpectedArticle[] = [];
  const failures: string[] = [];
  let requests = 0;
  let uploads = 0;
  const ok = (what: string, res: { status: number; text: string }) => {
    requests++;
    if (res.status >= 200 && res.status < 300) return true;
    failures.push(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return false;
  };
  const [c1, c2, c3] = fixtures.categories;
  const [f1, f2, f3] = fixtures.files;

  const worker = async (w: number) => {
    for (let k = 0; k < perWorker; k++) {
      const title = `load ${w}-${k}`;
      const publishNow = k % 2 === 0;
      const created = await send(rr.pick().url, 'POST', `/api/articles${publishNow ? '' : '?status=draft'}`, {
        data: {
          title,
          author: fixtures.author,
          categories: [c1, c2],
          seo: { meta_title: title, meta_social: [{ social_network: 'Twitter', title: 't1' }, { social_network: 'Facebook', title: 't2' }] },
          sections: [{ __component: 'sections.hero', title: 'h' }, { __component: 'sections.cta', label: 'go', category: c1 }],
          cover: f1,
          gallery: [f2, f3],
        },
      });
      if (!ok(`create ${title}`, created)) continue;
      const version: ExpectedVersion = { title, categories: 2, metaSocial: 2, sections: 2, gallery: 2, cover: 1 };
      const doc: ExpectedArticle = { documentId: created.body.data.documentId, deleted: false, draft: { ...version }, published: publishNow ? { ...version } : null };
      articles.push(doc);

      const title2 = `${title} v2`;
      const updated = await send(rr.pick().url, 'PUT', `/api/articles/${doc.documentId}?status=draft`, {
        data: { title: title2, categories: [c3], seo: { meta_title: title2, meta_social: [{ social_network: 'Twitter', title: 'only' }] }, sections: [{ __component: 'sections.hero', title: 'h2' }] },
      });
      if (ok(`update ${title}`, updated)) doc.draft = { ...doc.draft, title: title2, categories: 1, metaSocial: 1, sections: 1 };

      if (k % 3 === 0) {
        const linked = await uploadText(rr.pick().url, `w${w}-${k}.txt`, `attachment of ${title}`, { refId: doc.documentId, field: 'gallery' });
        requests++;
        if (linked.status === 201) {
          uploads++;
          // Every version of the entry gets the link (docs/upload.md).
          doc.draft.gallery++;
          if (doc.published) doc.published.gallery++;
        } else failures.push(`upload for ${title}: ${linked.status} ${linked.text.slice(0, 300)}`);
      }

      if (k % 2 === 1) {
        const published = await send(rr.pick().url, 'POST', `/api/articles/${doc.documentId}/publish`);
        if (ok(`publish ${title}`, published)) doc.published = { ...doc.draft };
      }

      if (k % 4 === 3) {
        const deleted = await send(rr.pick().url, 'DELETE', `/api/articles/${doc.documentId}`);
        if (ok(`delete ${title}`, deleted)) doc.deleted = true;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return { articles, failures, requests, uploads, perInstance: rr.perInstance };
}

const n = async (db: Db, sql: string, params: (string | number)[]) => Number((await db.query(sql, params))[0].n);

async function versionState(db: Db, rowId: number, title: unknown): Promise<ExpectedVersion> {
  const seo = await db.query(`SELECT id FROM components_shared_seos WHERE owner_type = ? AND owner_id = ? AND owner_field = 'seo'`, [ARTICLE, rowId]);
  return {
    title: String(title),
    categories: await n(db, 'SELECT COUNT(*) AS n FROM articles_categories_lnk WHERE source_id = ?', [rowId]),
    // One seo row per version: a second one would be an orphan of a lost race.
    metaSocial: seo.length === 1 ? await n(db, `SELECT COUNT(*) AS n FROM components_shared_meta_socials WHERE owner_type = 'shared.seo' AND owner_id = ?`, [Number(seo[0].id)]) : -seo.length,
    sections:
      (await n(db, `SELECT COUNT(*) AS n FROM components_sections_heroes WHERE owner_type = ? AND owner_id = ? AND owner_field = 'sections'`, [ARTICLE, rowId])) +
      (await n(db, `SELECT COUNT(*) AS n FROM components_sections_ctas WHERE owner_type = ? AND owner_id = ? AND owner_field = 'sections'`, [ARTICLE, rowId])),
    gallery: await n(db, `SELECT COUNT(*) AS n FROM files_related WHERE related_type = ? AND related_id = ? AND field = 'gallery'`, [ARTICLE, rowId]),
    cover: await n(db, `SELECT COUNT(*) AS n FROM files_related WHERE related_type = ? AND related_id = ? AND field = 'cover'`, [ARTICLE, rowId]),
  };
}

/** The document as the database holds it, in the shape of ExpectedArticle. */
export async function storedArticle(db: Db, documentId: string): Promise<ExpectedArticle> {
  const rows = await db.query('SELECT id, title, is_draft FROM articles WHERE document_id = ? ORDER BY id', [documentId]);
  const drafts = rows.filter((r) => Number(r.is_draft) === 1 || r.is_draft === true);
  const published = rows.filter((r) => !(Number(r.is_draft) === 1 || r.is_draft === true));
  if (drafts.length > 1 || published.length > 1) throw new Error(`${documentId}: ${drafts.length} drafts and ${published.length} published rows`);
  if (rows.length === 0) return { documentId, deleted: true, draft: { title: '', categories: 0, metaSocial: 0, sections: 0, gallery: 0, cover: 0 }, published: null };
  return {
    documentId,
    deleted: false,
    draft: drafts.length ? await versionState(db, Number(drafts[0].id), drafts[0].title) : { title: '(no draft row)', categories: 0, metaSocial: 0, sections: 0, gallery: 0, cover: 0 },
    published: published.length ? await versionState(db, Number(published[0].id), published[0].title) : null,
  };
}

/** Expected, with the parts a deleted document no longer has blanked as storedArticle reports them. */
export function comparable(expected: ExpectedArticle): ExpectedArticle {
  if (!expected.deleted) return expected;
  return { documentId: expected.documentId, deleted: true, draft: { title: '', categories: 0, metaSocial: 0, sections: 0, gallery: 0, cover: 0 }, published: null };
}
