import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { UPLOADS_CSP, uploadsRouter } from './static-route';

/** A raw GET, so the path reaches the server exactly as written (fetch would normalize `..`). */
function get(port: number, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('uploadsRouter', () => {
  let root: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cms-gen-static-'));
    const uploads = join(root, 'public', 'uploads');
    mkdirSync(join(uploads, 'sub'), { recursive: true });
    writeFileSync(join(uploads, 'photo_1.png'), 'png bytes');
    writeFileSync(join(uploads, 'page_1.html'), '<script>alert(1)</script>');
    writeFileSync(join(uploads, '.env'), 'SECRET=1');
    writeFileSync(join(root, 'secret.txt'), 'outside');
    const app = express();
    app.use(uploadsRouter(uploads, 60));
    app.use((_req, res) => {
      res.statusCode = 404;
      res.end('not found');
    });
    await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve())));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('serves files with their content type, cache headers and a sandboxing CSP', async () => {
    const res = await get(port, '/uploads/photo_1.png');
    expect(res.status).toBe(200);
    expect(res.body).toBe('png bytes');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeDefined();
    expect(res.headers['last-modified']).toBeDefined();
    expect(res.headers['content-security-policy']).toBe(UPLOADS_CSP);
    expect((await get(port, '/uploads/page_1.html')).headers['content-security-policy']).toContain('sandbox');
  });

  it('lists no directory, hides dotfiles and never leaves the directory', async () => {
    for (const path of ['/uploads/', '/uploads', '/uploads/sub', '/uploads/sub/', '/uploads/.env', '/uploads/../secret.txt', '/uploads/..%2fsecret.txt', '/uploads/..%2f..%2fsecret.txt', '/uploads/%2e%2e/secret.txt', '/uploads/nope.png']) {
      const res = await get(port, path);
      expect([path, res.status]).toEqual([path, expect.any(Number)]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('outside');
      expect(res.body).not.toContain('SECRET');
    }
  });
});
