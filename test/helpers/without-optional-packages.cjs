// `node --require ./test/helpers/without-optional-packages.cjs ...`: the optionalDependencies
// become unresolvable, as after `npm install --omit=optional`, without touching node_modules.
// Used to check by hand that an app without them starts and names the package a feature misses.
const Module = require('node:module');

const OPTIONAL = Object.keys(require('../../package.json').optionalDependencies ?? {});
const resolve = Module._resolveFilename;

Module._resolveFilename = function resolveFilename(request, ...rest) {
  if (OPTIONAL.some((name) => request === name || request.startsWith(`${name}/`))) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
