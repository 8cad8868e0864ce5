// Does real `strapi import` (Strapi 5.54) accept the archives this module writes? Not part of `npm
// test`: it runs Strapi. Usage:
//
//   npx tsx test/transfer/check-strapi-import.ts            (APP_DIR=/tmp/strapi-archive-import PORT=1351)
//
// It reads the recorded fixture archive (test/transfer/archives/plain.tar), marks every article title,
// and writes it again with the module's writer in three ways: a plain tar split into many small JSONL
// files, a gzipped tar, and a gzipped and encrypted one. Each is imported into a fresh copy of the
// oracle app with `strapi import --force`; the database is then compared with the archive, and for the
// last one Strapi is started and asked over REST (documents, relations, media formats, a user's login).
// Finally it checks the one refusal the import work must know: an upload without its metadata sidecar.
import { execFile } from 'node:child_process';
import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { extract as createExtract, pack as createPack } from 'tar-stream';
import { pipeline } from 'node:stream/promises';
import { openArchive, writeArchive, type AssetInput, type EntityRecord, type TransferArchive } from '@cms-gen/transfer-archive';

const run = promisify(execFile);
const REPO = resolve(__dirname, '../..');
const ORACLE = process.env.ORACLE ?? '/tmp/strapi-oracle-app';
const APP_DIR = process.env.APP_DIR ?? '/tmp/strapi-archive-import';
const PORT = process.env.PORT ?? '1351';
const KEY = 'import-check-key';
const MARK = ' [written by cms-gen]';
const FIXTURE = join(REPO, 'test/transfer/archives/plain.tar');

let failures = 0;
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}

/** A fresh app dir: the oracle's node_modules hard-linked, its config and sources copied, no database. */
async function freshApp(): Promise<void> {
  if (!APP_DIR.startsWith('/tmp/')) throw new Error('APP_DIR must be under /tmp: it is wiped');
  rmSync(APP_DIR, { recursive: true, force: true });
  mkdirSync(join(APP_DIR, 'public/uploads'), { recursive: true });
  writeFileSync(join(APP_DIR, 'public/uploads/.gitkeep'), '');
  await run('cp', ['-al', join(ORACLE, 'node_modules'), join(APP_DIR, 'node_modules')]);
  for (const part of ['config', 'src', 'package.json']) cpSync(join(ORACLE, part), join(APP_DIR, part), { recursive: true });
}

async function strapiImport(file: string, key?: string): Promise<{ ok: boolean; output: string }> {
  const args = ['node_modules/@strapi/strapi/bin/strapi.js', 'import', '-f', file, '--force', ...(key ? ['--key', key] : [])];
  try {
    const { stdout, stderr } = await run('node', args, {
      cwd: APP_DIR,
      env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}${e.message}` };
  }
}

/** The fixture's records, article titles marked, assets read into memory (they are a few KB). */
async function fixtureSource(archive: TransferArchive) {
  const assets: AssetInput[] = [];
  for await (const asset of archive.assets()) {
    const chunks: Buffer[] = [];
    for await (const chunk of asset.stream) chunks.push(chunk as Buffer);
    assets.push({ metadata: asset.metadata, filename: asset.filename, content: Buffer.concat(chunks) });
  }
  async function* entities(): AsyncGenerator<EntityRecord> {
    for await (const entity of archive.entities()) {
      if (entity.type === 'api::article.article') yield { ...entity, data: { ...entity.data, title: `${entity.data.title}${MARK}` } };
      else yield entity;
    }
  }
  return {
    schemas: archive.schemas(),
    entities: entities(),
    assets,
    links: archive.links(),
    configuration: archive.configuration(),
  };
}

interface Expected {
  articleRows: { documentId: string; title: string; published: boolean }[];
  links: number;
  user: { username: string; password: string };
  files: string[];
  formats: string[];
}

async function expectedFrom(archive: TransferArchive): Promise<Expected> {
  const expected: Expected = { articleRows: [], links: 0, user: { username: '', password: '' }, files: [], formats: [] };
  for await (const entity of archive.entities()) {
    if (entity.type === 'api::article.article') {
      expected.articleRows.push({ documentId: String(entity.data.documentId), title: `${entity.data.title}${MARK}`, published: entity.data.publishedAt != null });
    }
    if (entity.type === 'plugin::users-permissions.user') expected.user = { username: String(entity.data.username), password: String(entity.data.password) };
  }
  for await (const asset of archive.assets()) (asset.metadata.type ? expected.formats : expected.files).push(asset.filename);
  for await (const _ of archive.links()) expected.links += 1;
  return expected;
}

function checkDatabase(label: string, expected: Expected): void {
  const db = new Database(join(APP_DIR, '.tmp/data.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT document_id AS documentId, title, published_at AS publishedAt FROM articles ORDER BY id').all() as {
      documentId: string;
      title: string;
      publishedAt: number | null;
    }[];
    const got = rows.map((r) => `${r.documentId} ${r.publishedAt != null} ${r.title}`).sort();
    const want = expected.articleRows.map((r) => `${r.documentId} ${r.published} ${r.title}`).sort();
    check(JSON.stringify(got) === JSON.stringify(want), `${label}: the ${want.length} article rows (documentId, draft/published, marked title) are in the database`);
    const user = db.prepare('SELECT username, password FROM up_users').get() as { username: string; password: string } | undefined;
    check(user?.username === expected.user.username && user.password === expected.user.password, `${label}: the user and its password hash were imported as they are`);
    const related = (db.prepare('SELECT count(*) AS n FROM files_related_mph').get() as { n: number }).n;
    check(related > 0, `${label}: media morph links restored (${related} rows in files_related_mph)`);
    const formats = db.prepare("SELECT formats FROM files WHERE formats IS NOT NULL").all() as { formats: string }[];
    check(formats.length === 1 && Object.keys(JSON.parse(formats[0].formats)).sort().join() === 'small,thumbnail', `${label}: the image with formats kept them`);
    const hooks = db.prepare('SELECT name FROM strapi_webhooks').all() as { name: string }[];
    check(hooks.length === 1 && hooks[0].name === 'fixture hook', `${label}: the webhook was restored`);
  } finally {
    db.close();
  }
  for (const file of [...expected.files, ...expected.formats]) {
    check(existsSync(join(APP_DIR, 'public/uploads', file)), `${label}: public/uploads/${file} written by the import`);
  }
}

async function checkOverRest(expected: Expected): Promise<void> {
  const env = { ...process.env, APP_DIR, PORT, UP_RATELIMIT: 'false' };
  await run(join(REPO, 'test/strapi-oracle/start.sh'), [], { env });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const get = async (path: string) => (await fetch(base + path)).json() as Promise<{ data: Record<string, unknown>[] }>;
    const published = await get('/api/articles?sort=id&pagination[pageSize]=100&populate[author]=true&populate[gallery]=true&populate[cover]=true');
    const titles = published.data.map((a) => String(a.title)).sort();
    const want = expected.articleRows.filter((r) => r.published).map((r) => r.title).sort();
    check(JSON.stringify(titles) === JSON.stringify(want), `REST: GET /api/articles lists the ${want.length} published articles with their marked titles`);
    check(published.data.every((a) => a.author && typeof (a.author as { name?: unknown }).name === 'string'), 'REST: every article has its author (manyToOne link restored)');
    const withGallery = published.data.find((a) => Array.isArray(a.gallery) && (a.gallery as unknown[]).length > 0);
    const gallery = (withGallery?.gallery as { name: string }[] | undefined)?.map((f) => f.name) ?? [];
    check(gallery.join() === 'large-cover.png,seed-image-1.png', `REST: the gallery keeps its order (${gallery.join(', ')})`);
    const cover = published.data.map((a) => a.cover as { formats?: Record<string, { url: string }> } | null).find((c) => c?.formats);
    const thumb = cover?.formats?.thumbnail?.url;
    const thumbStatus = thumb ? (await fetch(base + thumb)).status : 0;
    check(thumbStatus === 200, `REST: the cover's thumbnail format is served (${thumb} → ${thumbStatus})`);
    const fr = await get('/api/categories?locale=fr');
    check(fr.data.length === 2 && fr.data.every((c) => String(c.name).startsWith('Catégorie')), 'REST: the fr localizations are there');
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: expected.user.username, password: 'Passw0rd!' }),
    });
    check(login.status === 200, `REST: the imported user logs in with its password (${login.status})`);
  } finally {
    await run(join(REPO, 'test/strapi-oracle/stop.sh'), [], { env });
  }
}

