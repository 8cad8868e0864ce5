// Packages a start does not need (graphql-jit until a query is compiled, multer until the first
// upload, jsonwebtoken until the first token, …) are required on first use instead of when the
// runtime loads: every start of an app, in production and in each test's child process, would
// otherwise pay for loading them (docs/benchmarks.md, "Modules loaded at start").
//
//   const jit = lazyModule(() => require('graphql-jit') as typeof import('graphql-jit'));
//   … jit().compileQuery(…)
//
// `load` is a `require` written in the caller's module, so the package resolves from the package
// that uses (and declares) it; its types come from `typeof import(…)` or an `import type`, which
// compile to nothing. A failing `load` throws to its caller and is tried again on the next call.

/** A function returning the module `load` returns, loaded on its first call and kept. */
export function lazyModule<T>(load: () => T): () => T {
  let loaded: { module: T } | undefined;
  return () => (loaded ??= { module: load() }).module;
}
