// What the upload service needs from a storage backend. Objects are addressed by key (a file name,
// for S3 prefixed by `rootPath` and an optional folder path); the URL a provider returns for a key is
// what File records store, and `keyOfUrl` maps such a URL back so records can be signed and deleted
// without trusting anything but the URL this provider produced. The key kept for an object just
// stored is `keyOfUrl(url)` of the URL `put` returned (else keyFor's): for local and S3 they are the
// same; Cloudinary decides the key (its resource type) only when the file arrives, so its keyFor
// key is provisional (providers/cloudinary.ts).
import type { UploadProviderName } from '@cms-gen/server/config/types';

export interface PutRequest {
  key: string;
  /** The file on disk; providers stream it (or move it), never read it whole into memory. */
  filePath: string;
  mime: string;
  size: number;
}

export interface UploadProvider {
  readonly name: UploadProviderName;
  /** Stored objects are not publicly readable: URLs handed out must be signed. */
  readonly isPrivate: boolean;
  /** Object key of a stored file name (`<hash><ext>`) under an optional folder path. */
  keyFor(fileName: string, folderPath: string | undefined): string;
  /** Stores the file and returns its URL. May consume (move) `filePath`. */
  put(request: PutRequest): Promise<string>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The key behind a URL this provider returned, or undefined for any other URL. */
  keyOfUrl(url: string): string | undefined;
  /** A time-limited URL for a private object. */
  signedUrl(key: string): Promise<string>;
  close(): Promise<void>;
}
