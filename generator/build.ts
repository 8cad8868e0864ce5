// `cms-gen build`: generate in memory, then write the output folder (or only compare it, --check);
// the first build into a folder also scaffolds the project files (scaffold.ts). `cms-gen init`.
// Returns the process exit code; all printing goes through `io` so tests can capture it.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { AppConfigUnreadable, appHasPluginsConfig, appServesGraphql, appUploadProviders } from './app-features';
import { servesGraphql, type EmitOptions } from './emitters/types';
import { generateFrom, type Generated } from './generate';
import { loadSchemas } from './load';
import { nextSteps } from './next-steps';
import { previousFiles } from './manifest';
import { compareOutput, writeOutput, type Difference } from './output';
import { scanServiceFiles } from './service-files';
import { formatProblem, ValidationFailed, type Problem } from './problems';
import { packageInfo } from './package-info';
import { packageName, PLUGINS_CONFIG, scaffoldProject } from './scaffold';
import { planStrapiConfig } from './strapi-config';
import { strapiProjectOf } from './strapi-project';
import { appDatabase, appOwnDependencies, featuresOutOfStep, syncVendor, VENDOR_DIR } from './vendoring/app-vendor';
import { addProviderPackages } from './vendoring/provider-packages';
import type { PackageSource, PackedPackage } from './vendoring/packed-package';

export interface BuildOptions {
  schemasDir: string;
  outDir: string;
  /** Compare only: exit 1 when the output folder is not what a build would write. */
  check: boolean;
  /** Overwrite files that exist but were not written by cms-gen. */
  force: boolean;
  emit: EmitOptions;
  /** Where the user runs the command (the `cd` of the printed next steps); process.cwd() by default. */
  cwd?: string;
  /**
   * Where cms-gen's own packages come from for the app's vendor/ folder (the CLI passes
   * vendoring/package-source.ts's). Without it a new app's package.json names their versions, as
   * for a registry, and vendor/ is left alone.
   */
  packages?: PackageSource;
}

