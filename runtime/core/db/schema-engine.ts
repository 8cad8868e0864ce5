// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), driven by hand:
// the Prisma CLI's migrate commands need a native binary that cannot be downloaded offline
// (docs/database.md). We only use `diff` between two schema texts, which never touches the
// database; the engine still insists on a driver adapter at construction (PostgreSQL's connector
// asks the server for its version), so one is provided.
//
// The npm package is an ESM "bundler" build (`import * as wasm from './x.wasm'`), which Node
// cannot load as is, so the JS glue is imported and the wasm is instantiated here.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vm from 'node:vm';
import type { SchemaEngine, DiffParams, DiffTarget } from '@prisma/schema-engine-wasm';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/** The providers the wasm engine is built with (no MySQL: it panics, docs/database.md). */
export type EngineProvider = 'sqlite' | 'postgresql';

/** What the JS glue module (schema_engine_bg.js) exports that we use. */
interface GlueModule {
  __wbg_set_wasm(exports: object): void;
  version(): string;
  SchemaEngine: typeof SchemaEngine;
}

/** The WebAssembly API (not in lib es2022 nor in @types/node 20). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: Record<string, object>): Promise<{ exports: Record<string, unknown> }>;
}

interface PanicRegistry {
  set_message(message: string): void;
}

type RealGlobal = typeof globalThis & { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry; [key: symbol]: unknown };

/** Counters for tests and for the startup log. */
export const schemaEngineStats = { loads: 0, loadMs: 0, opens: 0, diffs: 0, lastDiffMs: 0 };

/**
 * The outermost global object. Under Jest, module code runs in a vm context with its own
 * globals, but the glue module is loaded by Node itself and reads the panic registry (and our
 * cache below) from Node's own global.
 */
function realGlobal(): RealGlobal {
  return vm.runInThisContext('globalThis') as RealGlobal;
}

