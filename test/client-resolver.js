// Jest resolver: the emitted client SDK (fixtures/*/app/client/src) is ESM and imports its own
// modules as `./http.js`, as Node needs once compiled; tsc maps those to the `.ts` sources, and so
// does this for jest. Every other request resolves as usual.
module.exports = (request, options) => {
  if (/^\.\.?\/.*\.js$/.test(request) && /[\\/]client[\\/]src(?:[\\/]|$)/.test(options.basedir)) {
    return options.defaultResolver(request.replace(/\.js$/, '.ts'), options);
  }
  return options.defaultResolver(request, options);
};
