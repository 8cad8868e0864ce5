// S3-compatible object storage with @aws-sdk/client-s3. Files are streamed from disk with a known
// length (one PUT, no buffering); `public-read` objects get their bucket (or `baseUrl`) URL, and with
// the `private` ACL every URL handed out is signed (`X-Amz-Signature`, `signedUrlExpires` seconds).
import { createReadStream } from 'node:fs';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Options, UploadProviderOptions } from '@cms-gen/server/config/types';
import { cleanPrefix } from './key-path';
import type { PutRequest, UploadProvider } from './provider';

export const DEFAULT_SIGNED_URL_EXPIRES = 15 * 60;
/** Attempts of one PUT whose connection drops before an answer. */
const PUT_ATTEMPTS = 3;

/** A connection that ended without an HTTP answer (the SDK names the socket's error code). */
function isDroppedConnection(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, $metadata, message } = err as { code?: unknown; $metadata?: { httpStatusCode?: number }; message?: unknown };
  if ($metadata?.httpStatusCode !== undefined) return false;
  return /ECONNRESET|EPIPE|ECONNABORTED|ETIMEDOUT|socket hang up/.test(`${String(code)} ${String(message)}`);
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The public URL prefix of the bucket: baseUrl, the endpoint (path style), or AWS's virtual host. */
export function bucketUrl(options: UploadProviderOptions, s3: S3Options): string {
  if (options.baseUrl) return options.baseUrl.replace(/\/+$/, '');
  const bucket = encodeURIComponent(s3.params.Bucket);
  if (s3.endpoint) {
    const endpoint = (/^https?:\/\//.test(s3.endpoint) ? s3.endpoint : `https://${s3.endpoint}`).replace(/\/+$/, '');
    if (s3.forcePathStyle === false) {
      const url = new URL(endpoint);
      return `${url.protocol}//${bucket}.${url.host}`;
    }
    return `${endpoint}/${bucket}`;
  }
  return `https://${bucket}.s3.${s3.region ?? 'us-east-1'}.amazonaws.com`;
}

export function createS3Provider(options: UploadProviderOptions): UploadProvider {
  const s3 = options.s3Options;
  if (!s3?.params?.Bucket) throw new Error('upload provider aws-s3: providerOptions.s3Options.params.Bucket is required');
  const client = new S3Client({
    region: s3.region ?? 'us-east-1',
    endpoint: s3.endpoint,
    // An endpoint usually means an S3-compatible server, which mostly only speaks path style.
    forcePathStyle: s3.forcePathStyle ?? s3.endpoint !== undefined,
    credentials: s3.credentials,
    requestChecksumCalculation: s3.requestChecksumCalculation ?? 'WHEN_REQUIRED',
    responseChecksumValidation: s3.responseChecksumValidation ?? 'WHEN_REQUIRED',
  });
  const bucket = s3.params.Bucket;
  const acl = s3.params.ACL ?? 'public-read';
  const expiresIn = s3.params.signedUrlExpires ?? DEFAULT_SIGNED_URL_EXPIRES;
  const rootPath = cleanPrefix(options.rootPath);
  const base = bucketUrl(options, { ...s3, forcePathStyle: s3.forcePathStyle ?? s3.endpoint !== undefined });

  return {
    name: 'aws-s3',
    isPrivate: acl === 'private',
    keyFor(fileName, folderPath) {
      return [rootPath, cleanPrefix(folderPath), fileName].filter((part) => part !== '').join('/');
    },
    async put({ key, filePath, mime, size }: PutRequest): Promise<string> {
      // The SDK cannot send a stream it has consumed again, so a connection that drops under the
      // body (a keep-alive socket the server closed as the client picked it) failed the upload.
      // The file can be read again and a PUT of it is idempotent: a new stream on a new attempt.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(filePath), ContentLength: size, ContentType: mime, ACL: acl }),
          );
          return `${base}/${encodeKey(key)}`;
        } catch (err) {
          if (attempt >= PUT_ATTEMPTS || !isDroppedConnection(err)) throw err;
        }
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    keyOfUrl(url) {
      const prefix = `${base}/`;
      if (!url.startsWith(prefix)) return undefined;
      const path = url.slice(prefix.length).split('?')[0];
      try {
        return path
          .split('/')
          .map((segment) => decodeURIComponent(segment))
          .join('/');
      } catch {
        return undefined;
      }
    },
    signedUrl(key) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
    },
    async close() {
      client.destroy();
    },
  };
}