/** Copies an archive's tar, leaving out one upload's sidecar: the case strapi import's preflight refuses. */
async function withoutOneSidecar(archivePath: string, out: string): Promise<string> {
  const extract = createExtract();
  createReadStream(archivePath).pipe(extract as unknown as NodeJS.WritableStream);
  const source = extract as unknown as AsyncIterable<NodeJS.ReadableStream & { header: { name: string } }>;
  const pack = createPack();
  const written = pipeline(pack as unknown as NodeJS.ReadableStream, createWriteStream(out));
  let dropped = '';
  for await (const entry of source) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (!dropped && entry.header.name.startsWith('assets/metadata/')) {
      dropped = entry.header.name;
      continue;
    }
    await new Promise<void>((ok, ko) => pack.entry({ name: entry.header.name }, Buffer.concat(chunks), (e) => (e ? ko(e) : ok())));
  }
  pack.finalize();
  await written;
  return dropped;
}

async function main(): Promise<void> {
  if (!existsSync(join(ORACLE, 'node_modules/@strapi/strapi'))) throw new Error(`No Strapi at ${ORACLE} (test/strapi-oracle/setup.sh)`);
  const work = mkdtempSync(join(tmpdir(), 'check-strapi-import-'));
  try {
    const fixture = await openArchive(FIXTURE);
    const expected = await expectedFrom(fixture);
    const variants = [
      { label: 'plain tar, 4 KB JSONL files', file: join(work, 'split.tar'), options: { compress: false, maxSizeJsonl: 4096 } },
      { label: 'gzip', file: join(work, 'gzip.tar.gz'), options: {} },
      { label: 'gzip + encrypted', file: join(work, 'encrypted.tar.gz.enc'), options: { key: KEY } },
    ];
    for (const variant of variants) {
      await writeArchive(variant.file, await fixtureSource(fixture), { metadata: fixture.metadata, ...variant.options });
      const written = await openArchive(variant.file, { key: variant.options.key });
      console.log(`wrote ${variant.file}: ${statSync(variant.file).size} bytes, ${written.summary.entities.files} entities file(s), ${written.summary.links.files} links file(s)`);
      await freshApp();
      const result = await strapiImport(variant.file, variant.options.key);
      check(result.ok && /Import process has been completed successfully/.test(result.output), `${variant.label}: strapi import exits 0 and reports success`);
      if (!result.ok) console.log(result.output.slice(-3000));
      else checkDatabase(variant.label, expected);
    }
    await checkOverRest(expected);

    const broken = join(work, 'no-sidecar.tar');
    const dropped = await withoutOneSidecar(variants[0].file, broken);
    await freshApp();
    const refused = await strapiImport(broken);
    check(!refused.ok && /missing sidecar metadata/.test(refused.output), `strapi import refuses an archive without ${dropped}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(failures === 0 ? 'all checks passed' : `${failures} check(s) failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
