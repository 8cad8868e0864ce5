// Finding and loading the user's files (Strapi 5's layout) under the app's source folder: `.ts`
// when the app runs from its sources (tsx, jest), `.js` when it runs compiled from dist/.
//   src/index                                   register / bootstrap / destroy
//   src/api/<api>/{controllers,services,routes,policies,middlewares}/<name>
//   src/api/<api>/content-types/<name>/lifecycles  lifecycle hooks of that content type
//   src/policies/<name>, src/middlewares/<name> global policies and middlewares
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CustomizationError } from './errors';

/** The kinds of files an api folder may hold. */
export const API_FOLDERS = ['controllers', 'services', 'routes', 'policies', 'middlewares'] as const;
export type ApiFolder = (typeof API_FOLDERS)[number];

export interface UserModule {
  /** Name without extension (`article`, `is-owner`). */
  name: string;
  /** Path relative to the app root, for messages (`src/api/article/routes/custom.ts`). */
  label: string;
  /** The module's export (its default export when it has one). */
  value: unknown;
}

export interface ApiFiles {
  api: string;
  folders: Record<ApiFolder, UserModule[]>;
  /** `content-types/<name>/lifecycles`, by content type folder name (`name` is that folder). */
  lifecycles: UserModule[];
}

export interface UserFiles {
  index?: UserModule;
  apis: ApiFiles[];
  policies: UserModule[];
  middlewares: UserModule[];
}

/** Source files of a folder by name; a `.js` wins over a `.ts` of the same name (compiled output). */
function sourceFiles(dir: string): { name: string; path: string }[] {
  if (!existsSync(dir)) return [];
  const byName = new Map<string, string>();
  for (const entry of readdirSync(dir).sort()) {
    const match = /^(.+)\.(ts|js)$/.exec(entry);
    if (!match || entry.endsWith('.d.ts') || entry.endsWith('.test.ts')) continue;
    const [, name, ext] = match;
    if (ext === 'ts' && byName.has(name)) continue;
    byName.set(name, join(dir, entry));
  }
  return [...byName.entries()].map(([name, path]) => ({ name, path }));
}

function loadModule(appDir: string, name: string, path: string): UserModule {
  const label = relative(appDir, path) || path;
  let exported: unknown;
  try {
    exported = require(path) as unknown;
  } catch (err) {
    throw new CustomizationError(`${label}: failed to load: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Transpiled `export default` arrives as `{ __esModule, default }`.
  if (typeof exported === 'object' && exported !== null && 'default' in exported) exported = (exported as { default: unknown }).default;
  return { name, label, value: exported };
}

function loadFolder(appDir: string, dir: string): UserModule[] {
  return sourceFiles(dir).map((file) => loadModule(appDir, file.name, file.path));
}

/** `content-types/<name>/lifecycles.{ts,js}` of one api folder, named by `<name>`. */
function loadLifecycles(appDir: string, dir: string): UserModule[] {
  if (!existsSync(dir)) return [];
  const out: UserModule[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!statSync(join(dir, name)).isDirectory()) continue;
    const file = sourceFiles(join(dir, name)).find((f) => f.name === 'lifecycles');
    if (file) out.push({ ...loadModule(appDir, 'lifecycles', file.path), name });
  }
  return out;
}

/** Loads every user file under `srcDir` (`appDir` only shortens the paths in messages). */
export function loadUserFiles(srcDir: string, appDir: string): UserFiles {
  const index = sourceFiles(srcDir).find((f) => f.name === 'index');
  const apiRoot = join(srcDir, 'api');
  const apis: ApiFiles[] = [];
  if (existsSync(apiRoot)) {
    for (const api of readdirSync(apiRoot).sort()) {
      const dir = join(apiRoot, api);
      if (!statSync(dir).isDirectory()) continue;
      const folders = {} as Record<ApiFolder, UserModule[]>;
      for (const folder of API_FOLDERS) folders[folder] = loadFolder(appDir, join(dir, folder));
      apis.push({ api, folders, lifecycles: loadLifecycles(appDir, join(dir, 'content-types')) });
    }
  }
  return {
    index: index ? loadModule(appDir, 'index', index.path) : undefined,
    apis,
    policies: loadFolder(appDir, join(srcDir, 'policies')),
    middlewares: loadFolder(appDir, join(srcDir, 'middlewares')),
  };
}
