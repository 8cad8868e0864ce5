// A hash of what dist/ is built from. The build writes it into dist/build-info.json, and a test in
// the repository compares it with the sources, so a change to the SPA without a rebuild is caught.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');

const SOURCES = ['index.html', 'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'src'];

function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, `${path}/${name}`));
}

function sourceHash(root) {
  const hash = createHash('sha256');
  for (const path of SOURCES.flatMap((p) => files(root, p))) {
    hash.update(`${path}\0`);
    // Line endings do not change the build.
    hash.update(readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n'));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

module.exports = { sourceHash };
