// A Strapi 5 export archive of N article documents for the transfer benchmark (docs/benchmarks.md,
// "Import and export"), grown from the recorded one (test/transfer/archives/battery.tar.gz): every
// row and link outside the articles as recorded, then N copies of its published articles (each a
// draft and a published row with their components, media, author and categories, new documentIds,
// ids and slugs). Streams what it writes; holds only the recorded archive's records.
//   npx tsx bench/transfer/make-archive.ts <N> <out base name>     → <out>.tar.gz
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createArchiveWriter, openArchive, type AssetInput, type EntityRecord, type JsonValue, type LinkRecord } from '@cms-gen/transfer-archive';

const SOURCE = join(__dirname, '..', '..', 'test', 'transfer', 'archives', 'battery.tar.gz');
const ARTICLE = 'api::article.article';

/** The i-th copy's documentId: 24 characters of [a-z0-9], the same on every call. */
const documentId = (i: number): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (const b of createHash('sha256').update(`bench-${i}`).digest().subarray(0, 24)) id += alphabet[b % 36];
  return id;
};
const isComponent = (uid: string) => !uid.includes('::');

async function main(): Promise<void> {
  const n = Number(process.argv[2]);
  const out = process.argv[3];
  if (!(n > 0) || !out) throw new Error('usage: make-archive.ts <documents> <out base name>');
  const archive = await openArchive(SOURCE);
  const entities: EntityRecord[] = [];
  for await (const e of archive.entities()) entities.push(e);
  const links: LinkRecord[] = [];
  for await (const l of archive.links()) links.push(l);
  const assets: AssetInput[] = [];
  for await (const asset of archive.assets()) {
    const chunks: Buffer[] = [];
    for await (const chunk of asset.stream) chunks.push(chunk as Buffer);
    assets.push({ metadata: asset.metadata, filename: asset.filename, content: Buffer.concat(chunks) });
  }
  const articles = entities.filter((e) => e.type === ARTICLE);
  const byDocument = new Map<string, EntityRecord[]>();
  for (const row of articles) byDocument.set(String(row.data.documentId), [...(byDocument.get(String(row.data.documentId)) ?? []), row]);
  const templates = [...byDocument.values()].filter((rows) => rows.length === 2);
  const templateRows = new Set(articles.map((a) => a.id));
  // Component ids: each copy's components get ids above every recorded one.
  const nextComponentId = new Map<string, number>();
  const nextId = (uid: string) => {
    const id = (nextComponentId.get(uid) ?? 1000) + 1;
    nextComponentId.set(uid, id);
    return id;
  };
  let nextArticleId = Math.max(...articles.map((a) => a.id));

  const writer = await createArchiveWriter(`${out}.tar.gz`, { metadata: { strapi: { version: '5.54.0' } } });
  for await (const s of archive.schemas()) await writer.writeSchema(s);
  for (const e of entities) if (e.type !== ARTICLE) await writer.writeEntity(e);

  /** One copy of a template document: its rows, and the id maps its links need. */
  function copy(i: number): { rows: EntityRecord[]; rowIds: Map<number, number>; components: Map<string, number>; documentId: string } {
    const rows: EntityRecord[] = [];
    const rowIds = new Map<number, number>();
    const components = new Map<string, number>();
    const doc = documentId(i);
    const renumber = (value: JsonValue, uid?: string): JsonValue => {
      if (Array.isArray(value)) return value.map((v) => renumber(v, uid));
      if (!value || typeof value !== 'object') return value;
      const out: Record<string, JsonValue> = {};
      const own = typeof value.__component === 'string' ? value.__component : uid;
      for (const [k, v] of Object.entries(value)) out[k] = v && typeof v === 'object' ? renumber(v, COMPONENT_OF[k] ?? own) : v;
      if (typeof value.id === 'number' && own) {
        const id = nextId(own);
        components.set(`${own}:${value.id}`, id);
        out.id = id;
      }
      return out;
    };
    for (const row of templates[i % templates.length]) {
      const id = ++nextArticleId;
      rowIds.set(row.id, id);
      const data: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries(row.data)) data[k] = v && typeof v === 'object' ? renumber(v as JsonValue, COMPONENT_OF[k]) : (v as JsonValue);
      data.documentId = doc;
      data.slug = `${String(row.data.slug)}-${i}`;
      rows.push({ type: ARTICLE, id, data });
    }
    return { rows, rowIds, components, documentId: doc };
  }

  for (let i = 0; i < n; i++) for (const row of copy(i).rows) await writer.writeEntity(row);
  for (const asset of assets) await writer.writeAsset(asset);
  for (const l of links) {
    const touches = (l.left.type === ARTICLE && templateRows.has(Number(l.left.ref))) || (l.right.type === ARTICLE && templateRows.has(Number(l.right.ref)));
    if (!touches && !isComponent(l.left.type) && !isComponent(l.right.type)) await writer.writeLink(l);
  }
  // The copies' links: the copies are made again (deterministically) for their id maps.
  nextComponentId.clear();
  nextArticleId = Math.max(...articles.map((a) => a.id));
  for (let i = 0; i < n; i++) {
    const c = copy(i);
    const template = templates[i % templates.length];
    const templateIds = new Set(template.map((r) => r.id));
    for (const l of links) {
      if (l.left.field === 'seo_page' || l.right.field === 'seo_page' || l.left.type === 'api::homepage.homepage') continue;
      const mapEnd = (end: LinkRecord['left']) => {
        if (end.type === ARTICLE && typeof end.ref === 'number' && templateIds.has(end.ref)) return { ...end, ref: c.rowIds.get(end.ref) as number };
        const component = c.components.get(`${end.type}:${String(end.ref)}`);
        if (component !== undefined) return { ...end, ref: component };
        return undefined;
      };
      const left = mapEnd(l.left);
      const right = mapEnd(l.right);
      if (!left && !right) continue;
      if (l.left.field === 'localizations') {
        await writer.writeLink({ ...l, left: left ?? l.left, right: { ...l.right, ref: c.documentId } });
        continue;
      }
      await writer.writeLink({ ...l, left: left ?? l.left, right: right ?? l.right });
    }
  }
  for await (const c of archive.configuration()) await writer.writeConfiguration(c);
  await writer.close();
  process.stdout.write(`${out}.tar.gz: ${n} article documents (${n * 2} rows) on top of the recorded archive\n`);
}

/** The component uid of each component attribute of the fixture (nested ones included). */
const COMPONENT_OF: Record<string, string> = { seo: 'shared.seo', meta_social: 'shared.meta-social', blocks_list: 'shared.quote' };

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
