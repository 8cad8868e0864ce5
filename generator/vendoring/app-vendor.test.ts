// An app's vendor/ folder follows the packed own packages: a new app's package.json names their
// files, a build places them, a newer cms-gen's files replace older ones (package.json with them),
// and nothing else in package.json or vendor/ is touched.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempProjects, tempDir } from '../test-helpers/temp-project';
import { appDatabase, appOwnDependencies, featuresOutOfStep, syncVendor } from './app-vendor';
import type { PackedPackage } from './packed-package';

afterAll(removeTempProjects);

/** A stand-in packed file (its bytes are never read as a package here). */
function packed(name: string, fileName: string, ownDependencies: string[] = []): PackedPackage {
  const dir = tempDir();
  writeFileSync(join(dir, fileName), `packed ${fileName}`);
  return { name, version: '0.1.0', path: join(dir, fileName), fileName, ownDependencies };
}

const RUNTIME_A = 'cms-gen-runtime-0.1.0-aaaaaaaaaaaa.tgz';
const RUNTIME_B = 'cms-gen-runtime-0.1.0-bbbbbbbbbbbb.tgz';
const GENERATOR_A = 'cms-gen-0.1.0-cccccccccccc.tgz';
const SQLITE_A = 'cms-gen-db-sqlite-0.1.0-dddddddddddd.tgz';
const POSTGRES_A = 'cms-gen-db-postgres-0.1.0-eeeeeeeeeeee.tgz';
const ADMIN_UI_A = 'cms-gen-admin-ui-0.1.0-ffffffffffff.tgz';
const GRAPHQL_A = 'cms-gen-graphql-0.1.0-999999999999.tgz';

function app(manifest: unknown, indent: string | number = 2): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, indent)}\n`);
  return dir;
}

/** Every own package an app may vendor, packed. */
const all = () => [
  packed('@cms-gen/runtime', RUNTIME_A),
  packed('cms-gen', GENERATOR_A),
  packed('@cms-gen/graphql', GRAPHQL_A),
  packed('@cms-gen/db-sqlite', SQLITE_A),
  packed('@cms-gen/db-postgres', POSTGRES_A),
];

const neverPacked = (): PackedPackage[] => {
  throw new Error('packed without need');
};

describe('appOwnDependencies', () => {
  it('names each own package by its file in vendor/, in the section an app needs it, with GraphQL and the SQLite driver by default', () => {
    expect(appOwnDependencies(all(), '0.1.0')).toEqual({
      dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/graphql': `file:vendor/${GRAPHQL_A}`, '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` },
      devDependencies: { 'cms-gen': `file:vendor/${GENERATOR_A}` },
      optionalDependencies: { '@cms-gen/admin-ui': '^0.1.0' },
    });
    expect(appOwnDependencies([packed('@cms-gen/admin-ui', ADMIN_UI_A)], '0.1.0').optionalDependencies).toEqual({ '@cms-gen/admin-ui': `file:vendor/${ADMIN_UI_A}` });
  });

  it("lists the driver of the app's database only", () => {
    expect(appOwnDependencies(all(), '0.1.0', 'postgres').dependencies).toEqual({
      '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`,
      '@cms-gen/graphql': `file:vendor/${GRAPHQL_A}`,
      '@cms-gen/db-postgres': `file:vendor/${POSTGRES_A}`,
    });
  });

  it('lists no GraphQL package for an app without GraphQL', () => {
    expect(appOwnDependencies(all(), '0.1.0', 'sqlite', { graphql: false }).dependencies).toEqual({ '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` });
    expect(appOwnDependencies(undefined, '0.1.0', 'sqlite', { graphql: false }).dependencies).toEqual({ '@cms-gen/runtime': '^0.1.0', '@cms-gen/db-sqlite': '^0.1.0' });
  });

  it('names a package it could not pack by its version', () => {
    expect(appOwnDependencies(undefined, '0.1.0')).toEqual({
      dependencies: { '@cms-gen/runtime': '^0.1.0', '@cms-gen/graphql': '^0.1.0', '@cms-gen/db-sqlite': '^0.1.0' },
      devDependencies: { 'cms-gen': '^0.1.0' },
      optionalDependencies: { '@cms-gen/admin-ui': '^0.1.0' },
    });
    expect(appOwnDependencies([packed('cms-gen', GENERATOR_A)], '0.1.0').dependencies).toEqual({ '@cms-gen/runtime': '^0.1.0', '@cms-gen/graphql': '^0.1.0', '@cms-gen/db-sqlite': '^0.1.0' });
  });

  it('lists the own packages a listed one depends on beside it; one both sections need goes in dependencies', () => {
    const runtime = packed('@cms-gen/runtime', RUNTIME_A, ['cms-gen']);
    expect(appOwnDependencies([runtime, packed('cms-gen', GENERATOR_A), packed('@cms-gen/db-sqlite', SQLITE_A)], '0.1.0')).toEqual({
      dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, 'cms-gen': `file:vendor/${GENERATOR_A}`, '@cms-gen/graphql': '^0.1.0', '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` },
      devDependencies: {},
      optionalDependencies: { '@cms-gen/admin-ui': '^0.1.0' },
    });
  });
});

