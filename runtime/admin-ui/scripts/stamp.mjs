// Records, after `vite build`, what dist/ was built from and what it weighs (initial JS gzipped).
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { sourceHash } = require('./source-hash.cjs');
const dist = join(root, 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// The scripts index.html loads at once: its module script and the chunks it preloads.
const initial = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
const info = {
  sourceHash: sourceHash(root),
  initialJs: initial.sort(),
  initialJsGzipBytes: initial.reduce((sum, f) => sum + gz(f), 0),
  allJsGzipBytes: all.reduce((sum, f) => sum + gz(f), 0),
  chunks: all.length,
};
writeFileSync(join(dist, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
console.log(`admin-ui: initial JS ${(info.initialJsGzipBytes / 1024).toFixed(1)} KiB gzipped (${initial.length} files), all JS ${(info.allJsGzipBytes / 1024).toFixed(1)} KiB in ${all.length} chunks`);
