// Preloaded by test/e2e/custom-queries.test.ts (`--require` in NODE_OPTIONS, so the migration
// process a compiled app starts loads it too): makes Prisma Client, the Prisma CLI and every
// @prisma package that only they bring in impossible to load, as in an install without them
// (docs/customization.md ("Custom SQL") drops both from cms-gen's dependencies). The driver
// adapters, @prisma/driver-adapter-utils, @prisma/debug and the wasm schema engine stay loadable:
// migrations and the executors use them.
const Module = require('node:module');

// The top-level packages that leave package-lock.json's production tree when @prisma/client and
// prisma do (nested copies inside them go with them).
const BLOCKED = [
  'prisma',
  '@prisma/client',
  '@prisma/client-runtime-utils',
  '@prisma/config',
  '@prisma/dev',
  '@prisma/engines',
  '@prisma/engines-version',
  '@prisma/fetch-engine',
  '@prisma/get-platform',
  '@prisma/query-plan-executor',
  '@prisma/streams-local',
  '@prisma/studio-core',
];
const names = BLOCKED.map((name) => name.replace('/', '[\\\\/]')).join('|');
const BLOCKED_REQUEST = new RegExp(`^(${BLOCKED.join('|')})(/|$)`);
const BLOCKED_FILE = new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveUnlessBlocked(request, ...rest) {
  if (BLOCKED_REQUEST.test(request)) throw new Error(`blocked: ${request} must not be needed by a generated app`);
  const filename = resolve.call(this, request, ...rest);
  if (BLOCKED_FILE.test(filename)) throw new Error(`blocked: ${filename} (required as ${request}) must not be needed by a generated app`);
  return filename;
};
