// Preloaded with `node --require` by test/e2e/custom-queries.test.ts: makes Prisma Client and the
// Prisma CLI impossible to load, as in an install without them (docs/customization/prisma-client.md
// drops both from cms-gen's dependencies). The driver adapters and the wasm schema engine stay
// loadable: migrations use them.
const Module = require('node:module');

const BLOCKED_REQUEST = /^(@prisma\/client(-runtime-utils)?|prisma)(\/|$)/;
const BLOCKED_FILE = /[\\/]node_modules[\\/](@prisma[\\/]client(-runtime-utils)?|prisma)[\\/]/;

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveUnlessBlocked(request, ...rest) {
  if (BLOCKED_REQUEST.test(request)) throw new Error(`blocked: ${request} must not be needed by a generated app`);
  const filename = resolve.call(this, request, ...rest);
  if (BLOCKED_FILE.test(filename)) throw new Error(`blocked: ${filename} (required as ${request}) must not be needed by a generated app`);
  return filename;
};
