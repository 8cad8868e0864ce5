// Local disk storage: files live flat in one directory (default `<app>/public/uploads`) and are
// served by the app at `/uploads/<key>`. Keys are single safe file names, so nothing a client
// sends can name a path outside the directory.
import { copyFile, mkdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { PutRequest, UploadProvider } from './provider';

export const LOCAL_URL_PREFIX = '/uploads/';

/** A stored file name: letters, digits, `_`, `-`, `.`, not starting with a dot. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  return key;
}

export async function createLocalProvider(directory: string): Promise<UploadProvider> {
  const pathOf = (key: string) => join(directory, checkKey(key));
  return {
    name: 'local',
    isPrivate: false,
    // The local provider has no folders (as Strapi's): `path` is ignored.
    keyFor: (fileName) => checkKey(fileName),
    async put({ key, filePath }: PutRequest): Promise<string> {
      const target = pathOf(key);
      // Created on first use, not at startup: an app that never receives a file leaves no folder.
      await mkdir(directory, { recursive: true });
      try {
        await rename(filePath, target);
      } catch (err) {
        // Temp files usually live on another filesystem than the app.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(filePath, target);
        await rm(filePath, { force: true });
      }
      return `${LOCAL_URL_PREFIX}${key}`;
    },
    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    keyOfUrl(url) {
      if (!url.startsWith(LOCAL_URL_PREFIX)) return undefined;
      const key = url.slice(LOCAL_URL_PREFIX.length);
      return SAFE_KEY.test(key) && !key.includes('..') ? key : undefined;
    },
    async signedUrl() {
      throw new Error('the local provider does not sign URLs');
    },
    async close() {},
  };
}
