// Packages of optional features (S3 storage, image formats, SMTP mail, a Redis rate-limit store, OAuth login)
// are optionalDependencies, loaded when the feature is first used. An install without them
// (`npm install --omit=optional`) must fail that feature with a line naming the package to install,
// not with a bare "Cannot find module" from deep inside the runtime.

/** An optional feature's package is not installed: a server fault, never the client's input's. */
export class OptionalPackageMissing extends Error {}

/** True when `err` says that one of `packages` (or a file inside it) could not be found. */
function isMissing(err: unknown, packages: readonly string[]): string | undefined {
  const error = err as NodeJS.ErrnoException | undefined;
  if (error?.code !== 'MODULE_NOT_FOUND' || typeof error.message !== 'string') return undefined;
  // Node: "Cannot find module 'x'"; Jest: "Cannot find module 'x' from 'file'".
  const missing = /Cannot find module '([^']+)'/.exec(error.message)?.[1];
  if (missing === undefined) return undefined;
  return packages.find((name) => missing === name || missing.startsWith(`${name}/`));
}

/**
 * Runs `load` (a `require` in the caller's module, so resolution starts where the package is used)
 * and turns a missing optional package into an error naming it and the feature that needs it.
 */
export function loadOptional<T>(packages: string | readonly string[], feature: string, load: () => T): T {
  const names = typeof packages === 'string' ? [packages] : packages;
  try {
    return load();
  } catch (err) {
    const name = isMissing(err, names);
    if (name === undefined) throw err;
    throw new OptionalPackageMissing(`${feature} needs the package ${name}, which is not installed (it is optional): npm install ${names.join(' ')}`, { cause: err });
  }
}
