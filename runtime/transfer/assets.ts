// Archive assets → the app's upload provider. Each file is streamed to a temporary file and handed
// to the provider (local folder, S3 or Cloudinary); the keys stored are remembered so that a failed import
// removes them again (files that were already there before the import are left alone). When the
// provider answers another URL than the archive's (S3, Cloudinary), the file row (or its format) is updated.
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dialectFor, encodeValue, localDirectory, type AppConfig, type Db, type TransferArchive, type UploadProvider } from './runtime-deps';

export interface AssetCopy {
  /** Keys this import created in the provider. */
  created: string[];
  provider: UploadProvider;
  /** Removes what this import created (after a failure). */
  undo(): Promise<void>;
  close(): Promise<void>;
}

export async function openAssetTarget(config: AppConfig, appDir: string, provider: UploadProvider): Promise<AssetCopy & { existedBefore(key: string): boolean }> {
  const local = provider.name === 'local' ? localDirectory(config.plugins.upload, appDir) : undefined;
  const created: string[] = [];
  return {
    created,
    provider,
    // S3 and Cloudinary cannot be asked cheaply: every key counts as new there.
    existedBefore: (key) => (local ? existsSync(join(local, key)) : false),
    async undo() {
      for (const key of created.splice(0)) await provider.delete(key).catch(() => undefined);
    },
    close: () => provider.close(),
  };
}

export interface AssetContext {
  db: Db;
  /** Set when the app imports files (plugin::upload.file is importable). */
  target?: AssetCopy & { existedBefore(key: string): boolean };
  /** Only read and check the bytes (dry run). */
  dryRun: boolean;
  onAsset(): void;
}

/** Copies every asset of the archive; returns how many. */
export async function copyAssets(ctx: AssetContext, archive: TransferArchive): Promise<number> {
  const temp = mkdtempSync(join(tmpdir(), 'cms-gen-import-'));
  let count = 0;
  try {
    for await (const asset of archive.assets()) {
      const file = join(temp, 'asset');
      // The stream is read whole even when nothing is written: the reader checks its length.
      await pipeline(asset.stream, createWriteStream(file));
      if (!ctx.dryRun && ctx.target) {
        const { provider } = ctx.target;
        // `folderPath` is the media library's folder (not storage); `path` is the storage folder, if any.
        const folder = typeof asset.metadata.path === 'string' && asset.metadata.path !== '' ? asset.metadata.path : undefined;
        const key = provider.keyFor(asset.filename, folder);
        const existed = ctx.target.existedBefore(key);
        const url = await provider.put({ key, filePath: file, mime: asset.metadata.mime, size: asset.size });
        // The key a delete derives from the URL (Cloudinary's differs from keyFor's).
        if (!existed) ctx.target.created.push(provider.keyOfUrl(url) ?? key);
        if (url !== asset.metadata.url) await updateUrl(ctx.db, asset.metadata.id, typeof asset.metadata.type === 'string' ? asset.metadata.type : undefined, url, provider.name);
      }
      rmSync(file, { force: true });
      count += 1;
      ctx.onAsset();
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return count;
}

/** The provider stored the file under another URL: the file row (or its format entry) says so. */
async function updateUrl(db: Db, fileId: number, format: string | undefined, url: string, providerName: string): Promise<void> {
  const q = dialectFor(db.dialect).quote;
  if (!format) {
    await db.execute(`UPDATE ${q('files')} SET url = ?, provider = ? WHERE id = ?`, [url, providerName, fileId]);
    return;
  }
  const [row] = await db.query(`SELECT formats FROM ${q('files')} WHERE id = ?`, [fileId]);
  if (!row || row.formats === null || row.formats === undefined) return;
  const formats = (typeof row.formats === 'string' ? JSON.parse(row.formats) : row.formats) as Record<string, { url?: string }>;
  if (!formats[format]) return;
  formats[format].url = url;
  await db.execute(`UPDATE ${q('files')} SET formats = ? WHERE id = ?`, [encodeValue('json', formats, db.dialect), fileId]);
}
