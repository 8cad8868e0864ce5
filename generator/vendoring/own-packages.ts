// cms-gen's own npm packages. No registry serves them, so a generated app installs them from packed
// files in its vendor/ folder (app-vendor.ts). The runtime is a workspace of small packages
// (runtime/<name>/, docs/architecture.md): an app lists @cms-gen/runtime, which brings the ones it
// depends on, the driver of its database (`database`; the other drivers stay out), and
// @cms-gen/graphql when it serves GraphQL (`feature`).
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
  /** A database driver: an app lists the one its DATABASE_URL names (SQLite unless it names another). */
  database?: DatabaseDialect;
  /** Listed only by an app that has this feature (app-features.ts tells from the app's config). */
  feature?: AppFeature;
  /**
   * The only dependencies its packed package.json lists, when its folder's package.json lists more
   * (packedManifest): the checkout's root package.json serves the whole repository's development.
   */
  packedDependencies?: readonly string[];
}

/** What an app may leave out, and with it a package and its dependencies. */
export type AppFeature = 'graphql';
export type AppFeatures = Record<AppFeature, boolean>;
/** An app's features when nothing says otherwise: GraphQL is on, as the runtime's defaults have it. */
export const DEFAULT_FEATURES: AppFeatures = { graphql: true };

export type DatabaseDialect = 'sqlite' | 'postgres' | 'mysql';

/** The sections of a new app's package.json that name own packages. */
export const APP_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
export type AppSection = (typeof APP_SECTIONS)[number];

/**
 * What the packed cms-gen loads by name at run time: its CLI and generator (commander, ts-morph,
 * handlebars, slugify; typescript for a Strapi project's config/ files), the runtime files the
 * package ships a compiled copy of and loads relatively (qs; bcrypt for `admin create-user`), and the
 * own packages those import by name for `token`, `migrate`, `admin`, `import` and `export`, which
 * an app's runtime brings anyway. test/generator-package.test.ts checks this against the sources
 * and the packed file. The root package.json's other dependencies are the runtime packages' (each
 * declares its own), the tests' and the benchmarks': an app's install never needs them for cms-gen.
 */
export const GENERATOR_DEPENDENCIES: readonly string[] = [
  '@cms-gen/core',
  '@cms-gen/cron',
  '@cms-gen/server',
  '@cms-gen/transfer-archive',
  '@cms-gen/upload',
  '@cms-gen/users-permissions',
  '@sindresorhus/slugify',
  'bcrypt',
  'commander',
  'handlebars',
  'qs',
  'ts-morph',
  'typescript',
];

export const OWN_PACKAGES: readonly OwnPackage[] = [
  // What the app runs on: the packages that put it together, and what they depend on.
  { name: '@cms-gen/runtime', dir: 'runtime/runtime', app: 'dependencies' },
  { name: '@cms-gen/types', dir: 'runtime/types' },
  { name: '@cms-gen/db', dir: 'runtime/db' },
  { name: '@cms-gen/core', dir: 'runtime/core' },
  { name: '@cms-gen/cron', dir: 'runtime/cron' },
  { name: '@cms-gen/server', dir: 'runtime/server' },
  { name: '@cms-gen/users-permissions', dir: 'runtime/users-permissions' },
  { name: '@cms-gen/upload', dir: 'runtime/upload' },
  { name: '@cms-gen/webhooks', dir: 'runtime/webhooks' },
  // The GraphQL API (Apollo, graphql, TypeGraphQL): listed beside the runtime by an app that serves it.
  { name: '@cms-gen/graphql', dir: 'runtime/graphql', app: 'dependencies', feature: 'graphql' },
  { name: '@cms-gen/admin', dir: 'runtime/admin' },
  { name: '@cms-gen/transfer', dir: 'runtime/transfer' },
  { name: '@cms-gen/transfer-archive', dir: 'runtime/transfer-archive' },
  // One driver per database; an app installs only its own.
  { name: '@cms-gen/db-sqlite', dir: 'runtime/db-sqlite', database: 'sqlite' },
  { name: '@cms-gen/db-postgres', dir: 'runtime/db-postgres', database: 'postgres' },
  { name: '@cms-gen/db-mysql', dir: 'runtime/db-mysql', database: 'mysql' },
  // The generator: the app's `npm run generate` and `npx cms-gen token|migrate` run it.
  { name: 'cms-gen', dir: '.', app: 'devDependencies', packedDependencies: GENERATOR_DEPENDENCIES },
  // The editors' admin panel: static files the app serves at /admin. Optional, so
  // `npm install --omit=optional` leaves it out (the admin API still works).
  { name: '@cms-gen/admin-ui', dir: 'runtime/admin-ui', app: 'optionalDependencies', prebuilt: true },
];

/** The driver package of a database. */
export const driverPackage = (dialect: DatabaseDialect): string => OWN_PACKAGES.find((p) => p.database === dialect)!.name;

/** Whether an own package is a database driver (listed by an app for its database only). */
export const isDriverPackage = (name: string): boolean => OWN_PACKAGES.some((p) => p.name === name && p.database !== undefined);

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
export type PackageManifest = { name: string } & Partial<Record<DependencySection | 'peerDependencies', Record<string, string>>> & {
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

/**
 * The own packages a manifest depends on (what must be vendored beside it). Optional peers (the
 * core's database drivers) are not: the app chooses which of them it installs.
 */
export function ownDependenciesOf(manifest: PackageManifest): string[] {
  const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true);
  const names = [...[manifest.dependencies, manifest.optionalDependencies].flatMap((deps) => Object.keys(deps ?? {})), ...peers];
  return [...new Set(names.filter(isOwnPackage))].sort(compareText);
}
