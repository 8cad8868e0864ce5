// An app's vendor/ folder: cms-gen's own packages as packed files, which package.json names as
// `file:vendor/<file>.tgz`. npm installs them from there with no registry, and since the files
// travel with the app, so does the Docker build (`COPY . .`, then `npm install`).
import { copyFileSync, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP_SECTIONS,
  DEFAULT_FEATURES,
  DEPENDENCY_SECTIONS,
  driverPackage,
  isDriverPackage,
  isOwnPackage,
  OWN_PACKAGES,
  type AppFeatures,
  type AppSection,
  type DatabaseDialect,
  type DependencySection,
  type OwnPackage,
} from './own-packages';
import type { PackedPackage } from './packed-package';

export const VENDOR_DIR = 'vendor';
const VENDOR_SPEC = `file:${VENDOR_DIR}/`;

export const vendorSpec = (packed: PackedPackage): string => `${VENDOR_SPEC}${packed.fileName}`;

type Manifest = Partial<Record<DependencySection, Record<string, string>>> & Record<string, unknown>;

/**
 * The database an app runs on, as far as its build can tell: the DATABASE_URL of the app's .env,
 * else of the environment; SQLite (the zero-setup default) when neither names another.
 */
export function appDatabase(appDir: string, env: NodeJS.ProcessEnv = process.env): DatabaseDialect {
  const dotEnv = join(appDir, '.env');
  const fromFile = existsSync(dotEnv) ? /^\s*DATABASE_URL\s*=\s*["']?([^"'\s#]*)/m.exec(readFileSync(dotEnv, 'utf8'))?.[1] : undefined;
  const url = (fromFile || env.DATABASE_URL || '').trim().toLowerCase();
  if (/^postgres(ql)?:/.test(url)) return 'postgres';
  if (/^(mysql|mariadb):/.test(url)) return 'mysql';
  return 'sqlite';
}

/** Whether an app with `features` lists `pkg` (a package of a feature it has, or of none). */
const wanted = (pkg: OwnPackage, features: AppFeatures): boolean => pkg.feature === undefined || features[pkg.feature];

/**
 * The own packages a new app's package.json lists: the ones an app depends on (own-packages.ts)
 * and has the feature of, and the driver of its database, plus the own packages those depend on,
 * in the same section.
 * Packed ones are named by their file in vendor/; one this cms-gen could not pack by its version
 * (`^<version>`).
 */
export function appOwnDependencies(
  packed: readonly PackedPackage[] | undefined,
  version: string,
  database: DatabaseDialect = 'sqlite',
  features: AppFeatures = DEFAULT_FEATURES,
): Record<AppSection, Record<string, string>> {
  const byName = new Map((packed ?? []).map((p) => [p.name, p]));
  const listed: Record<AppSection, Record<string, string>> = { dependencies: {}, devDependencies: {}, optionalDependencies: {} };
  const add = (name: string, section: AppSection): void => {
    if (APP_SECTIONS.some((s) => name in listed[s])) return;
    const pkg = byName.get(name);
    listed[section][name] = pkg ? vendorSpec(pkg) : `^${version}`;
    for (const dependency of pkg?.ownDependencies ?? []) add(dependency, section);
  };
  // Runtime dependencies first: a package both sections need belongs in `dependencies`.
  for (const section of APP_SECTIONS) {
    for (const pkg of OWN_PACKAGES) if (pkg.app === section && wanted(pkg, features)) add(pkg.name, section);
    if (section === 'dependencies') add(driverPackage(database), section);
  }
  return listed;
}

export interface VendorReport {
  /** Files copied into vendor/ under the name package.json already gave them (a new app). */
  placed: string[];
  /** [old, new] file names: a newer package replaced an older one, and package.json names the new file. */
  replaced: [string, string][];
  /** Own packages added to package.json because a vendored one now depends on them, or the app now has their feature. */
  added: string[];
  /** Own packages removed from package.json (and their files from vendor/): the app no longer has their feature. */
  removed: string[];
}

const nothing = (): VendorReport => ({ placed: [], replaced: [], added: [], removed: [] });

/** The indentation package.json uses, so rewriting it changes only the specs (npm keeps it too). */
export function indentOf(text: string): string | number {
  return /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? 2;
}

/**
 * Whether the vendored own packages of the app's package.json disagree with its features (a
 * feature's package listed without the feature, or missing beside a vendored runtime with it):
 * a later build then syncs vendor/ even from an installed cms-gen, which otherwise never packs.
 */
export function featuresOutOfStep(appDir: string, features: AppFeatures): boolean {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  const specOf = (name: string) => DEPENDENCY_SECTIONS.map((section) => manifest[section]?.[name]).find((spec) => spec !== undefined);
  const vendored = (name: string) => specOf(name)?.startsWith(VENDOR_SPEC) === true;
  if (!vendored('@cms-gen/runtime')) return false;
  return OWN_PACKAGES.some((pkg) => pkg.feature !== undefined && (wanted(pkg, features) ? specOf(pkg.name) === undefined : vendored(pkg.name)));
}

/**
 * Makes vendor/ hold the current packed file of every own package the app's package.json names by
 * a `file:vendor/` spec, and package.json name those files; superseded files are removed. Own
 * packages named otherwise (a version range, a path of the user's choosing) are the user's call
 * and left alone. `packed` is called only when package.json vendors something.
 */
export function syncVendor(appDir: string, packed: () => readonly PackedPackage[], features: AppFeatures = DEFAULT_FEATURES): VendorReport {
  // (An app from before the runtime's split lists no database driver: it gets its database's one
  // beside the vendored runtime, like any own package a vendored one now needs.)
  const manifestPath = join(appDir, 'package.json');
  if (!existsSync(manifestPath)) return nothing();
  const text = readFileSync(manifestPath, 'utf8');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return nothing();
  }
  const vendored = new Map<string, { section: DependencySection; spec: string }>();
  for (const section of DEPENDENCY_SECTIONS) {
    for (const [name, spec] of Object.entries(manifest[section] ?? {})) {
      if (isOwnPackage(name) && typeof spec === 'string' && spec.startsWith(VENDOR_SPEC)) vendored.set(name, { section, spec });
    }
  }
  if (vendored.size === 0) return nothing();

  const byName = new Map(packed().map((p) => [p.name, p]));
  const listedAnywhere = (name: string) => DEPENDENCY_SECTIONS.some((section) => manifest[section]?.[name] !== undefined);
  const report = nothing();
  const superseded: string[] = [];
  let changed = false;
  const queue = [...vendored.keys()];
  const runtime = vendored.get('@cms-gen/runtime');
  // The package of a feature follows the app's config: listed beside a vendored runtime when the
  // app has the feature, removed (with its file) when it has it no more.
  for (const pkg of OWN_PACKAGES.filter((p) => p.feature !== undefined)) {
    const listed = vendored.get(pkg.name);
    if (!wanted(pkg, features) && listed) {
      delete (manifest[listed.section] as Record<string, string>)[pkg.name];
      vendored.delete(pkg.name);
      queue.splice(queue.indexOf(pkg.name), 1);
      superseded.push(listed.spec.slice(VENDOR_SPEC.length));
      report.removed.push(pkg.name);
      changed = true;
    }
    const available = byName.get(pkg.name);
    if (wanted(pkg, features) && runtime && available && !listedAnywhere(pkg.name)) {
      const section = manifest[runtime.section] as Record<string, string>;
      section[pkg.name] = vendorSpec(available);
      vendored.set(pkg.name, { section: runtime.section, spec: section[pkg.name] });
      mkdirSync(join(appDir, VENDOR_DIR), { recursive: true });
      if (!existsSync(join(appDir, VENDOR_DIR, available.fileName))) copyFileSync(available.path, join(appDir, VENDOR_DIR, available.fileName));
      report.added.push(pkg.name);
      queue.push(pkg.name);
      changed = true;
    }
  }
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const pkg = byName.get(name);
    const current = vendored.get(name);
    if (!pkg || !current) continue;
    const section = manifest[current.section] as Record<string, string>;
    const target = join(appDir, VENDOR_DIR, pkg.fileName);
    const copied = !existsSync(target);
    if (copied) {
      mkdirSync(join(appDir, VENDOR_DIR), { recursive: true });
      copyFileSync(pkg.path, target);
    }
    const spec = vendorSpec(pkg);
    if (current.spec !== spec) {
      const old = current.spec.slice(VENDOR_SPEC.length);
      report.replaced.push([old, pkg.fileName]);
      superseded.push(old);
      section[name] = spec;
      changed = true;
    } else if (copied) {
      report.placed.push(pkg.fileName);
    }
    // A newer package may need an own package the app does not list yet: it goes beside it.
    for (const dependency of pkg.ownDependencies) {
      const needed = byName.get(dependency);
      if (!needed || listedAnywhere(dependency)) continue;
      section[dependency] = vendorSpec(needed);
      vendored.set(dependency, { section: current.section, spec: section[dependency] });
      report.added.push(dependency);
      queue.push(dependency);
      changed = true;
    }
  }
  const driverListed = OWN_PACKAGES.some((p) => isDriverPackage(p.name) && listedAnywhere(p.name));
  const driver = byName.get(driverPackage(appDatabase(appDir)));
  if (runtime && !driverListed && driver) {
    const section = manifest[runtime.section] as Record<string, string>;
    section[driver.name] = vendorSpec(driver);
    vendored.set(driver.name, { section: runtime.section, spec: section[driver.name] });
    if (!existsSync(join(appDir, VENDOR_DIR, driver.fileName))) copyFileSync(driver.path, join(appDir, VENDOR_DIR, driver.fileName));
    report.added.push(driver.name);
    changed = true;
  }
  const kept = new Set([...vendored.keys()].map((name) => byName.get(name)?.fileName));
  for (const file of superseded) {
    // Only files package.json named, and only plain names inside vendor/.
    if (!kept.has(file) && /^[^/\\]+\.tgz$/.test(file) && existsSync(join(appDir, VENDOR_DIR, file))) unlinkSync(join(appDir, VENDOR_DIR, file));
  }
  if (changed) writeFileSync(manifestPath, `${JSON.stringify(manifest, null, indentOf(text))}\n`);
  return report;
}
