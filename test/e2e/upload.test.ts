// The media library over REST, end to end on SQLite and PostgreSQL: every endpoint, the local
// provider (files on disk served at /uploads) and the S3 provider against an S3-compatible server
// on loopback (public and private ACL), image formats checked on the real pixels, linking to single,
// multiple and component media fields, deletion removing stored objects, and the failure cases.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { listCaseIds, runConformance } from '../helpers/conformance';
import type { TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { startS3, type TestS3 } from '../helpers/s3-server';

interface Part {
  name: string;
  data: Buffer | string;
  type?: string;
}

interface Reply {
  status: number;
  // Tests assert on arbitrary JSON shapes.
  body: any;
  text: string;
  headers: Headers;
}

const RECORD_KEYS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url',
  'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt', 'isUrlSigned',
];

const tag = () => `up${randomBytes(4).toString('hex')}`;

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
}

function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } }).jpeg().toBuffer();
}

/** An x86-64 ELF header: what `file` calls an executable. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0, 1, 0, 0, 0]), Buffer.alloc(200, 0x90)]);

async function send(url: string, init: RequestInit): Promise<Reply> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, headers: res.headers };
}

function form(files: Part[], fields: Record<string, unknown> = {}): FormData {
  const data = new FormData();
  for (const f of files) {
    const bytes = typeof f.data === 'string' ? Buffer.from(f.data) : f.data;
    data.append('files', new Blob([new Uint8Array(bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  for (const [key, value] of Object.entries(fields)) data.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return data;
}

function uploader(base: string) {
  return (files: Part[], fields: Record<string, unknown> = {}, query = '') => send(`${base}/api/upload${query}`, { method: 'POST', body: form(files, fields) });
}

function expectError(res: Reply, status: number, name: string, message?: string | RegExp): void {
  expect([res.status, res.body?.error?.name]).toEqual([status, name]);
  expect(res.body).toMatchObject({ data: null, error: { status, name, details: expect.any(Object) } });
  if (message !== undefined) expect(res.body.error.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
}

async function pixels(url: string): Promise<[number | undefined, number | undefined, string | undefined]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return [meta.width, meta.height, meta.format];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each<TestDatabase>(['sqlite', 'postgres'])('upload on %s', (database) => {
  describe('local provider', () => {
    const SIZE_LIMIT = 256 * 1024;
    let testDb: TestDb;
    let app: ConfiguredApp;
    let api: ReturnType<typeof client>;
    let upload: ReturnType<typeof uploader>;
    let uploadsDir: string;
    const stored = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
    const fileCount = async () => Number((await app.db.query('SELECT COUNT(*) AS c FROM files'))[0].c);

    const createArticle = async (data: Record<string, unknown>) => {
      const res = await api.post('/api/articles', { data }, { populate: ['seo'] });
      expect(res.status).toBe(201);
      return res.body.data as { id: number; documentId: string; seo?: { id: number } };
    };

    beforeAll(async () => {
      testDb = await createTestDatabase(database);
      app = await startConfiguredApp(testDb.url, { upload: { config: { sizeLimit: SIZE_LIMIT } } });
      api = client(app.url);
      upload = uploader(app.url);
      uploadsDir = join(app.appDir, 'public', 'uploads');
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      await testDb?.drop();
    });

    it("files every upload under one 'API Uploads' folder, created once by concurrent first uploads", async () => {
      const [a, b] = (await Promise.all([upload([{ name: 'a.txt', data: 'a' }]), upload([{ name: 'b.txt', data: 'b' }])])).map((r) => r.body[0]);
      const folders = await app.db.query('SELECT name, path_id, path, document_id FROM upload_folders');
      expect(folders.map((f) => [f.name, Number(f.path_id), f.path])).toEqual([['API Uploads', 1, '/1']]);
      const rows = await app.db.query('SELECT f.folder_path, l.target_document_id FROM files f JOIN files_folder_lnk l ON l.source_id = f.id WHERE f.id IN (?, ?)', [a.id, b.id]);
      expect(rows.map((r) => [r.folder_path, r.target_document_id])).toEqual([
        ['/1', folders[0].document_id],
        ['/1', folders[0].document_id],
      ]);
      expect(Object.keys(a)).not.toContain('folderPath');
      expectError(await api.get('/api/upload/files', { populate: 'folder' }), 400, 'ValidationError');
      // A file's only public populatable is `related` (Strapi 5 too): nothing uses this one yet.
      expect((await api.get('/api/upload/files', { populate: '*', filters: { id: a.id } })).body).toEqual([{ ...a, related: [], isUrlSigned: false }]);
    });

    it('POST /api/upload stores a file and answers 201 with the bare array of File records', async () => {
      const t = tag();
      const res = await upload([{ name: `${t} notes.txt`, data: 'hello upload', type: 'text/plain' }]);
      expect(res.status).toBe(201);
      expect(res.body).toHaveLength(1);
      const file = res.body[0];
      expect(Object.keys(file)).toEqual(RECORD_KEYS);
      expect(file).toMatchObject({
        name: `${t} notes.txt`,
        alternativeText: null,
        caption: null,
        focalPoint: null,
        width: null,
        height: null,
        formats: null,
        ext: '.txt',
        mime: 'text/plain',
        size: 0.01,
        previewUrl: null,
        provider: 'local',
        provider_metadata: null,
        isUrlSigned: false,
      });
      expect(file.hash).toMatch(new RegExp(`^${t}_notes_[0-9a-f]{10}$`));
      expect(file.url).toBe(`/uploads/${file.hash}.txt`);
      expect(file.documentId).toMatch(/^[a-z0-9]{24}$/);
      expect(file.publishedAt).toEqual(expect.any(String));

      const served = await fetch(`${app.url}${file.url}`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe('hello upload');
      expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(served.headers.get('cache-control')).toBe('public, max-age=60');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      expect(stored()).toContain(`${file.hash}.txt`);
    });

    it('takes several files with a fileInfo array in the same order', async () => {
      const t = tag();
      const res = await upload(
        [
          { name: `${t}-1.txt`, data: 'one' },
          { name: `${t}-2.txt`, data: 'two' },
        ],
        { fileInfo: [{ name: `${t} first`, alternativeText: 'alt 1', caption: 'cap 1' }, { caption: 'cap 2' }] },
      );
      expect(res.status).toBe(201);
      expect(res.body.map((f: { name: string; alternativeText: string; caption: string }) => [f.name, f.alternativeText, f.caption])).toEqual([
        [`${t} first`, 'alt 1', 'cap 1'],
        [`${t}-2.txt`, null, 'cap 2'],
      ]);
      expect(res.body[0].hash).toMatch(new RegExp(`^${t}_first_[0-9a-f]{10}$`));
    });

    it('records images with their dimensions and responsive formats of the real pixel sizes', async () => {
      const t = tag();
      const res = await upload([{ name: `${t}-wide.png`, data: await png(1200, 800), type: 'image/png' }], { fileInfo: { alternativeText: 'wide' } });
      expect(res.status).toBe(201);
      const file = res.body[0];
      expect([file.width, file.height, file.mime, file.ext]).toEqual([1200, 800, 'image/png', '.png']);
      expect(Object.keys(file.formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);
      const expected: Record<string, [number, number]> = { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] };
      for (const [key, [width, height]] of Object.entries(expected)) {
        const format = file.formats[key];
        expect(format).toMatchObject({ name: `${key}_${t}-wide.png`, hash: `${key}_${file.hash}`, ext: '.png', mime: 'image/png', path: null, width, height });
        expect(format.url).toBe(`/uploads/${key}_${file.hash}.png`);
        expect(format.size).toBe(Math.round(format.sizeInBytes / 10) / 100);
        expect(await pixels(`${app.url}${format.url}`)).toEqual([width, height, 'png']);
      }
      expect(await pixels(`${app.url}${file.url}`)).toEqual([1200, 800, 'png']);

      const mid = (await upload([{ name: `${t}-mid.jpg`, data: await jpeg(600, 400), type: 'image/jpeg' }])).body[0];
      expect(Object.keys(mid.formats)).toEqual(['thumbnail', 'small']);
      expect(await pixels(`${app.url}${mid.formats.small.url}`)).toEqual([500, 333, 'jpeg']);
      expect(await pixels(`${app.url}${mid.formats.thumbnail.url}`)).toEqual([234, 156, 'jpeg']);

      const tiny = (await upload([{ name: `${t}-tiny.png`, data: await png(16, 12), type: 'image/png' }])).body[0];
      expect([tiny.width, tiny.height, tiny.formats]).toEqual([16, 12, null]);
    });

    it('GET /api/upload/files lists every file as a bare array, ignoring pagination', async () => {
      const t = tag();
      await upload([{ name: `${t}-b.txt`, data: 'b' }, { name: `${t}-a.txt`, data: 'a' }, { name: `${t}-c.txt`, data: 'c' }]);
      const res = await api.get('/api/upload/files', { filters: { name: { $startsWith: t } }, pagination: { pageSize: 1, page: 1, start: 0 }, sort: 'name:desc' });
      expect(res.status).toBe(200);
      expect(res.body.map((f: { name: string }) => f.name)).toEqual([`${t}-c.txt`, `${t}-b.txt`, `${t}-a.txt`]);
      expect(res.body.every((f: { isUrlSigned: boolean }) => f.isUrlSigned === false)).toBe(true);
      const narrowed = await api.get('/api/upload/files', { filters: { name: { $eq: `${t}-a.txt` } }, fields: ['name', 'mime'] });
      expect(narrowed.body).toEqual([{ id: expect.any(Number), documentId: expect.any(String), name: `${t}-a.txt`, mime: 'text/plain', isUrlSigned: false }]);
      expectError(await api.get('/api/upload/files', { filters: { nope: 'x' } }), 400, 'ValidationError', 'Invalid key nope');
      expectError(await api.get('/api/upload/files', { sort: 'folderPath:asc' }), 400, 'ValidationError');
    });

    it('GET /api/upload/files/page pages with the standard envelope', async () => {
      const t = tag();
      await upload(Array.from({ length: 3 }, (_, i) => ({ name: `${t}-${i}.txt`, data: String(i) })));
      const res = await api.get('/api/upload/files/page', { filters: { name: { $startsWith: t } }, pagination: { page: 2, pageSize: 2 }, sort: 'id:asc' });
      expect(res.status).toBe(200);
      expect(res.body.data.map((f: { name: string }) => f.name)).toEqual([`${t}-2.txt`]);
      expect(res.body.meta).toEqual({ pagination: { page: 2, pageSize: 2, pageCount: 2, total: 3 } });
      const defaults = await api.get('/api/upload/files/page');
      expect(defaults.body.meta.pagination).toMatchObject({ page: 1, pageSize: 25 });
      const capped = await api.get('/api/upload/files/page', { pagination: { pageSize: 500 } });
      expect(capped.body.meta.pagination.pageSize).toBe(100);
      const offset = await api.get('/api/upload/files/page', { filters: { name: { $startsWith: t } }, pagination: { start: 1, limit: 1 } });
      expect(offset.body.meta.pagination).toEqual({ start: 1, limit: 1, total: 3 });
      expectError(await api.get('/api/upload/files/page', { pagination: { page: 1, start: 0 } }), 400, 'PaginationError', 'Cannot use both page & offset pagination in the same query');
    });

    it('GET /api/upload/files/:id answers the record or 404 file.notFound', async () => {
      const [file] = (await upload([{ name: 'one.txt', data: '1' }])).body;
      const res = await api.get(`/api/upload/files/${file.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(file);
      expect((await api.get(`/api/upload/files/${file.id}`, { fields: ['name'] })).body).toEqual({ id: file.id, documentId: file.documentId, name: 'one.txt', isUrlSigned: false });
      for (const id of ['999999', 'abc', file.documentId]) expectError(await api.get(`/api/upload/files/${id}`), 404, 'NotFoundError', 'file.notFound');
    });

    it('POST /api/upload?id= updates the fileInfo only', async () => {
      const [file] = (await upload([{ name: 'info.txt', data: 'x' }], { fileInfo: { alternativeText: 'old alt', caption: 'old caption' } })).body;
      const data = new FormData();
      data.append('fileInfo', JSON.stringify({ name: 'renamed.txt', caption: 'new caption', alternativeText: null }));
      const res = await send(`${app.url}/api/upload?id=${file.id}`, { method: 'POST', body: data });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: file.id, name: 'renamed.txt', alternativeText: 'old alt', caption: 'new caption', hash: file.hash, url: file.url, isUrlSigned: false });
      // The same with a JSON body.
      const json = await api.post(`/api/upload?id=${file.id}`, { fileInfo: { alternativeText: 'json alt' } });
      expect([json.status, json.body.alternativeText, json.body.name]).toEqual([200, 'json alt', 'renamed.txt']);
      expectError(await api.post('/api/upload?id=999999', { fileInfo: { name: 'x' } }), 404, 'NotFoundError', 'file.notFound');
      expectError(await api.post(`/api/upload?id=${file.id}`, { fileInfo: { folder: 3 } }), 400, 'ValidationError', 'fileInfo has an unknown key: folder');
    });

    it('POST /api/upload?id= with a file replaces the content under the same URL', async () => {
      const t = tag();
      const [file] = (await upload([{ name: `${t}.png`, data: await png(1200, 800) }])).body;
      const before = stored().filter((f) => f.includes(file.hash));
      expect(before).toHaveLength(5);
      const res = await upload([{ name: 'smaller.png', data: await png(300, 200) }], {}, `?id=${file.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: file.id, hash: file.hash, url: file.url, width: 300, height: 200, name: 'smaller.png' });
      expect(Object.keys(res.body.formats)).toEqual(['thumbnail']);
      expect(stored().filter((f) => f.includes(file.hash))).toEqual([`${file.hash}.png`, `thumbnail_${file.hash}.png`].sort());
      expect(await pixels(`${app.url}${file.url}`)).toEqual([300, 200, 'png']);
      expectError(await upload([{ name: 'a.png', data: await png(4, 4) }, { name: 'b.png', data: await png(4, 4) }], {}, `?id=${file.id}`), 400, 'ValidationError', 'Cannot replace a file with multiple ones');
    });

    it('DELETE /api/upload/files/:id answers the record and removes the stored file and its formats', async () => {
      const article = await createArticle({ title: `${tag()} delete` });
      const [file] = (await upload([{ name: 'doomed.png', data: await png(800, 600) }], { ref: 'api::article.article', refId: String(article.id), field: 'cover' })).body;
      expect(stored().filter((f) => f.includes(file.hash))).toHaveLength(4);
      const res = await api.del(`/api/upload/files/${file.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...file, isUrlSigned: false });
      expect(stored().filter((f) => f.includes(file.hash))).toEqual([]);
      expect((await fetch(`${app.url}${file.url}`)).status).toBe(404);
      expectError(await api.get(`/api/upload/files/${file.id}`), 404, 'NotFoundError', 'file.notFound');
      expect(await app.db.query('SELECT id FROM files_related WHERE file_id = ?', [file.id])).toEqual([]);
      expect((await api.get(`/api/articles/${article.documentId}`, { populate: ['cover'] })).body.data.cover).toBeNull();
      expectError(await api.del(`/api/upload/files/${file.id}`), 404, 'NotFoundError', 'file.notFound');
    });

    describe('linking to entries', () => {
      it('replaces what a single media field held', async () => {
        const article = await createArticle({ title: `${tag()} single` });
        const link = { ref: 'api::article.article', refId: String(article.id), field: 'cover' };
        const [a] = (await upload([{ name: 'a.png', data: await png(20, 20) }], link)).body;
        const [b] = (await upload([{ name: 'b.png', data: await png(30, 30) }], link)).body;
        const got = await api.get(`/api/articles/${article.documentId}`, { populate: ['cover'] });
        expect(got.body.data.cover).toMatchObject({ id: b.id, name: 'b.png', url: b.url });
        // Populated media carry no isUrlSigned (as Strapi) when nothing is signed.
        expect(got.body.data.cover).not.toHaveProperty('isUrlSigned');
        // Every version of the entry holds it, so publishing the draft again keeps it.
        expect((await api.get(`/api/articles/${article.documentId}`, { populate: ['cover'], status: 'draft' })).body.data.cover.id).toBe(b.id);
        expect((await api.get(`/api/upload/files/${a.id}`)).status).toBe(200);
        expect((await api.put(`/api/articles/${article.documentId}`, { data: { title: 'republished' } }, { populate: ['cover'] })).body.data.cover.id).toBe(b.id);
      });

      it('appends to a multiple media field, also addressed by documentId', async () => {
        const article = await createArticle({ title: `${tag()} gallery` });
        const [x] = (await upload([{ name: 'x.png', data: await png(10, 10) }], { ref: 'api::article.article', refId: String(article.id), field: 'gallery' })).body;
        const [y, z] = (await upload([{ name: 'y.png', data: await png(10, 10) }, { name: 'z.txt', data: 'z' }], { ref: 'api::article.article', refId: article.documentId, field: 'gallery' })).body;
        const got = await api.get(`/api/articles/${article.documentId}`, { populate: { gallery: { fields: ['name'] } } });
        expect(got.body.data.gallery).toEqual([
          { id: x.id, documentId: x.documentId, name: 'x.png' },
          { id: y.id, documentId: y.documentId, name: 'y.png' },
          { id: z.id, documentId: z.documentId, name: 'z.txt' },
        ]);
      });

      it("links to a component's media field (ref = component uid, refId = component id)", async () => {
        const article = await createArticle({ title: `${tag()} seo`, seo: { meta_title: 'Seo' } });
        const seoId = article.seo?.id;
        expect(seoId).toEqual(expect.any(Number));
        const res = await upload([{ name: 'share.png', data: await png(40, 20) }], { ref: 'shared.seo', refId: String(seoId), field: 'share_image' });
        expect(res.status).toBe(201);
        const got = await api.get(`/api/articles/${article.documentId}`, { populate: { seo: { populate: ['share_image'] } } });
        expect(got.body.data.seo.share_image).toMatchObject({ id: res.body[0].id, name: 'share.png', width: 40, height: 20 });
      });

      it("enforces the field's allowedTypes and storing nothing when refused", async () => {
        const article = await createArticle({ title: `${tag()} seo types`, seo: { meta_title: 'Seo' } });
        const before = [stored(), await fileCount()];
        const res = await upload([{ name: 'not-an-image.txt', data: 'text' }], { ref: 'shared.seo', refId: String(article.seo?.id), field: 'share_image' });
        expectError(res, 400, 'ValidationError', 'field: share_image only accepts images (got text/plain)');
        expect([stored(), await fileCount()]).toEqual(before);
      });

      it('refuses unknown models, fields, entries and partial links', async () => {
        const article = await createArticle({ title: `${tag()} bad links` });
        const file = [{ name: 'f.txt', data: 'f' }];
        expectError(await upload(file, { ref: 'api::nope.nope', refId: '1', field: 'cover' }), 400, 'ValidationError', 'ref: unknown model api::nope.nope');
        expectError(await upload(file, { ref: 'api::article.article', refId: String(article.id), field: 'title' }), 400, 'ValidationError', /title is not a media field/);
        expectError(await upload(file, { ref: 'api::article.article', refId: '99999999', field: 'cover' }), 400, 'ValidationError', /no api::article.article entry with id 99999999/);
        expectError(await upload(file, { ref: 'api::article.article', field: 'cover' }), 400, 'ValidationError', /missing: refId/);
        expectError(await upload([...file, ...file], { ref: 'api::article.article', refId: String(article.id), field: 'cover' }), 400, 'ValidationError', /holds a single file/);
      });
    });

    describe('refusals', () => {
      it('answers 400 "Files are empty" without files', async () => {
        expectError(await send(`${app.url}/api/upload`, { method: 'POST', body: new FormData() }), 400, 'ValidationError', 'Files are empty');
        expectError(await api.post('/api/upload', { fileInfo: { name: 'x' } }), 400, 'ValidationError', 'Files are empty');
        expectError(await upload([{ name: 'empty.txt', data: '' }]), 400, 'ValidationError', 'Files are empty');
      });

      it('answers 400 for a malformed multipart body and an unexpected file field', async () => {
        const body = '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nno closing boundary';
        const res = await send(`${app.url}/api/upload`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, body });
        expectError(res, 400, 'ValidationError', /^Malformed multipart body/);
        const other = new FormData();
        other.append('attachment', new Blob(['x']), 'x.txt');
        expectError(await send(`${app.url}/api/upload`, { method: 'POST', body: other }), 400, 'ValidationError', 'Unexpected file field "attachment": upload files in the "files" field');
      });

      it('answers 400 for a fileInfo that is not JSON', async () => {
        const before = stored();
        expectError(await upload([{ name: 'f.txt', data: 'f' }], { fileInfo: '{"name": ' }), 400, 'ValidationError', /^fileInfo must be valid JSON/);
        expect(stored()).toEqual(before);
      });

      it('answers 413 PayloadTooLargeError past sizeLimit, storing nothing', async () => {
        const before = [stored(), await fileCount()];
        const res = await upload([{ name: 'big.bin', data: Buffer.alloc(SIZE_LIMIT + 1, 1) }]);
        expectError(res, 413, 'PayloadTooLargeError', 'big.bin exceeds size limit of 256 KB.');
        expect([stored(), await fileCount()]).toEqual(before);
        expect((await upload([{ name: 'fits.bin', data: Buffer.alloc(SIZE_LIMIT, 1) }])).status).toBe(201);
      });

      it('keeps traversal names out of storage paths', async () => {
        const res = await upload([{ name: '../../etc/passwd', data: 'root:x:0:0' }], { fileInfo: { name: '../../../../tmp/evil.sh' } });
        expect(res.status).toBe(201);
        const file = res.body[0];
        expect(file.name).toBe('../../../../tmp/evil.sh');
        expect(file.hash).toMatch(/^tmp_evil_sh_[0-9a-f]{10}$/);
        expect(file.url).toBe(`/uploads/${file.hash}`);
        expect(stored()).toContain(file.hash);
        const raw = await send(`${app.url}/uploads/..%2f..%2fpackage.json`, {});
        expect(raw.status).toBe(404);
        expect((await fetch(`${app.url}/uploads/`)).status).toBe(404);
      });

      it('refuses a .png that is really an executable, and stores nothing of a refused batch', async () => {
        const before = [stored(), await fileCount()];
        const res = await upload([
          { name: 'fine.txt', data: 'fine' },
          { name: 'cat.png', data: ELF, type: 'image/png' },
        ]);
        expectError(res, 400, 'ValidationError', 'cat.png: The content of this .png file is application/x-elf, not image/png');
        expect([stored(), await fileCount()]).toEqual(before);
      });

      it('records the sniffed type, not the one the client declared', async () => {
        const res = await upload([{ name: 'photo', data: await png(8, 8), type: 'text/html' }]);
        expect([res.body[0].mime, res.body[0].ext, res.body[0].width]).toEqual(['image/png', '.png', 8]);
      });
    });

    it('passes the shared upload.* conformance cases', async () => {
      const results = await runConformance(app.url, listCaseIds(['upload.']));
      expect(results.length).toBeGreaterThan(0);
      expect(results.filter((r) => r.outcome !== 'pass')).toEqual([]);
    }, 120_000);

    describe('permissions', () => {
      it('needs update permission on the entry to link to it', async () => {
        const article = await createArticle({ title: `${tag()} perms` });
        await app.db.execute('DELETE FROM up_permissions WHERE action = ?', ['api::article.article.update']);
        // Role permissions are cached for a couple of seconds.
        await sleep(2100);
        const before = await fileCount();
        expectError(await upload([{ name: 'p.png', data: await png(4, 4) }], { ref: 'api::article.article', refId: String(article.id), field: 'cover' }), 403, 'ForbiddenError');
        expect(await fileCount()).toBe(before);
      });

      it('checks plugin::upload.content-api.* on every endpoint', async () => {
        const [file] = (await upload([{ name: 'kept.txt', data: 'k' }])).body;
        await app.db.execute("DELETE FROM up_permissions WHERE action LIKE 'plugin::upload.content-api.%'");
        await sleep(2100);
        expectError(await api.get('/api/upload/files'), 403, 'ForbiddenError');
        expectError(await api.get('/api/upload/files/page'), 403, 'ForbiddenError');
        expectError(await api.get(`/api/upload/files/${file.id}`), 403, 'ForbiddenError');
        expectError(await upload([{ name: 'no.txt', data: 'no' }]), 403, 'ForbiddenError');
        expectError(await api.post(`/api/upload?id=${file.id}`, { fileInfo: { name: 'no' } }), 403, 'ForbiddenError');
        expectError(await api.del(`/api/upload/files/${file.id}`), 403, 'ForbiddenError');
        expect(stored()).toContain(`${file.hash}.txt`);
      });
    });
  });

  describe('S3 provider', () => {
    let s3: TestS3;
    let publicDb: TestDb;
    let privateDb: TestDb;
    let publicApp: ConfiguredApp;
    let privateApp: ConfiguredApp;

    const s3Config = (Bucket: string, ACL: 'public-read' | 'private', providerExtra: object = {}, configExtra: object = {}) => ({
      upload: {
        config: {
          provider: 'aws-s3',
          providerOptions: { rootPath: 'cms', s3Options: { endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, params: { Bucket, ACL } }, ...providerExtra },
          ...configExtra,
        },
      },
    });

    beforeAll(async () => {
      s3 = await startS3(['public-media', 'private-media']);
      publicDb = await createTestDatabase(database);
      privateDb = await createTestDatabase(database);
      publicApp = await startConfiguredApp(publicDb.url, s3Config('public-media', 'public-read', {}, { security: { deniedTypes: ['application/x-elf', 'application/x-sh'] } }));
      privateApp = await startConfiguredApp(privateDb.url, s3Config('private-media', 'private'));
    }, 120_000);

    afterAll(async () => {
      await publicApp?.stop();
      await privateApp?.stop();
      await publicDb?.drop();
      await privateDb?.drop();
      await s3?.close();
    });

    it('stores public objects (under `path`) and returns their bucket URL unsigned', async () => {
      const res = await uploader(publicApp.url)([{ name: 'report.txt', data: 'quarterly' }], { path: 'docs/2024' });
      expect(res.status).toBe(201);
      const file = res.body[0];
      expect(file).toMatchObject({ provider: 'aws-s3', mime: 'text/plain', isUrlSigned: false });
      expect(file.url).toBe(`${s3.endpoint}/public-media/cms/docs/2024/${file.hash}.txt`);
      expect(await (await fetch(file.url)).text()).toBe('quarterly');
      expect(await s3.keys('public-media')).toContain(`cms/docs/2024/${file.hash}.txt`);
      expectError(await uploader(publicApp.url)([{ name: 'x.txt', data: 'x' }], { path: '../escape' }), 400, 'ValidationError');

      const del = await client(publicApp.url).del(`/api/upload/files/${file.id}`);
      expect(del.status).toBe(200);
      expect(await s3.exists('public-media', `cms/docs/2024/${file.hash}.txt`)).toBe(false);
    });

    it('refuses the configured denied types, judged on the bytes', async () => {
      const before = await s3.keys('public-media');
      expectError(await uploader(publicApp.url)([{ name: 'tool', data: ELF, type: 'text/plain' }]), 400, 'ValidationError', "File type 'application/x-elf' is not allowed");
      expect((await uploader(publicApp.url)([{ name: 'ok.txt', data: 'ok' }])).status).toBe(201);
      expect((await s3.keys('public-media')).length).toBe(before.length + 1);
    });

    it('signs every URL of a private bucket, populated media included, and deletes every object', async () => {
      const api = client(privateApp.url);
      const article = (await api.post('/api/articles', { data: { title: `${tag()} private` } })).body.data;
      const res = await uploader(privateApp.url)([{ name: 'secret.png', data: await png(900, 600), type: 'image/png' }], {
        ref: 'api::article.article',
        refId: String(article.id),
        field: 'cover',
      });
      expect(res.status).toBe(201);
      const file = res.body[0];
      const signed = (url: string) => {
        const parsed = new URL(url);
        expect(`${parsed.origin}${parsed.pathname}`.startsWith(`${s3.endpoint}/private-media/cms/`)).toBe(true);
        expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
      };
      expect(file.isUrlSigned).toBe(true);
      signed(file.url);
      // 900 wide: no `large` (1000).
      expect(Object.keys(file.formats)).toEqual(['thumbnail', 'medium', 'small']);
      for (const format of Object.values<{ url: string; isUrlSigned: boolean }>(file.formats)) {
        signed(format.url);
        expect(format.isUrlSigned).toBe(true);
      }
      expect(await pixels(file.url)).toEqual([900, 600, 'png']);
      expect(await pixels(file.formats.small.url)).toEqual([500, 333, 'png']);
      const keys = [`cms/${file.hash}.png`, ...['thumbnail', 'medium', 'small'].map((k) => `cms/${k}_${file.hash}.png`)].sort();
      expect((await s3.keys('private-media')).filter((k) => k.includes(file.hash))).toEqual(keys);

      const one = (await api.get(`/api/upload/files/${file.id}`)).body;
      expect(one.isUrlSigned).toBe(true);
      signed(one.url);
      const listed = (await api.get('/api/upload/files')).body.find((f: { id: number }) => f.id === file.id);
      signed(listed.url);
      signed((await api.get('/api/upload/files/page')).body.data.find((f: { id: number }) => f.id === file.id).url);
      const populated = (await api.get(`/api/articles/${article.documentId}`, { populate: ['cover'] })).body.data.cover;
      expect(populated.isUrlSigned).toBe(true);
      signed(populated.url);
      signed(populated.formats.thumbnail.url);
      expect((await api.get('/api/upload/files', { fields: ['name'] })).body[0]).toEqual({ id: expect.any(Number), documentId: expect.any(String), name: 'secret.png', isUrlSigned: false });

      expect((await api.del(`/api/upload/files/${file.id}`)).status).toBe(200);
      expect((await s3.keys('private-media')).filter((k) => k.includes(file.hash))).toEqual([]);
    });
  });
});