/** `import()` that bypasses the TypeScript → CommonJS rewrite and Jest's module registry. */
function importEsm(url: string): Promise<unknown> {
  if (realGlobal() === globalThis) {
    // Plain Node: a Function body keeps `import()` as is (tsc would turn it into require()).
    const dynamicImport = new Function('url', 'return import(url)') as (u: string) => Promise<unknown>;
    return dynamicImport(url);
  }
  // In a vm sandbox (Jest without --experimental-vm-modules) import() needs the main context's
  // loader; Node prints an ExperimentalWarning for this option, in tests only.
  const script = new vm.Script('(url) => import(url)', { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const dynamicImport = script.runInThisContext() as (u: string) => Promise<unknown>;
  return dynamicImport(url);
}

/**
 * `require` as Node's own loader sees it. Under Jest, modules loaded by Jest live in the sandbox
 * realm, and the engine rejects their promises (a realm-local `instanceof Promise` check fails
 * with "Error in the underlying connector (WASM_ERROR): Unknown error"), so the driver adapter
 * and its driver are loaded in Node's main realm, next to the engine's glue.
 */
async function mainRealmRequire(): Promise<NodeJS.Require> {
  if (realGlobal() === globalThis) return require;
  const nodeModule = (await importEsm('node:module')) as typeof import('node:module');
  return nodeModule.createRequire(__filename);
}

let lastPanic: string | undefined;

function installPanicRegistry(global: RealGlobal): void {
  // Without it a Rust panic surfaces as "Cannot read properties of undefined (reading
  // 'set_message')". Prisma Client's wasm uses the same global: keep its handler too.
  const previous = global.PRISMA_WASM_PANIC_REGISTRY;
  global.PRISMA_WASM_PANIC_REGISTRY = {
    set_message(message: string) {
      lastPanic = message;
      previous?.set_message(message);
    },
  };
}

const CACHE_KEY = Symbol.for('cms-gen.schema-engine-wasm');

/**
 * Loads and instantiates the engine once per process. The cache lives on Node's global because
 * the glue module holds exactly one wasm instance: instantiating twice (e.g. once per Jest test
 * file) would swap it under engines that are still open.
 */
function loadGlue(): Promise<GlueModule> {
  const global = realGlobal();
  const cached = global[CACHE_KEY] as Promise<GlueModule> | undefined;
  if (cached) return cached;
  const loading = (async () => {
    const started = performance.now();
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = (await importEsm(pathToFileURL(gluePath).href)) as GlueModule;
    installPanicRegistry(global);
    const wasmApi = (global as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const module = await wasmApi.compile(readFileSync(join(dirname(gluePath), 'schema_engine_bg.wasm')));
    const instance = await wasmApi.instantiate(module, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    schemaEngineStats.loads++;
    schemaEngineStats.loadMs = performance.now() - started;
    return glue;
  })();
  global[CACHE_KEY] = loading;
  loading.catch(() => {
    global[CACHE_KEY] = undefined;
  });
  return loading;
}

interface AdapterHandle {
  factory: SqlMigrationAwareDriverAdapterFactory;
  dispose(): Promise<void>;
}

/** pg's `"char"` type (OID 18, used by pg_catalog) reported as text (25). */
function fixCharColumns(result: unknown): unknown {
  const fields = (result as { fields?: unknown } | null)?.fields;
  if (Array.isArray(fields)) {
    for (const field of fields as { dataTypeID?: number }[]) {
      if (field.dataTypeID === 18) field.dataTypeID = 25;
    }
  }
  return result;
}

function isThenable(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function postgresAdapter(load: NodeJS.Require, url: string): AdapterHandle {
  const { Pool }: typeof import('pg') = load('pg');
  const { PrismaPg }: typeof import('@prisma/adapter-pg') = load('@prisma/adapter-pg');
  const pool = new Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  // @prisma/adapter-pg has no column type for `"char"`, and the engine's introspection queries
  // select such columns ("Column type 'char' could not be deserialized"). `diff` between schema
  // texts does not introspect today, but the fix is cheap insurance against engine changes.
  pool.on('connect', (client) => {
    const original = client.query;
    const patched = (...args: unknown[]): unknown => {
      const result: unknown = Reflect.apply(original, client, args);
      return isThenable(result) ? result.then(fixCharColumns) : result;
    };
    Reflect.set(client, 'query', patched);
  });
  return { factory: new PrismaPg(pool), dispose: () => pool.end() };
}

function sqliteAdapter(load: NodeJS.Require): AdapterHandle {
  const { PrismaBetterSqlite3 }: typeof import('@prisma/adapter-better-sqlite3') = load('@prisma/adapter-better-sqlite3');
  // A private in-memory database: the diff does not read the real file, and keeping the engine
  // off it avoids contending with the migration's own write transaction.
  return { factory: new PrismaBetterSqlite3({ url: ':memory:' }), dispose: async () => undefined };
}

export interface DiffOutcome {
  /** True when the two schemas need no SQL (the engine prints "-- This is an empty migration."). */
  empty: boolean;
  script: string;
}

export interface OpenEngine {
  /** SQL turning a database that matches `from` (null: an empty database) into `to`. */
  diff(from: string | null, to: string): Promise<DiffOutcome>;
  close(): Promise<void>;
}

function engineError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (lastPanic) {
    const panic = lastPanic;
    lastPanic = undefined;
    return new Error(`Prisma schema engine panicked: ${panic}`);
  }
  return new Error(`Prisma schema engine: ${message}`);
}

function target(schema: string | null): DiffTarget {
  return schema === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schema }] };
}

/**
 * Starts an engine for `provider`. `url` is the PostgreSQL database the engine's connector
 * connects to (it only reads the server version); SQLite needs none.
 */
export async function openSchemaEngine(provider: EngineProvider, url?: string): Promise<OpenEngine> {
  const glue = await loadGlue();
  const load = await mainRealmRequire();
  const { bindMigrationAwareSqlAdapterFactory }: typeof import('@prisma/driver-adapter-utils') = load('@prisma/driver-adapter-utils');
  let adapter: AdapterHandle;
  if (provider === 'postgresql') {
    if (!url) throw new Error('openSchemaEngine: a PostgreSQL URL is required');
    adapter = postgresAdapter(load, url);
  } else {
    adapter = sqliteAdapter(load);
  }
  let engine: SchemaEngine;
  try {
    engine = await glue.SchemaEngine.new({ datamodels: undefined }, () => undefined, bindMigrationAwareSqlAdapterFactory(adapter.factory));
  } catch (err) {
    await adapter.dispose();
    throw engineError(err);
  }
  schemaEngineStats.opens++;
  return {
    async diff(from, to) {
      const params: DiffParams = { from: target(from), to: target(to), script: true, exitCode: true, filters: { externalTables: [], externalEnums: [] } };
      const started = performance.now();
      try {
        const result = await engine.diff(params);
        schemaEngineStats.diffs++;
        schemaEngineStats.lastDiffMs = performance.now() - started;
        // exitCode 2 = "the diff is not empty" (the --exit-code convention of `prisma migrate diff`).
        return { empty: result.exitCode !== 2, script: result.stdout ?? '' };
      } catch (err) {
        throw engineError(err);
      }
    },
    async close() {
      engine.free();
      await adapter.dispose();
    },
  };
}

/** The engine build's version (its prisma-engines commit). Loads the engine. */
export async function schemaEngineVersion(): Promise<string> {
  return (await loadGlue()).version();
}
