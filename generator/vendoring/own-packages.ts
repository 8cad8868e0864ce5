// cms-gen's own npm packages. No registry serves them, so a generated app installs them from packed
// files in its vendor/ folder (app-vendor.ts). A package split out of the runtime is one more entry
// here; an app then gets it through `app`, or through another own package that depends on it.
import { compareText } from '../compare-text';

export interface OwnPackage {
  /** The npm name, as package.json files name it. */
  name: string;
  /** Its folder in a cms-gen checkout (the one holding its package.json), relative to the checkout. */
  dir: string;
  /** Where a new app lists it; absent for a package an app gets only because another own package needs it. */
  app?: AppSection;
  /**
   * Shipped as its folder holds it, dist/ included (built and committed in the checkout, as the
   * admin panel's static files are), instead of from the checkout's compiled output.
   */
  prebuilt?: boolean;
}

/** The sections of a new app's package.json that name own packages. */
export const APP_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
export type AppSection = (typeof APP_SECTIONS)[number];

export const OWN_PACKAGES: readonly OwnPackage[] = [
  // What the app runs on.
  { name: '@cms-gen/runtime', dir: 'runtime', app: 'dependencies' },
  // The generator: the app's `npm run generate` and `npx cms-gen token|migrate` run it.
  { name: 'cms-gen', dir: '.', app: 'devDependencies' },
  // The editors' admin panel: static files the app serves at /admin. Optional, so
  // `npm install --omit=optional` leaves it out (the admin API still works).
  { name: '@cms-gen/admin-ui', dir: 'runtime/admin-ui', app: 'optionalDependencies', prebuilt: true },
];

/**
 * The checkout's files the packages are built from (tsconfig.build.json compiles generator/ and
 * runtime/ once for all of them): a change to any of them packs them again.
 */
export const PACKED_SOURCES: readonly string[] = [
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'README.md',
  'bin',
  'generator',
  'runtime',
  'templates',
  // The admin panel's build (the walk skips dist/ folders): what it was built from, and its size.
  'runtime/admin-ui/dist/build-info.json',
];

const OWN_NAMES = new Set(OWN_PACKAGES.map((p) => p.name));

export const isOwnPackage = (name: string): boolean => OWN_NAMES.has(name);

/** The sections of a package.json that name packages to install. */
export const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
export type DependencySection = (typeof DEPENDENCY_SECTIONS)[number];

/** A package.json, as far as vendoring reads it. */
export type PackageManifest = { name: string } & Partial<Record<DependencySection | 'peerDependencies', Record<string, string>>>;

/** The own packages a manifest depends on (what must be vendored beside it). */
export function ownDependenciesOf(manifest: PackageManifest): string[] {
  const names = [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies].flatMap((deps) => Object.keys(deps ?? {}));
  return [...new Set(names.filter(isOwnPackage))].sort(compareText);
}
