// A packed own package, and where packed packages come from: a checkout of cms-gen builds them
// from its sources (checkout-packages.ts), an installed cms-gen packs its installed folders
// (installed-packages.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface PackedPackage {
  name: string;
  version: string;
  /** The packed file. */
  path: string;
  /** Its name in an app's vendor/ folder (vendorFileName). */
  fileName: string;
  /** The own packages it depends on, which the app must list beside it (npm would look them up in a registry otherwise). */
  ownDependencies: string[];
}

export interface PackageSource {
  /**
   * Whether a build replaces an app's vendored files with newer ones. A checkout does (its
   * sources change); an installed cms-gen is itself what the app vendored, so it never does.
   */
  readonly refreshes: boolean;
  /** Every own package this cms-gen can pack; the first call may take a while (progress goes to `err`). */
  pack(io: { err(line: string): void }): PackedPackage[];
}

/**
 * npm's file name with the start of the file's sha256 before `.tgz`. A changed package gets a new
 * name, so package.json changes with it and `npm install` installs it: under an unchanged name
 * npm keeps what package-lock.json recorded, even from its cache after node_modules is removed.
 */
export function vendorFileName(npmFileName: string, file: string): string {
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
  return npmFileName.replace(/\.tgz$/, `-${hash}.tgz`);
}
