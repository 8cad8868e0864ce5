// Signed URLs for private storage: the engine passes every File record it reads (lists, single
// reads, populated media) through this hook, which replaces the URL of the record and of each of
// its formats with a signed one and marks them `isUrlSigned: true`, as Strapi does. URLs that are not
// this provider's (files stored by another provider) stay as they are.
import type { FileOutputHook } from '@cms-gen/core/engine/file-output';
import type { Document } from '@cms-gen/core/engine/types';
import type { UploadProvider } from './providers/provider';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function signOne(target: Record<string, unknown>, provider: UploadProvider): Promise<void> {
  if (typeof target.url !== 'string') return;
  const key = provider.keyOfUrl(target.url);
  if (key === undefined) return;
  target.url = await provider.signedUrl(key);
  target.isUrlSigned = true;
}

export function urlSigner(provider: UploadProvider): FileOutputHook {
  return async (files: Document[]) => {
    const jobs: Promise<void>[] = [];
    for (const file of files) {
      jobs.push(signOne(file, provider));
      if (isRecord(file.formats)) for (const format of Object.values(file.formats)) if (isRecord(format)) jobs.push(signOne(format, provider));
    }
    await Promise.all(jobs);
  };
}

/** Upload endpoints always say whether a record's URL is signed (`false` unless the hook signed it). */
export function withSignedFlag(file: Document): Document {
  return file.isUrlSigned === undefined ? { ...file, isUrlSigned: false } : file;
}
