// Cloudinary over its REST upload API (multipart POSTs, the file streamed from disk; no SDK),
// with the options of Strapi's `@strapi/provider-upload-cloudinary`: each file is uploaded with
// `resource_type` auto and `public_id` = its hash (a format's: `thumbnail_<hash>`, …), its URL is
// Cloudinary's `secure_url`, and deletes call the destroy API of its resource type (invalidate).
//
// Keys: `<resource_type>/<public_id>`, e.g. `image/photo_3f2a9c01be`, `raw/docs/notes_0a1b2c3d4e`.
// The resource type (image, video, raw) is Cloudinary's choice, known only from the upload's answer,
// and so is the public_id under a folder (an account in "fixed folder" mode prefixes the folder, one in
// "dynamic folder" mode does not). So `keyFor` gives a provisional key, `auto/[<folder>/]<hash><ext>`,
// which is what `put` uploads; the key kept for a stored object is the one its returned URL maps back
// to (`keyOfUrl`, see process-file.ts), the same key a later delete or replace derives from the
// File record's URL. A provisional key handed to `delete` (a URL from a host this provider does not
// recognize) is tried as image, video, then raw.
import { createHash, randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { CloudinaryParams, UploadActionOptions, UploadProviderOptions } from '@cms-gen/server/config/types';
import { PayloadTooLargeError } from '@cms-gen/core/errors';
import { cleanPrefix } from './key-path';
import { postMultipart, type FilePart } from './multipart-post';
import type { PutRequest, UploadProvider } from './provider';

/** Cloudinary's API base; `providerOptions.upload_prefix` (Cloudinary's own name) replaces it. */
export const CLOUDINARY_API_BASE = 'https://api.cloudinary.com';
const RESOURCE_TYPES = ['image', 'video', 'raw'] as const;
type ResourceType = (typeof RESOURCE_TYPES)[number];
const PROVISIONAL = 'auto/';

/** A parameter's text as sent and signed: arrays comma-separated, booleans `true`/`false`. */
function paramText(value: CloudinaryParams[string]): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Parameters with a value (empty ones are neither sent nor signed, as Cloudinary's SDKs do). */
function present(params: CloudinaryParams): Array<[string, string]> {
  return Object.entries(params)
    .map(([key, value]): [string, string] => [key, paramText(value)])
    .filter(([, text]) => text !== '');
}

/**
 * Cloudinary's request signature: the parameters (without file, cloud_name, resource_type and
 * api_key, which the caller leaves out) sorted by name, joined as `k=v&k=v`, the API secret
 * appended, SHA-1 in hex.
 */
export function signParams(params: CloudinaryParams, apiSecret: string): string {
  const text = present(params)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHash('sha1').update(text + apiSecret).digest('hex');
}

/** `a/b/photo_1.png` → folder `a/b`, file `photo_1.png`, public_id `photo_1`. */
function splitProvisional(rest: string): { folder: string | undefined; fileName: string; publicId: string } {
  const slash = rest.lastIndexOf('/');
  const fileName = rest.slice(slash + 1);
  return { folder: slash > 0 ? rest.slice(0, slash) : undefined, fileName, publicId: fileName.replace(/\.[A-Za-z0-9]+$/, '') };
}

interface CloudinaryAnswer {
  secure_url?: unknown;
  result?: unknown;
  error?: { message?: unknown };
}

/** Files from `from` bytes are sent in chunks of `size` bytes (Cloudinary's SDK sends 20 MB chunks). */
export const CHUNKING = { from: 99 * 1000 * 1000, size: 20 * 1000 * 1000 };

export function createCloudinaryProvider(options: UploadProviderOptions, actionOptions: UploadActionOptions = {}, chunking = CHUNKING): UploadProvider {
  const { cloud_name: cloudName, api_key: apiKey, api_secret: apiSecret } = options;
  for (const [key, value] of Object.entries({ cloud_name: cloudName, api_key: apiKey, api_secret: apiSecret })) {
    if (!value) throw new Error(`upload provider cloudinary: providerOptions.${key} is required`);
  }
  const base = (options.upload_prefix ?? CLOUDINARY_API_BASE).replace(/\/+$/, '');
  const endpoint = (resourceType: string, action: string) => `${base}/v1_1/${encodeURIComponent(cloudName!)}/${resourceType}/${action}`;
  // Strapi 5 streams every file, so only `uploadStream`'s options reach Cloudinary there; `upload`'s
  // are applied too (a config written for buffer uploads keeps its folder), `uploadStream`'s win.
  const uploadExtras = { ...actionOptions.upload, ...actionOptions.uploadStream };
  const deleteExtras = actionOptions.delete ?? {};
  // `https://res.cloudinary.com/<cloud>/…` or a private CDN's `https://<cloud>-res.cloudinary.com/…`.
  const escaped = cloudName!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const urlPattern = new RegExp(`^https://(?:res\\.cloudinary\\.com/${escaped}|${escaped}-res\\.cloudinary\\.com)/(image|video|raw)/upload/(?:v\\d+/)?([^?#]+)$`);

  /** Signs and posts `params` (with the file part, if any); answers Cloudinary's JSON, or throws its error message. */
  async function call(url: string, params: CloudinaryParams, file?: FilePart, headers?: Record<string, string>): Promise<CloudinaryAnswer> {
    const signed = { timestamp: Math.floor(Date.now() / 1000), ...params };
    const fields: Array<[string, string]> = [...present(signed), ['api_key', apiKey!], ['signature', signParams(signed, apiSecret!)]];
    const { status, text } = await postMultipart(url, fields, file, headers);
    let answer: CloudinaryAnswer;
    try {
      answer = JSON.parse(text) as CloudinaryAnswer;
    } catch {
      throw new Error(`cloudinary answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (status < 200 || status >= 300 || answer.error) {
      const message = typeof answer.error?.message === 'string' ? answer.error.message : `HTTP ${status}`;
      if (message.includes('File size too large')) throw new PayloadTooLargeError(`cloudinary refused the file: ${message}`);
      throw new Error(`cloudinary refused the request (${status}): ${message}`);
    }
    return answer;
  }

  async function destroy(resourceType: ResourceType, publicId: string): Promise<'ok' | 'not found'> {
    const answer = await call(endpoint(resourceType, 'destroy'), { invalidate: true, ...deleteExtras, public_id: publicId });
    if (answer.result === 'ok' || answer.result === 'not found') return answer.result;
    throw new Error(`cloudinary could not delete ${resourceType}/${publicId}: ${String(answer.result)}`);
  }

  const provider: UploadProvider = {
    name: 'cloudinary',
    isPrivate: false,
    keyFor(fileName, folderPath) {
      const folder = cleanPrefix(folderPath);
      return `${PROVISIONAL}${folder ? `${folder}/` : ''}${fileName}`;
    },
    async put({ key, filePath, mime }: PutRequest): Promise<string> {
      if (!key.startsWith(PROVISIONAL)) throw new Error(`cloudinary: ${JSON.stringify(key)} is not a key of keyFor`);
      const { folder, fileName, publicId } = splitProvisional(key.slice(PROVISIONAL.length));
      // As Strapi's provider: the storage folder (`path`), overridden by the configured options.
      const params: CloudinaryParams = { ...(folder ? { folder } : {}), ...uploadExtras, public_id: publicId };
      const { size } = await stat(filePath);
      const part = (start: number, end: number): FilePart => ({ path: filePath, start, end, name: fileName, type: mime });
      let answer: CloudinaryAnswer;
      if (size < chunking.from) answer = await call(endpoint('auto', 'upload'), params, part(0, size));
      else {
        // Cloudinary takes at most 100 MB in one request: larger files go in chunks (as Strapi's
        // provider does from 99 MB), each a signed request naming its byte range; the last one's
        // answer is the upload's. One timestamp for all, as the SDK does.
        const uploadId = randomBytes(16).toString('hex');
        const signed = { ...params, timestamp: Math.floor(Date.now() / 1000) };
        answer = {};
        for (let start = 0; start < size; start += chunking.size) {
          const end = Math.min(start + chunking.size, size);
          answer = await call(endpoint('auto', 'upload'), signed, part(start, end), { 'X-Unique-Upload-Id': uploadId, 'Content-Range': `bytes ${start}-${end - 1}/${size}` });
        }
      }
      if (typeof answer.secure_url !== 'string') throw new Error('cloudinary answered an upload without a secure_url');
      return answer.secure_url;
    },
    async delete(key) {
      const slash = key.indexOf('/');
      const type = key.slice(0, slash);
      const rest = key.slice(slash + 1);
      if (slash <= 0 || rest === '') throw new Error(`cloudinary: ${JSON.stringify(key)} is not a storage key`);
      if ((RESOURCE_TYPES as readonly string[]).includes(type)) {
        await destroy(type as ResourceType, rest);
        return;
      }
      if (`${type}/` !== PROVISIONAL) throw new Error(`cloudinary: ${JSON.stringify(key)} is not a storage key`);
      const { folder, publicId } = splitProvisional(rest);
      const id = folder ? `${folder}/${publicId}` : publicId;
      for (const resourceType of RESOURCE_TYPES) if ((await destroy(resourceType, id)) === 'ok') return;
    },
    keyOfUrl(url) {
      const match = urlPattern.exec(url);
      if (!match) return undefined;
      const [, resourceType, path] = match;
      let segments: string[];
      try {
        segments = path.split('/').map((segment) => decodeURIComponent(segment));
      } catch {
        return undefined;
      }
      if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
      // Image and video URLs end in the delivered format's extension; a raw file's public_id is its whole path.
      if (resourceType !== 'raw') segments[segments.length - 1] = segments[segments.length - 1].replace(/\.[A-Za-z0-9]+$/, '');
      return `${resourceType}/${segments.join('/')}`;
    },
    async signedUrl(key) {
      // Nothing is private here (never asked, as isPrivate is false): the object's public delivery URL.
      const slash = key.indexOf('/');
      const path = key.slice(slash + 1).split('/').map(encodeURIComponent).join('/');
      return `https://res.cloudinary.com/${encodeURIComponent(cloudName!)}/${key.slice(0, slash)}/upload/${path}`;
    },
    async close() {},
  };
  return provider;
}
