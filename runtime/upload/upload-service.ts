// The media library's operations: upload (with optional linking), fileInfo update, replacement and
// deletion. Every request works in its own scratch directory, analyzes all files before storing any,
// and removes whatever it stored when a later step fails, so a refused or failed request leaves
// neither objects nor records behind. After a write commits, it announces media.create, media.update
// or media.delete on the engine's events (webhooks), with the record as the API answers it.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadConfig } from '@cms-gen/server/config/types';
import { uploadProviderOf } from '@cms-gen/server/config/provider-names';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AuthContext, Document } from '@cms-gen/core/engine/types';
import { mimeAllowed } from '@cms-gen/core/engine/write/apply-plan';
import { NotFoundError, ValidationError } from '@cms-gen/core/errors';
import { parseFileInfo, parseFileInfos } from './file-info';
import { deleteFileRecord, insertFileRecord, readFilesById, storedFile, updateFileRecord, type FileValues, type StoredFile } from './file-records';
import { apiUploadsFolder, type FolderRef } from './folder';
import { lockedTransaction } from '@cms-gen/core/db/database-lock';
import type { ImageSettings } from './images';
import { checkLinkable, linkFiles, linkRequestOf, resolveLinkTarget } from './link-target';
import { analyzeFile, removeObjects, storeFile, type AnalyzedFile, type IncomingFile, type StoredUpload, type UploadPolicy } from './process-file';
import type { UploadProvider } from './providers/provider';
import { withSignedFlag } from './signing';
import { createWorkQueue } from './work-queue';

export const FILE_NOT_FOUND = 'file.notFound';

export interface UploadServiceOptions {
  engine: Engine;
  provider: UploadProvider;
  config: UploadConfig;
  /** Parent of the per-request scratch directories. */
  tmpRoot: string;
}

/** `path` (folders inside the bucket): safe segments only, and only where the provider has folders. */
function folderPathOf(value: unknown, provider: UploadProvider): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\/?([A-Za-z0-9_-][A-Za-z0-9_.-]*\/?)+$/.test(value) || value.split('/').includes('..')) {
    throw new ValidationError('path must be a folder path of letters, digits, "_", "-" and "."', { errors: [{ path: ['path'], message: 'invalid path', name: 'ValidationError', value }] });
  }
  // Strapi's local provider ignores `path` too.
  return provider.name === 'local' ? undefined : value.replace(/^\/|\/$/g, '');
}

export class UploadService {
  private readonly images: ImageSettings;
  private readonly policy: UploadPolicy;
  /**
   * The 'API Uploads' folder, found or created once per process: concurrent first uploads must
   * not each create one (on PostgreSQL both transactions would see none). Across processes (app
   * instances sharing the database) the find-or-create runs under the "upload-folder" database lock.
   */
  private folder?: Promise<FolderRef>;

  constructor(private readonly options: UploadServiceOptions) {
    const { sizeOptimization, autoOrientation, responsiveDimensions, breakpoints, imageLimits, security } = options.config;
    // One queue per app: its `concurrency` bounds the images decoded at once across all requests.
    this.images = { sizeOptimization, autoOrientation, responsiveDimensions, breakpoints, limits: imageLimits, queue: createWorkQueue(imageLimits.concurrency) };
    this.policy = { security, imageLimits };
  }

  private get engine(): Engine {
    return this.options.engine;
  }

  private get provider(): UploadProvider {
    return this.options.provider;
  }

