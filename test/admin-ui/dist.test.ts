// runtime/admin-ui/dist/ is committed (an app installs no bundler): it must be the build of the
// sources beside it. After changing the SPA: cd runtime/admin-ui && npm ci && npm run build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', 'runtime', 'admin-ui');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sourceHash } = require(join(ROOT, 'scripts', 'source-hash.cjs')) as { sourceHash(root: string): string };

describe('the admin panel build (runtime/admin-ui/dist)', () => {
  const info = JSON.parse(readFileSync(join(ROOT, 'dist', 'build-info.json'), 'utf8')) as { sourceHash: string; initialJs: string[]; initialJsGzipBytes: number };

  it('was built from the sources as they are (run npm run build in runtime/admin-ui otherwise)', () => {
    expect(info.sourceHash).toBe(sourceHash(ROOT));
  });

  it('has every script index.html loads, under /admin/, and no inline script', () => {
    const html = readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(existsSync(join(ROOT, 'dist', file))).toBe(true);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(info.initialJs.length).toBeGreaterThan(0);
  });

  it('is a package of its own that ships only dist/ and its entry (no dependencies to install)', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.name).toBe('@cms-gen/admin-ui');
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.files).toEqual(['dist', 'index.cjs', 'README.md']);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect((require(join(ROOT, 'index.cjs')) as { distDir: string }).distDir).toBe(join(ROOT, 'dist'));
  });
});