export interface BuildIo {
  /** Results meant for scripts (the --check list). */
  out(line: string): void;
  /** Progress and problems. */
  err(line: string): void;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One line per setting cms-gen does not act on (`file: path: cms-gen ignores X (why)`); the build goes on. */
function reportWarnings(warnings: readonly Problem[], io: BuildIo): void {
  for (const warning of warnings) io.err(formatProblem(warning));
  if (warnings.length > 0) io.err(`${plural(warnings.length, 'warning')}: the schemas build; the settings above do not carry over`);
}

/**
 * The options with what the app in the output folder decides: whether it serves GraphQL (its
 * config/plugins), unless the caller said. Undefined, reported, when its config cannot be read.
 * A first build of a Strapi project that does not install Strapi's GraphQL plugin, into a folder
 * with no config/plugins yet, leaves GraphQL off as the project has it (the scaffold then writes
 * config/plugins.json saying so, which later builds read).
 */
function withAppFeatures(options: BuildOptions, io: BuildIo): BuildOptions | undefined {
  if (options.emit.graphql !== undefined) return options;
  const outDir = resolve(options.outDir);
  if (projectLeavesGraphqlOff(options.schemasDir, outDir)) return { ...options, emit: { ...options.emit, graphql: false } };
  try {
    return { ...options, emit: { ...options.emit, graphql: appServesGraphql(outDir) } };
  } catch (err) {
    if (!(err instanceof AppConfigUnreadable)) throw err;
    io.err(err.message);
    io.err('nothing written');
    return undefined;
  }
}

/** A new app (no manifest, no config/plugins) built from a Strapi project without @strapi/plugin-graphql. */
function projectLeavesGraphqlOff(schemasDir: string, outDir: string): boolean {
  if (previousFiles(outDir).size > 0 || appHasPluginsConfig(outDir)) return false;
  const project = strapiProjectOf(schemasDir);
  return project !== undefined && !project.graphql;
}

function generateOrReport(options: BuildOptions, io: BuildIo): Generated | undefined {
  try {
    const loaded = loadSchemas(options.schemasDir);
    const extended = loaded.extensions.map((e) => e.uid.slice(e.uid.lastIndexOf('.') + 1));
    const extensions = extended.length ? `, ${plural(extended.length, 'users-permissions extension')} (${extended.join(', ')})` : '';
    io.err(`loaded ${plural(loaded.contentTypes.length, 'content type')}, ${plural(loaded.components.length, 'component')}${extensions}`);
    // The client package is named after the app, whose package name comes from the output folder.
    // The service files of the app are typed in src/factories.ts: those it has, and on a first
    // build the stubs the scaffold is about to write (so the next build writes the same file).
    const outDir = resolve(options.outDir);
    const serviceTypes = { serviceFiles: scanServiceFiles(outDir), scaffoldsServices: previousFiles(outDir).size === 0 };
    const generated = generateFrom(loaded, { ...serviceTypes, ...options.emit, appName: options.emit.appName ?? packageName(outDir) });
    reportWarnings(generated.warnings, io);
    return generated;
  } catch (err) {
    if (!(err instanceof ValidationFailed)) throw err;
    reportWarnings(err.warnings, io);
    for (const problem of err.problems) io.err(formatProblem(problem));
    io.err(`${plural(err.problems.length, 'problem')} found; nothing written`);
    return undefined;
  }
}

/** --check keeps its four labels: a foreign or hand-edited file differs (or is stale). */
function checkLabel(difference: Difference): string {
  if (difference.kind === 'foreign') return 'differs';
  if (difference.kind === 'edited') return difference.stale ? 'stale' : 'differs';
  return difference.kind;
}

/** Why a build may not touch a file without --force, or undefined when it may. */
function refusal(difference: Difference): string | undefined {
  if (difference.kind === 'foreign') return `refusing to overwrite ${difference.path}: it was not written by cms-gen (use --force to overwrite)`;
  if (difference.kind !== 'edited') return undefined;
  return difference.stale
    ? `refusing to remove ${difference.path}: it was edited by hand since cms-gen wrote it, and the schemas no longer generate it (move your change elsewhere, or use --force to remove it)`
    : `refusing to overwrite ${difference.path}: it was edited by hand since cms-gen wrote it (generated files are not for editing: move your change elsewhere, e.g. config/ or src/extensions/, or use --force to overwrite)`;
}

function reportCheck(differences: Difference[], total: number, io: BuildIo): number {
  if (differences.length === 0) {
    io.err(`${plural(total, 'file')} up to date`);
    return 0;
  }
  for (const difference of differences) io.out(`${checkLabel(difference)}: ${difference.path}`);
  io.err(`${plural(differences.length, 'file')} out of date; run cms-gen build without --check`);
  return 1;
}

/**
 * Brings the app's vendor/ folder up to date with this cms-gen's packages: fills it for the
 * package.json a build just wrote, and (from a checkout, whose sources change) replaces the files
 * of an older cms-gen. Returns the files placed for a new package.json.
 */
function vendorAndReport(options: BuildOptions, wroteManifest: boolean, io: BuildIo, packed?: PackedPackage[]): string[] {
  const source = options.packages;
  const features = { graphql: servesGraphql(options.emit) };
  if (!source || !(wroteManifest || source.refreshes || featuresOutOfStep(resolve(options.outDir), features))) return [];
  const report = syncVendor(resolve(options.outDir), () => packed ?? source.pack(io), features);
  if (report.replaced.length > 0 || report.added.length > 0 || report.removed.length > 0) {
    const changes = [...report.replaced.map(([old, now]) => `${old} → ${now}`), ...report.added.map((name) => `${name} added`), ...report.removed.map((name) => `${name} removed`)];
    io.err(`${VENDOR_DIR}/: cms-gen's packages changed (${changes.join(', ')}); package.json names the new files: run npm install`);
  }
  return report.placed;
}

/**
 * Lists in the app's package.json the packages its upload provider needs (vendoring/provider-packages.ts);
 * says so unless the package.json is new (its install is among the next steps anyway).
 */
function providerPackagesAndReport(outDir: string, io: BuildIo, newManifest = false): void {
  let providers: string[];
  try {
    providers = appUploadProviders(outDir);
  } catch (err) {
    if (!(err instanceof AppConfigUnreadable)) throw err;
    io.err(`${err.message}; package.json left as it is`);
    return;
  }
  const added = addProviderPackages(outDir, providers);
  if (added.length > 0 && !newManifest) io.err(`package.json: ${added.join(', ')} added for the upload provider config/plugins picks: run npm install`);
}

/** A Strapi project's config/plugins.{ts,js}, as a first build brings it (strapi-config.ts). */
const BROUGHT_PLUGINS = 'config/plugins.js';

/**
 * Writes the absent project files and prints what to do next. A first build (`bringConfig`) also
 * brings the Strapi project's config files.
 */
function scaffoldAndReport(options: BuildOptions, generated: Generated, io: BuildIo, bringConfig: boolean): string[] {
  const outDir = resolve(options.outDir);
  const generatedPaths = new Set(generated.files.map((f) => f.path));
  // Packing is needed only for a package.json still to be written.
  const packed = options.packages && !existsSync(join(outDir, 'package.json')) ? options.packages.pack(io) : undefined;
  const project = strapiProjectOf(options.schemasDir);
  const graphqlOff = project && !project.graphql && !servesGraphql(options.emit) && !appHasPluginsConfig(outDir) ? project : undefined;
  // Only a first build brings the project's config: later, a file the user removed stays removed.
  const strapiConfig = project && bringConfig ? planStrapiConfig(dirname(project.packageJson), { graphqlOff: graphqlOff !== undefined }) : undefined;
  const scaffolded = scaffoldProject({
    meta: generated.meta,
    schemasDir: resolve(options.schemasDir),
    outDir,
    generated: generatedPaths,
    runtimeImport: options.emit.runtimeImport,
    ownDependencies: appOwnDependencies(packed, packageInfo().version, appDatabase(outDir), { graphql: servesGraphql(options.emit) }),
    graphqlOff,
    strapiConfig: strapiConfig?.brought,
  });
  const vendored = vendorAndReport(options, scaffolded.includes('package.json'), io, packed);
  providerPackagesAndReport(outDir, io, scaffolded.includes('package.json'));
  if (scaffolded.length === 0) return scaffolded;
  const lines = nextSteps({
    outDir,
    cwd: resolve(options.cwd ?? process.cwd()),
    scaffolded,
    vendored,
    starterBootstrap: scaffolded.includes('bootstrap.json'),
    generated: previousFiles(outDir).size > 0,
    graphql: servesGraphql(options.emit),
    graphqlOffBy: graphqlOff && (scaffolded.includes(PLUGINS_CONFIG) || scaffolded.includes(BROUGHT_PLUGINS)) ? relative(resolve(options.cwd ?? process.cwd()), graphqlOff.packageJson) : undefined,
    graphqlOffFile: scaffolded.includes(BROUGHT_PLUGINS) ? BROUGHT_PLUGINS : PLUGINS_CONFIG,
    configBrought: (strapiConfig?.brought ?? []).filter((config) => scaffolded.includes(config.files[0].path)).map((config) => (config.source === config.files[0].path ? config.source : `${config.source} → ${config.files[0].path}`)),
    configLeftBehind: strapiConfig?.leftBehind,
    configUnset: strapiConfig?.unsetHere,
  });
  for (const line of lines) io.err(line);
  return scaffolded;
}

/**
 * `cms-gen init`: writes the project files that are missing (never replaces one) into an app
 * folder, e.g. one generated before cms-gen scaffolded them. Generated files are left to build.
 */
export function init(options: Pick<BuildOptions, 'schemasDir' | 'outDir' | 'emit' | 'cwd' | 'packages'>, io: BuildIo): number {
  const full = withAppFeatures({ ...options, check: false, force: false }, io);
  if (!full) return 1;
  const generated = generateOrReport(full, io);
  if (!generated) return 1;
  if (scaffoldAndReport(full, generated, io, false).length === 0) io.err('every project file already exists; nothing written');
  return 0;
}

export function build(given: BuildOptions, io: BuildIo): number {
  const options = withAppFeatures(given, io);
  if (!options) return 1;
  const generated = generateOrReport(options, io);
  if (!generated) return 1;
  const outDir = resolve(options.outDir);
  // Project files are scaffolded on the first build into a folder (no manifest yet); later, only
  // `cms-gen init` adds missing ones, so a file the user deleted on purpose stays deleted.
  const firstBuild = previousFiles(outDir).size === 0;
  const differences = compareOutput(outDir, generated.files);
  if (options.check) return reportCheck(differences, generated.files.length, io);
  const refusals = differences.map(refusal).filter((r): r is string => r !== undefined);
  if (refusals.length > 0 && !options.force) {
    for (const line of refusals) io.err(line);
    io.err('nothing written');
    return 1;
  }
  const report = writeOutput(outDir, generated.files, differences);
  io.err(`wrote ${plural(report.written.length, 'file')} (${report.unchanged} unchanged)`);
  if (report.removed.length > 0) io.err(`removed ${plural(report.removed.length, 'stale file')}: ${report.removed.join(', ')}`);
  if (firstBuild) scaffoldAndReport(options, generated, io, true);
  else {
    vendorAndReport(options, false, io);
    providerPackagesAndReport(outDir, io);
  }
  return 0;
}