  private async inScratch<T>(fn: (workDir: string) => Promise<T>): Promise<T> {
    const workDir = await mkdtemp(join(this.options.tmpRoot, 'work-'));
    try {
      return await fn(workDir);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private apiUploads(): Promise<FolderRef> {
    this.folder ??= lockedTransaction(this.engine.db, 'upload-folder', (tx) => apiUploadsFolder(this.engine, tx)).catch((err: unknown) => {
      this.folder = undefined;
      throw err;
    });
    return this.folder;
  }

  private async found(id: number): Promise<StoredFile> {
    const file = await storedFile(this.engine, id);
    if (!file) throw new NotFoundError(FILE_NOT_FOUND);
    return file;
  }

  /** Keys of a record's objects in this provider (none when another provider stored it). */
  private keysOf(file: StoredFile): string[] {
    // A record names its provider as the config that stored it did: `aws-s3` or Strapi's package name.
    if (uploadProviderOf(file.provider) !== this.provider.name) return [];
    const urls = [file.url, ...Object.values(file.formats ?? {}).map((f) => f.url)];
    return urls.flatMap((url) => {
      const key = typeof url === 'string' ? this.provider.keyOfUrl(url) : undefined;
      return key === undefined ? [] : [key];
    });
  }

  private async readBack(ids: number[], auth: AuthContext): Promise<Document[]> {
    return (await readFilesById(this.engine, ids, {}, auth)).map(withSignedFlag);
  }

  /** Announces committed writes; listeners run without being awaited and cannot fail the request. */
  private announce(event: 'media.create' | 'media.update' | 'media.delete', files: Document[]): void {
    for (const media of files) this.engine.events.emit({ event, media });
  }

  /** `POST /upload`: stores the files, files them under 'API Uploads', links them if asked. */
  async upload(files: IncomingFile[], fields: Record<string, unknown>, auth: AuthContext): Promise<Document[]> {
    const infos = parseFileInfos(fields.fileInfo, files.length);
    const linkRequest = linkRequestOf(fields);
    const target = linkRequest ? await resolveLinkTarget(this.engine, linkRequest, auth) : undefined;
    const path = folderPathOf(fields.path, this.provider);
    const analyzed: AnalyzedFile[] = [];
    for (let i = 0; i < files.length; i++) analyzed.push(await analyzeFile(files[i], infos[i], this.policy));
    if (target) checkLinkable(target, analyzed.map((a) => a.mime));

    const stored: StoredUpload[] = [];
    let ids: number[];
    try {
      ids = await this.inScratch(async (workDir) => {
        for (let i = 0; i < analyzed.length; i++) {
          const fileDir = join(workDir, String(i));
          await mkdir(fileDir);
          stored.push(await storeFile(analyzed[i], { provider: this.provider, images: this.images, workDir: fileDir, path }));
        }
        const folder = await this.apiUploads();
        return this.engine.db.transaction(async (tx) => {
          const inserted: number[] = [];
          for (const upload of stored) inserted.push(await insertFileRecord(this.engine, tx, { ...upload.values, folderPath: folder.path }, folder, auth));
          if (target) await linkFiles(this.engine, tx, target, inserted);
          return inserted;
        });
      });
    } catch (err) {
      await removeObjects(this.provider, stored.flatMap((s) => s.keys));
      throw err;
    }
    const created = await this.readBack(ids, auth);
    this.announce('media.create', created);
    return created;
  }

  /** `POST /upload?id=` without files: name, alternativeText and caption; absent or null keys stay. */
  async updateInfo(id: number, fields: Record<string, unknown>, auth: AuthContext): Promise<Document> {
    const info = parseFileInfo(fields.fileInfo);
    const file = await this.found(id);
    const values: Partial<FileValues> = {};
    if (info.name !== undefined && info.name !== null) values.name = info.name;
    if (info.alternativeText !== undefined && info.alternativeText !== null) values.alternativeText = info.alternativeText;
    if (info.caption !== undefined && info.caption !== null) values.caption = info.caption;
    const changed = Object.keys(values).length > 0;
    if (changed) await this.engine.db.transaction((tx) => updateFileRecord(this.engine, tx, file.documentId, values, auth));
    const updated = await this.readBack([id], auth);
    // Nothing written, nothing to announce.
    if (changed) this.announce('media.update', updated);
    return updated[0];
  }

  /**
   * `POST /upload?id=` with one file: new content under the same hash and extension, so the URL
   * stays (Strapi's replace). Fields the file is linked to must accept the new type.
   */
  async replace(id: number, incoming: IncomingFile, fields: Record<string, unknown>, auth: AuthContext): Promise<Document> {
    const info = parseFileInfo(fields.fileInfo);
    const file = await this.found(id);
    const analyzed = { ...(await analyzeFile(incoming, info, this.policy)), hash: file.hash, ext: file.ext };
    await this.checkLinkedFields(id, analyzed.mime);
    const oldKeys = this.keysOf(file);
    const upload = await this.inScratch((workDir) => storeFile(analyzed, { provider: this.provider, images: this.images, workDir }));
    const values: Partial<FileValues> = { ...upload.values };
    // Like the fileInfo update, alternativeText and caption change only when given.
    if (info.alternativeText === undefined || info.alternativeText === null) delete values.alternativeText;
    if (info.caption === undefined || info.caption === null) delete values.caption;
    try {
      await this.engine.db.transaction((tx) => updateFileRecord(this.engine, tx, file.documentId, values, auth));
    } catch (err) {
      await removeObjects(this.provider, upload.keys.filter((key) => !oldKeys.includes(key)));
      throw err;
    }
    // Formats the new content no longer has (a smaller image) would otherwise linger.
    await removeObjects(this.provider, oldKeys.filter((key) => !upload.keys.includes(key)));
    const replaced = await this.readBack([id], auth);
    this.announce('media.update', replaced);
    return replaced[0];
  }

  private async checkLinkedFields(fileId: number, mime: string): Promise<void> {
    const links = await this.engine.db.query(`SELECT DISTINCT related_type, field FROM ${this.engine.dialect.quote('files_related')} WHERE file_id = ?`, [fileId]);
    for (const link of links) {
      const uid = String(link.related_type);
      const owner = this.engine.schema.contentTypes[uid] ?? this.engine.schema.components[uid];
      const attribute = owner?.attributes[String(link.field)];
      if (attribute?.kind === 'media' && !mimeAllowed(mime, attribute.allowedTypes)) {
        throw new ValidationError(`This file is used in ${uid}.${attribute.name}, which only accepts ${attribute.allowedTypes.join(', ')} (got ${mime})`);
      }
    }
  }

  /** `DELETE /upload/files/:id`: removes the stored objects (formats included), then the record. */
  async destroy(id: number): Promise<Document> {
    const file = await this.found(id);
    for (const key of this.keysOf(file)) await this.provider.delete(key);
    await this.engine.db.transaction((tx) => deleteFileRecord(this.engine, tx, file));
    const deleted = withSignedFlag(file.doc);
    this.announce('media.delete', [deleted]);
    return deleted;
  }
}
