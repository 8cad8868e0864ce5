import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3, type TestS3 } from '../../../test/helpers/s3-server';
import { cleanPrefix } from './key-path';
import { bucketUrl, createS3Provider } from './s3';

describe('cleanPrefix and bucketUrl', () => {
  it('drops empty and climbing segments', () => {
    expect(cleanPrefix('/a//b/../c/')).toBe('a/b/c');
    expect(cleanPrefix(undefined)).toBe('');
  });

  it('uses baseUrl, then the endpoint (path style unless disabled), then AWS', () => {
    const s3 = { params: { Bucket: 'media' }, region: 'eu-west-1' };
    expect(bucketUrl({ baseUrl: 'https://cdn.example.com/' }, s3)).toBe('https://cdn.example.com');
    expect(bucketUrl({}, { ...s3, endpoint: 'http://127.0.0.1:9000' })).toBe('http://127.0.0.1:9000/media');
    expect(bucketUrl({}, { ...s3, endpoint: 'minio.example.com', forcePathStyle: false })).toBe('https://media.minio.example.com');
    expect(bucketUrl({}, s3)).toBe('https://media.s3.eu-west-1.amazonaws.com');
  });
});

describe('S3 provider against an S3-compatible server', () => {
  let s3: TestS3;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3(['pub', 'priv']);
    dir = mkdtempSync(join(tmpdir(), 'cms-gen-s3p-'));
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const options = (Bucket: string, ACL: 'public-read' | 'private', extra: object = {}) => ({
    s3Options: { endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, params: { Bucket, ACL, signedUrlExpires: 120 } },
    ...extra,
  });

  const source = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('streams public objects under rootPath/path and returns their bucket URL', async () => {
    const provider = createS3Provider(options('pub', 'public-read', { rootPath: 'site/' }));
    const key = provider.keyFor('doc_1.txt', 'reports/2024');
    expect(key).toBe('site/reports/2024/doc_1.txt');
    const url = await provider.put({ key, filePath: source('a.txt', 'public body'), mime: 'text/plain', size: 11 });
    expect(url).toBe(`${s3.endpoint}/pub/site/reports/2024/doc_1.txt`);
    expect(provider.isPrivate).toBe(false);
    expect(provider.keyOfUrl(url)).toBe(key);
    expect(provider.keyOfUrl('https://elsewhere.example.com/pub/x')).toBeUndefined();
    const res = await fetch(url);
    expect(await res.text()).toBe('public body');
    expect(res.headers.get('content-type')).toBe('text/plain');
    await provider.delete(key);
    expect(await s3.exists('pub', key)).toBe(false);
    await provider.close();
  });

  it('signs URLs of private objects', async () => {
    const provider = createS3Provider(options('priv', 'private'));
    const key = provider.keyFor('secret_1.txt', undefined);
    const url = await provider.put({ key, filePath: source('b.txt', 'private body'), mime: 'text/plain', size: 12 });
    expect(provider.isPrivate).toBe(true);
    const signed = await provider.signedUrl(key);
    expect(signed.startsWith(`${s3.endpoint}/priv/secret_1.txt?`)).toBe(true);
    const params = new URL(signed).searchParams;
    expect(params.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(params.get('X-Amz-Expires')).toBe('120');
    expect(await (await fetch(signed)).text()).toBe('private body');
    expect(provider.keyOfUrl(url)).toBe(key);
    await provider.close();
  });

  it('requires a bucket', () => {
    expect(() => createS3Provider({ s3Options: { params: { Bucket: '' } } })).toThrow(/Bucket is required/);
  });
});

describe('S3 provider when a connection drops', () => {
  let server: Server;
  let endpoint: string;
  let dir: string;
  const puts: Array<{ reset: boolean; body: string }> = [];
  let resets = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cms-gen-s3r-'));
    // Resets the connection of the first `resets` PUTs mid-body, as a server closing an idle
    // keep-alive socket the client had just picked does; answers the others as S3 does.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (resets > 0) {
          resets -= 1;
          puts.push({ reset: true, body: '' });
          req.socket.destroy();
        }
      });
      req.on('end', () => {
        puts.push({ reset: false, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { ETag: '"e"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const provider = () => createS3Provider({ s3Options: { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, params: { Bucket: 'media', ACL: 'public-read' } } });

  it('sends the whole file again on a new connection (a file can be read again; a PUT of it is idempotent)', async () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'x'.repeat(200_000));
    puts.length = 0;
    resets = 1;
    const url = await provider().put({ key: 'a.txt', filePath: file, mime: 'text/plain', size: 200_000 });
    expect(url).toBe(`${endpoint}/media/a.txt`);
    expect(puts.map((p) => [p.reset, p.body.length])).toEqual([
      [true, 0],
      [false, 200_000],
    ]);
  });

  it('gives up after three dropped connections, with the network error', async () => {
    const file = join(dir, 'b.txt');
    writeFileSync(file, 'y'.repeat(200_000));
    puts.length = 0;
    resets = 5;
    await expect(provider().put({ key: 'b.txt', filePath: file, mime: 'text/plain', size: 200_000 })).rejects.toThrow();
    expect(puts.filter((p) => p.reset)).toHaveLength(3);
    expect(puts.filter((p) => !p.reset)).toHaveLength(0);
    resets = 0;
  });
});
