// The upload plugin's REST routes (under the API prefix), with Strapi's permissions and shapes:
//   GET    /upload/files        find      bare array of every file (pagination ignored)
//   GET    /upload/files/page   findPage  { data, meta: { pagination } }
//   GET    /upload/files/:id    findOne   the record, 404 file.notFound
//   POST   /upload              upload    201 bare array; with ?id= a fileInfo update or a replacement
//   DELETE /upload/files/:id    destroy   200 with the deleted record
import { rm } from 'node:fs/promises';
import { Router, type Request, type Response } from 'express';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AuthContext } from '@cms-gen/core/engine/types';
import { ForbiddenError, NotFoundError, ValidationError } from '@cms-gen/core/errors';
import { sendJson } from '@cms-gen/server/http/envelope';
import { authOf, queryOf } from '@cms-gen/server/http/locals';
import { listAllFiles, listFilePage, readFilesById } from './file-records';
import type { MultipartBody } from './multipart';
import type { IncomingFile } from './process-file';
import { withSignedFlag } from './signing';
import { FILE_NOT_FOUND, type UploadService } from './upload-service';

const ACTION = 'plugin::upload.content-api';

export interface UploadRoutesOptions {
  engine: Engine;
  service: UploadService;
  parseMultipart(req: Request, res: Response): Promise<MultipartBody>;
}

function authorize(res: Response, action: 'find' | 'findOne' | 'findPage' | 'upload' | 'destroy'): AuthContext {
  const auth = authOf(res);
  if (!auth.can(`${ACTION}.${action}`)) throw new ForbiddenError();
  return auth;
}

/** A numeric file id; anything else names no file. */
function fileId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw new NotFoundError(FILE_NOT_FOUND);
  return Number(raw);
}

const incoming = (file: Express.Multer.File): IncomingFile => ({ path: file.path, originalName: file.originalname, size: file.size });

export function uploadRouter({ engine, service, parseMultipart }: UploadRoutesOptions): Router {
  const router = Router();

  router.get('/upload/files', async (_req, res) => {
    const auth = authorize(res, 'find');
    sendJson(res, 200, (await listAllFiles(engine, queryOf(res), auth)).map(withSignedFlag));
  });

  router.get('/upload/files/page', async (_req, res) => {
    const auth = authorize(res, 'findPage');
    const { results, pagination } = await listFilePage(engine, queryOf(res), auth);
    sendJson(res, 200, { data: results.map(withSignedFlag), meta: { pagination } });
  });

  router.get('/upload/files/:id', async (req, res) => {
    const auth = authorize(res, 'findOne');
    const [file] = await readFilesById(engine, [fileId(req.params.id)], queryOf(res), auth);
    if (!file) throw new NotFoundError(FILE_NOT_FOUND);
    sendJson(res, 200, withSignedFlag(file));
  });

  router.delete('/upload/files/:id', async (req, res) => {
    authorize(res, 'destroy');
    sendJson(res, 200, await service.destroy(fileId(req.params.id)));
  });

  router.post('/upload', async (req, res) => {
    // Checked before the body is read, so a caller without the permission cannot fill the disk.
    const auth = authorize(res, 'upload');
    const body = await parseMultipart(req, res);
    try {
      const files = body.files.map(incoming);
      const rawId = queryOf(res).id;
      // Strapi counts a lone empty file as no file.
      const empty = files.length === 0 || files.every((f) => f.size === 0);
      if (rawId !== undefined) {
        const id = fileId(rawId);
        if (empty) return sendJson(res, 200, await service.updateInfo(id, body.fields, auth));
        if (files.length > 1) throw new ValidationError('Cannot replace a file with multiple ones');
        return sendJson(res, 200, await service.replace(id, files[0], body.fields, auth));
      }
      if (empty) throw new ValidationError('Files are empty');
      sendJson(res, 201, await service.upload(files, body.fields, auth));
    } finally {
      // Temp files the providers did not take over.
      await Promise.all(body.files.map((f) => rm(f.path, { force: true })));
    }
  });

  return router;
}
