// /admin/api/upload/*: the media library through the upload plugin's own services (the same
// storage provider, image processing and records as the REST upload routes).
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router, type Request, type Response } from 'express';
import type { Engine } from '@cms-gen/core/documents/operations';
import { ForbiddenError, NotFoundError, ServiceUnavailableError, ValidationError } from '@cms-gen/core/errors';
import { FILE_UID } from '@cms-gen/core/model/schema-index';
import { sendJson } from '@cms-gen/server/http/envelope';
import { createMultipartParser, type MultipartBody } from '@cms-gen/upload/multipart';
import { listFilePage, readFilesById } from '@cms-gen/upload/file-records';
import type { UploadService } from '@cms-gen/upload/upload-service';
import { requireAction, type AdminAccess } from './access';
import { adminAuth, adminOf, type AdminServices } from './context';

function fileId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError('file.notFound');
  return Number(raw);
}

const filesTable = (engine: Engine) => engine.dialect.quote(engine.schema.contentTypes[FILE_UID].table);

/** Ids of the files an admin uploaded (Author's "only files I created"). */
async function filesCreatedBy(engine: Engine, userId: number): Promise<string[]> {
  const rows = await engine.db.query(`SELECT id FROM ${filesTable(engine)} WHERE created_by_id = ?`, [userId]);
  return rows.map((r) => String(r.id));
}

/** Throws 403 unless the admin may run `action` on file `id` (with admin::is-creator: only a file they uploaded). */
async function checkFile(engine: Engine, access: AdminAccess, action: string, id: number): Promise<void> {
  const scope = access.mediaScope(action);
  if (scope === 'none') throw new ForbiddenError('You do not have the permission to do this');
  if (scope === 'all') return;
  const [row] = await engine.db.query(`SELECT created_by_id FROM ${filesTable(engine)} WHERE id = ?`, [id]);
  if (!row) throw new NotFoundError('file.notFound');
  if (Number(row.created_by_id) !== access.user.id) throw new ForbiddenError('You can only change the files you uploaded');
}

export function mediaRouter(services: AdminServices): { router: Router; close(): void } {
  const router = Router();
  const tmpDir = mkdtempSync(join(tmpdir(), 'cms-gen-admin-upload-'));
  let parser: ((req: Request, res: Response) => Promise<MultipartBody>) | undefined;
  const parse = (req: Request, res: Response) => (parser ??= createMultipartParser({ tmpDir, sizeLimit: services.config.plugins.upload.sizeLimit }))(req, res);
  const service = (): UploadService => {
    const upload = services.upload();
    if (!upload) throw new ServiceUnavailableError('The upload plugin is disabled');
    return upload;
  };

  /** Parses the multipart body, runs `fn` with its files, then removes the temp files the provider did not take. */
  async function withFiles<T>(req: Request, res: Response, fn: (body: MultipartBody) => Promise<T>): Promise<T> {
    const body = await parse(req, res);
    try {
      return await fn(body);
    } finally {
      await Promise.all(body.files.map((f) => rm(f.path, { force: true })));
    }
  }

  const incoming = (f: Express.Multer.File) => ({ path: f.path, originalName: f.originalname, size: f.size });

  router.get('/upload/files', async (req, res) => {
    const access = adminOf(res);
    const scope = access.mediaScope('plugin::upload.read');
    if (scope === 'none') requireAction(access, 'plugin::upload.read');
    const page = Math.max(1, parseInt(String(req.query.page ?? '1'), 10) || 1);
    const pageSize = Math.min(100, Math.max(1, parseInt(String(req.query.pageSize ?? '20'), 10) || 20));
    let filters = req.query.filters as unknown;
    if (scope === 'own') {
      const mine = await filesCreatedBy(services.engine, access.user.id);
      const own = { id: { $in: mine.length ? mine : ['0'] } };
      filters = filters ? { $and: [filters, own] } : own;
    }
    const raw = { pagination: { page, pageSize }, sort: req.query.sort ?? 'createdAt:desc', ...(filters ? { filters } : {}), ...(req.query._q ? { _q: req.query._q } : {}) };
    const { results, pagination } = await listFilePage(services.engine, raw, adminAuth(access));
    sendJson(res, 200, { data: results, meta: { pagination } });
  });

  router.get('/upload/files/:id', async (req, res) => {
    const access = adminOf(res);
    await checkFile(services.engine, access, 'plugin::upload.read', fileId(req.params.id));
    const [file] = await readFilesById(services.engine, [fileId(req.params.id)], {}, adminAuth(access));
    if (!file) throw new NotFoundError('file.notFound');
    sendJson(res, 200, { data: file });
  });

  router.post('/upload', async (req, res) => {
    const access = adminOf(res);
    requireAction(access, 'plugin::upload.assets.create');
    const upload = service();
    const data = await withFiles(req, res, async (body) => {
      const files = body.files.filter((f) => f.size > 0).map(incoming);
      if (files.length === 0) throw new ValidationError('Files are empty', { errors: [{ path: ['files'], message: 'Files are empty', name: 'ValidationError' }] });
      return upload.upload(files, body.fields, adminAuth(access));
    });
    sendJson(res, 201, { data });
  });

  router.put('/upload/files/:id', async (req, res) => {
    const access = adminOf(res);
    await checkFile(services.engine, access, 'plugin::upload.assets.update', fileId(req.params.id));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fileInfo: Record<string, unknown> = {};
    for (const key of ['name', 'alternativeText', 'caption']) if (key in body) fileInfo[key] = body[key];
    const data = await service().updateInfo(fileId(req.params.id), { fileInfo: JSON.stringify(fileInfo) }, adminAuth(access));
    sendJson(res, 200, { data });
  });

  router.post('/upload/files/:id/replace', async (req, res) => {
    const access = adminOf(res);
    const upload = service();
    const id = fileId(req.params.id);
    await checkFile(services.engine, access, 'plugin::upload.assets.update', id);
    const data = await withFiles(req, res, async (body) => {
      const files = body.files.filter((f) => f.size > 0);
      if (files.length !== 1) throw new ValidationError('Send exactly one file to replace it with', { errors: [{ path: ['files'], message: 'Send exactly one file to replace it with', name: 'ValidationError' }] });
      return upload.replace(id, incoming(files[0]), body.fields, adminAuth(access));
    });
    sendJson(res, 200, { data });
  });

  router.delete('/upload/files/:id', async (req, res) => {
    const access = adminOf(res);
    await checkFile(services.engine, access, 'plugin::upload.assets.delete', fileId(req.params.id));
    sendJson(res, 200, { data: await service().destroy(fileId(req.params.id)) });
  });

  return { router, close: () => rmSync(tmpDir, { recursive: true, force: true }) };
}