describe('appDatabase', () => {
  it("reads DATABASE_URL from the app's .env, then the environment; SQLite otherwise", () => {
    expect(appDatabase(tempDir(), {})).toBe('sqlite');
    expect(appDatabase(tempDir(), { DATABASE_URL: 'postgresql://u@h/db' })).toBe('postgres');
    const dir = tempDir();
    writeFileSync(join(dir, '.env'), '# database\nDATABASE_URL="mysql://root@127.0.0.1/app"\n');
    expect(appDatabase(dir, { DATABASE_URL: 'postgres://x' })).toBe('mysql');
    writeFileSync(join(dir, '.env'), 'DATABASE_URL=file:./.tmp/data.db\n');
    expect(appDatabase(dir, {})).toBe('sqlite');
  });
});

describe('syncVendor', () => {
  it('does nothing (and packs nothing) without package.json, or when it names no vendored file', () => {
    expect(syncVendor(tempDir(), neverPacked)).toEqual({ placed: [], replaced: [], added: [], removed: [] });
    const ranges = app({ name: 'x', dependencies: { '@cms-gen/runtime': '^0.1.0' }, devDependencies: { 'cms-gen': 'file:../cms-gen' } });
    expect(syncVendor(ranges, neverPacked)).toEqual({ placed: [], replaced: [], added: [], removed: [] });
    expect(existsSync(join(ranges, 'vendor'))).toBe(false);
  });

  it('places the files a new package.json names, leaving package.json as written', () => {
    const dir = app({ name: 'x', dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}` }, devDependencies: { 'cms-gen': `file:vendor/${GENERATOR_A}` } });
    const before = readFileSync(join(dir, 'package.json'), 'utf8');
    const report = syncVendor(dir, () => [packed('@cms-gen/runtime', RUNTIME_A), packed('cms-gen', GENERATOR_A)]);
    expect(report).toEqual({ placed: [RUNTIME_A, GENERATOR_A], replaced: [], added: [], removed: [] });
    expect(readdirSync(join(dir, 'vendor')).sort()).toEqual([GENERATOR_A, RUNTIME_A]);
    expect(readFileSync(join(dir, 'vendor', RUNTIME_A), 'utf8')).toBe(`packed ${RUNTIME_A}`);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(before);
    // Up to date: nothing to do.
    expect(syncVendor(dir, () => [packed('@cms-gen/runtime', RUNTIME_A), packed('cms-gen', GENERATOR_A)])).toEqual({ placed: [], replaced: [], added: [], removed: [] });
  });

  it('replaces an older file and its name in package.json, removing the older file and nothing else', () => {
    const manifest = { name: 'x', scripts: { dev: 'tsx src/main.ts' }, dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, express: '5.3.0' }, devDependencies: { 'cms-gen': `file:vendor/${GENERATOR_A}` } };
    const dir = app(manifest, '\t');
    mkdirSync(join(dir, 'vendor'));
    for (const file of [RUNTIME_A, GENERATOR_A, 'mine.tgz']) writeFileSync(join(dir, 'vendor', file), 'old');
    const report = syncVendor(dir, () => [packed('@cms-gen/runtime', RUNTIME_B), packed('cms-gen', GENERATOR_A)]);
    expect(report).toEqual({ placed: [], replaced: [[RUNTIME_A, RUNTIME_B]], added: [], removed: [] });
    expect(readdirSync(join(dir, 'vendor')).sort()).toEqual([GENERATOR_A, RUNTIME_B, 'mine.tgz']);
    const expected = { ...manifest, dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_B}`, express: '5.3.0' } };
    // Same keys in the same order, same indentation: only the name changed.
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(`${JSON.stringify(expected, null, '\t')}\n`);
  });

  it('adds an own package a newer vendored one needs, beside it', () => {
    const dir = app({ name: 'x', dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}` } });
    const report = syncVendor(dir, () => [packed('@cms-gen/runtime', RUNTIME_B, ['cms-gen']), packed('cms-gen', GENERATOR_A)]);
    expect(report).toEqual({ placed: [GENERATOR_A], replaced: [[RUNTIME_A, RUNTIME_B]], added: ['cms-gen'], removed: [] });
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies).toEqual({ '@cms-gen/runtime': `file:vendor/${RUNTIME_B}`, 'cms-gen': `file:vendor/${GENERATOR_A}` });
  });

  it('adds the driver of its database to an app that vendors the runtime and lists none (made before the split)', () => {
    const dir = app({ name: 'x', dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}` } });
    const report = syncVendor(dir, all);
    // And the GraphQL package, which the runtime brought along before it left it to the app.
    expect(report.added).toEqual(['@cms-gen/graphql', '@cms-gen/db-sqlite']);
    expect(readdirSync(join(dir, 'vendor')).sort()).toEqual([GRAPHQL_A, SQLITE_A, RUNTIME_A].sort());
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies).toEqual({ '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/graphql': `file:vendor/${GRAPHQL_A}`, '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` });
    // One that lists a driver keeps its choice.
    const chosen = app({ name: 'x', dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/db-postgres': `file:vendor/${POSTGRES_A}` } });
    expect(syncVendor(chosen, all).added).toEqual(['@cms-gen/graphql']);
  });

  it('removes the GraphQL package and its file once the app turns GraphQL off, and adds them back when it turns it on', () => {
    const dependencies = { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/graphql': `file:vendor/${GRAPHQL_A}`, '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` };
    const dir = app({ name: 'x', dependencies });
    expect(syncVendor(dir, all, { graphql: true })).toEqual({ placed: [RUNTIME_A, GRAPHQL_A, SQLITE_A], replaced: [], added: [], removed: [] });
    expect(syncVendor(dir, all, { graphql: false })).toEqual({ placed: [], replaced: [], added: [], removed: ['@cms-gen/graphql'] });
    const listed = () => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    expect(listed()).toEqual({ '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` });
    expect(readdirSync(join(dir, 'vendor')).sort()).toEqual([SQLITE_A, RUNTIME_A].sort());
    expect(syncVendor(dir, all, { graphql: false })).toEqual({ placed: [], replaced: [], added: [], removed: [] });
    expect(syncVendor(dir, all, { graphql: true })).toEqual({ placed: [], replaced: [], added: ['@cms-gen/graphql'], removed: [] });
    expect(listed()).toEqual(dependencies);
    expect(readdirSync(join(dir, 'vendor')).sort()).toEqual([GRAPHQL_A, SQLITE_A, RUNTIME_A].sort());
  });

  it('tells a later build when package.json disagrees with the GraphQL switch (then even an installed cms-gen syncs vendor/)', () => {
    const vendored = { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` };
    const without = app({ name: 'x', dependencies: vendored });
    expect(featuresOutOfStep(without, { graphql: false })).toBe(false);
    expect(featuresOutOfStep(without, { graphql: true })).toBe(true);
    const withIt = app({ name: 'x', dependencies: { ...vendored, '@cms-gen/graphql': `file:vendor/${GRAPHQL_A}` } });
    expect(featuresOutOfStep(withIt, { graphql: true })).toBe(false);
    expect(featuresOutOfStep(withIt, { graphql: false })).toBe(true);
    // Registry ranges are the user's: nothing to sync.
    expect(featuresOutOfStep(app({ name: 'x', dependencies: { '@cms-gen/runtime': '^0.1.0' } }), { graphql: true })).toBe(false);
    expect(featuresOutOfStep(tempDir(), { graphql: true })).toBe(false);
  });

  it('leaves a GraphQL package named by a version range alone: the user chose it', () => {
    const dir = app({ name: 'x', dependencies: { '@cms-gen/runtime': `file:vendor/${RUNTIME_A}`, '@cms-gen/graphql': '^0.1.0', '@cms-gen/db-sqlite': `file:vendor/${SQLITE_A}` } });
    expect(syncVendor(dir, all, { graphql: false }).removed).toEqual([]);
  });

  it('leaves an unreadable package.json alone', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), '{ nope');
    expect(syncVendor(dir, neverPacked)).toEqual({ placed: [], replaced: [], added: [], removed: [] });
  });
});
