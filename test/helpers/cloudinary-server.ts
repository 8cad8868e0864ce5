// A stand-in for Cloudinary's upload API on loopback (node:http, port 0): it checks each request's
// signature by Cloudinary's documented rule (independently of the provider's code), keeps what was
// uploaded by resource type and public_id, answers uploads as Cloudinary does (in "fixed folder"
// mode: a folder prefixes the public_id) and destroys with `ok` / `not found`. Every request is
// recorded, and the next uploads can be told to fail.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  /** `/v1_1/<cloud>/<resource type>/<action>` */
  path: string;
  /** Every text field as sent. */
  fields: Record<string, string>;
  /** The `file` part, when there was one. */
  file?: { name: string; type: string; bytes: Buffer };
  /** Whether the signature matched the fields and the secret. */
  signatureValid: boolean;
  /** A chunk's `X-Unique-Upload-Id` and `Content-Range`. */
  chunk?: { uploadId: string; range: string };
}

export interface StoredAsset {
  resourceType: 'image' | 'video' | 'raw';
  publicId: string;
  bytes: Buffer;
  version: number;
}

export interface TestCloudinary {
  /** For `providerOptions.upload_prefix`. */
  url: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  calls: RecordedCall[];
  /** Stored assets by `<resource type>/<public_id>`. */
  assets: Map<string, StoredAsset>;
  /** After `accepting` more uploads, the next `count` are refused with this message (400). */
  refuseUploads(count: number, message?: string, accepting?: number): void;
  close(): Promise<void>;
}

/** Cloudinary's rule: fields but file, cloud_name, resource_type, api_key (and signature), sorted, `k=v&…` + secret, SHA-1. */
export function expectedSignature(fields: Record<string, string>, secret: string): string {
  const signed = Object.entries(fields)
    .filter(([key, value]) => !['file', 'cloud_name', 'resource_type', 'api_key', 'signature'].includes(key) && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHash('sha1').update(signed + secret).digest('hex');
}

/** What Cloudinary's `auto` makes of a file: images (and PDFs) are image, video and audio video, the rest raw. */
const resourceTypeOf = (mime: string): StoredAsset['resourceType'] =>
  mime.startsWith('image/') || mime === 'application/pdf' ? 'image' : mime.startsWith('video/') || mime.startsWith('audio/') ? 'video' : 'raw';

export async function startCloudinary(cloudName = 'demo-cloud', apiKey = '123456789012345', apiSecret = 'test-secret'): Promise<TestCloudinary> {
  const calls: RecordedCall[] = [];
  const assets = new Map<string, StoredAsset>();
  let refusals = { accepting: 0, count: 0, message: '' };
  let version = 1700000000;
  const partial = new Map<string, Buffer>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
        const fields: Record<string, string> = {};
        let file: RecordedCall['file'];
        for (const [key, value] of form.entries()) {
          if (typeof value === 'string') fields[key] = value;
          else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
        }
        const signatureValid = fields.api_key === apiKey && fields.signature === expectedSignature(fields, apiSecret);
        const path = req.url ?? '';
        const uploadId = req.headers['x-unique-upload-id'];
        const range = req.headers['content-range'];
        const chunk = typeof uploadId === 'string' && typeof range === 'string' ? { uploadId, range } : undefined;
        calls.push({ path, fields, file, signatureValid, ...(chunk ? { chunk } : {}) });
        const match = /^\/v1_1\/([^/]+)\/(auto|image|video|raw)\/(upload|destroy)$/.exec(path);
        if (req.method !== 'POST' || !match || match[1] !== cloudName) return reply(404, { error: { message: 'Not found' } });
        if (!signatureValid) return reply(401, { error: { message: 'Invalid Signature' } });
        const [, , type, action] = match;
        if (action === 'upload') {
          if (refusals.accepting > 0) refusals.accepting -= 1;
          else if (refusals.count > 0) {
            refusals.count -= 1;
            return reply(400, { error: { message: refusals.message } });
          }
          if (!file) return reply(400, { error: { message: 'Missing required parameter - file' } });
          let bytes = file.bytes;
          if (chunk) {
            // Chunks arrive in order here; the asset exists once the last byte is in.
            const bounds = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(chunk.range);
            const received = Buffer.concat([partial.get(chunk.uploadId) ?? Buffer.alloc(0), file.bytes]);
            if (!bounds || Number(bounds[1]) !== received.length - file.bytes.length || Number(bounds[2]) !== received.length - 1) return reply(400, { error: { message: `Bad Content-Range ${chunk.range}` } });
            if (received.length < Number(bounds[3])) {
              partial.set(chunk.uploadId, received);
              return reply(200, { done: false });
            }
            partial.delete(chunk.uploadId);
            bytes = received;
          }
          const resourceType = type === 'auto' ? resourceTypeOf(file.type) : (type as StoredAsset['resourceType']);
          const publicId = fields.folder ? `${fields.folder}/${fields.public_id}` : fields.public_id;
          version += 1;
          assets.set(`${resourceType}/${publicId}`, { resourceType, publicId, bytes, version });
          const format = resourceType === 'raw' ? '' : (/\.([A-Za-z0-9]+)$/.exec(file.name)?.[1] ?? '');
          const delivered = `res.cloudinary.com/${cloudName}/${resourceType}/upload/v${version}/${publicId}${format ? `.${format}` : ''}`;
          return reply(200, { public_id: publicId, version, resource_type: resourceType, type: 'upload', format, bytes: bytes.length, url: `http://${delivered}`, secure_url: `https://${delivered}` });
        }
        if (type === 'auto') return reply(400, { error: { message: 'Invalid resource type for destroy' } });
        const existed = assets.delete(`${type}/${fields.public_id}`);
        return reply(200, { result: existed ? 'ok' : 'not found' });
      })().catch((err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cloudName,
    apiKey,
    apiSecret,
    calls,
    assets,
    refuseUploads(count, message = 'Invalid image file', accepting = 0) {
      refusals = { accepting, count, message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
