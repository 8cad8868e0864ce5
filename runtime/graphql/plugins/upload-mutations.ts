// updateUploadFile / deleteUploadFile over the upload plugin's service, with the permissions of
// its REST routes (`upload` for the fileInfo update, `destroy`). Files cannot be uploaded through
// GraphQL (Strapi 5 removed it too): POST /api/upload.
import type { Document } from '@cms-gen/core/engine/types';
import { ApplicationError, ForbiddenError, NotFoundError } from '@cms-gen/core/errors';
import type { UploadService } from '@cms-gen/upload/upload-service';
import { toPlainInput } from '../args';
import type { PluginRequest } from './plugin-request';

const ACTION = 'plugin::upload.content-api';
const FILE_NOT_FOUND = 'file.notFound';

function uploadOf(request: PluginRequest, action: 'upload' | 'destroy'): UploadService {
  const service = request.runtime.plugins.upload;
  if (!service) throw new ApplicationError('The upload plugin is disabled');
  if (!request.authFor(`${ACTION}.${action}`).can(`${ACTION}.${action}`)) throw new ForbiddenError();
  return service;
}

/** Files are addressed by their numeric id, as in REST (`/upload/files/:id`). */
function fileId(id: string): number | undefined {
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

/** name, alternativeText and caption; absent or null keys stay as they are. */
export async function updateFileMutation(request: PluginRequest, args: { id: string; info?: object | null }): Promise<Document> {
  const service = uploadOf(request, 'upload');
  const id = fileId(args.id);
  if (id === undefined) throw new NotFoundError(FILE_NOT_FOUND);
  return service.updateInfo(id, { fileInfo: toPlainInput(args.info ?? {}) }, request.authFor(`${ACTION}.upload`));
}

/** The deleted file, or null when there was none (Strapi answers the same). */
export async function deleteFileMutation(request: PluginRequest, args: { id: string }): Promise<Document | null> {
  const service = uploadOf(request, 'destroy');
  const id = fileId(args.id);
  if (id === undefined) return null;
  try {
    return await service.destroy(id);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}
