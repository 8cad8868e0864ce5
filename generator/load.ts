// Reads schema files from a Strapi project (`src/api/*/content-types/*/schema.json`,
// `src/components/<category>/<name>.json`, or the `src` folder itself) or from a flat folder
// (`content-types/<name>.json` or `content-types/<name>/schema.json`, `components/<category>/<name>.json`),
// and the plugin extensions beside them (`extensions/users-permissions/content-types/{user,role}/schema.json`,
// extension-files.ts). Only reads: whether the content is a valid schema is validate's business.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { compareText } from './compare-text';
import { scanExtensions } from './extension-files';
import { customFieldRegistry } from './custom-fields/registry';
import { ValidationFailed, type Problem } from './problems';
import type { LoadedSchemas, SchemaFile, SchemaLayout } from './schema-files';

interface LayoutRoot {
  layout: SchemaLayout;
  /** Folder holding `api/` (Strapi) or `content-types/` (flat), and `components/`. */
  base: string;
}

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/** Entries of a folder, sorted by code unit so every run sees the same order. */
function sortedEntries(dir: string): string[] {
  return isDir(dir) ? readdirSync(dir).sort(compareText) : [];
}

function detectLayout(root: string): LayoutRoot | undefined {
  if (isDir(join(root, 'src', 'api')) || isDir(join(root, 'src', 'components'))) return { layout: 'strapi', base: join(root, 'src') };
  if (isDir(join(root, 'api'))) return { layout: 'strapi', base: root };
  if (isDir(join(root, 'content-types')) || isDir(join(root, 'components'))) return { layout: 'flat', base: root };
  return undefined;
}

function readSchemaFile(root: string, path: string, uid: string, expectedSingularName?: string): SchemaFile {
  const file = relative(root, path).split(sep).join('/');
  const base: SchemaFile = { uid, file, origin: 'schema' };
  if (expectedSingularName !== undefined) base.expectedSingularName = expectedSingularName;
  // Editors on Windows like to start JSON files with a byte order mark; JSON.parse does not.
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  try {
    return { ...base, json: JSON.parse(text) as unknown };
  } catch (err) {
    return { ...base, parseError: err instanceof Error ? err.message : String(err) };
  }
}

function strapiContentTypes(root: string, base: string, problems: Problem[]): SchemaFile[] {
  const files: SchemaFile[] = [];
  const apiDir = join(base, 'api');
  for (const api of sortedEntries(apiDir)) {
    const typesDir = join(apiDir, api, 'content-types');
    for (const name of sortedEntries(typesDir)) {
      const folder = join(typesDir, name);
      if (!isDir(folder)) continue;
      const schemaPath = join(folder, 'schema.json');
      if (isFile(schemaPath)) files.push(readSchemaFile(root, schemaPath, `api::${api}.${name}`));
      else problems.push({ file: relative(root, folder).split(sep).join('/'), path: '', message: 'content-type folder has no schema.json' });
    }
  }
  return files;
}

/**
 * Content types of the project's local plugins (`src/plugins/<name>/server/content-types/<type>/schema.json`,
 * or `server/src/content-types/…` as Strapi 5's plugin SDK lays them out): `plugin::<name>.<type>`,
 * `<name>` being the plugin's `strapi.name` in its package.json, else its folder. Strapi has no REST
 * routes for them unless the plugin declares some; relations may target them.
 */
function localPluginContentTypes(root: string, base: string): SchemaFile[] {
  const files: SchemaFile[] = [];
  const pluginsDir = join(base, 'plugins');
  for (const folder of sortedEntries(pluginsDir)) {
    const dir = join(pluginsDir, folder);
    if (!isDir(dir)) continue;
    let name = folder;
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { strapi?: { name?: unknown } };
      if (typeof pkg.strapi?.name === 'string' && pkg.strapi.name) name = pkg.strapi.name;
    } catch {
      // No package.json (or not JSON): the folder names the plugin.
    }
    for (const typesDir of [join(dir, 'server', 'content-types'), join(dir, 'server', 'src', 'content-types')]) {
      for (const type of sortedEntries(typesDir)) {
        const schemaPath = join(typesDir, type, 'schema.json');
        if (isFile(schemaPath)) files.push(readSchemaFile(root, schemaPath, `plugin::${name}.${type}`));
      }
    }
  }
  return files;
}

function flatContentTypes(root: string, base: string): SchemaFile[] {
  const files: SchemaFile[] = [];
  const typesDir = join(base, 'content-types');
  for (const entry of sortedEntries(typesDir)) {
    const path = join(typesDir, entry);
    if (entry.endsWith('.json') && isFile(path)) {
      const name = entry.slice(0, -'.json'.length);
      files.push(readSchemaFile(root, path, `api::${name}.${name}`, name));
    } else if (isFile(join(path, 'schema.json'))) {
      files.push(readSchemaFile(root, join(path, 'schema.json'), `api::${entry}.${entry}`, entry));
    }
  }
  return files;
}

function componentFiles(root: string, base: string): SchemaFile[] {
  const files: SchemaFile[] = [];
  const componentsDir = join(base, 'components');
  for (const category of sortedEntries(componentsDir)) {
    const categoryDir = join(componentsDir, category);
    for (const entry of sortedEntries(categoryDir)) {
      const path = join(categoryDir, entry);
      if (entry.endsWith('.json') && isFile(path)) files.push(readSchemaFile(root, path, `${category}.${entry.slice(0, -'.json'.length)}`));
    }
  }
  return files;
}

/** Keeps the first file of each uid (files are in path order) and reports the others. */
function uniqueByUid(files: SchemaFile[], problems: Problem[]): SchemaFile[] {
  const seen = new Map<string, SchemaFile>();
  for (const file of files) {
    const first = seen.get(file.uid);
    if (first) problems.push({ file: file.file, path: '', message: `${file.uid} is already defined by ${first.file}` });
    else seen.set(file.uid, file);
  }
  return [...seen.values()].sort((a, b) => compareText(a.uid, b.uid));
}

/**
 * Reads every schema file under `dir`. Files that are not valid JSON are returned with their
 * parse error (validate reports them with the rest); an unusable folder throws ValidationFailed.
 */
export function loadSchemas(dir: string): LoadedSchemas {
  const root = resolve(dir);
  if (!isDir(root)) throw new ValidationFailed([{ file: dir, path: '', message: 'schema directory does not exist' }]);
  const detected = detectLayout(root);
  if (!detected) {
    throw new ValidationFailed([
      {
        file: dir,
        path: '',
        message: 'no schemas found: expected src/api/*/content-types/*/schema.json (Strapi layout) or content-types/*.json (flat layout)',
      },
    ]);
  }
  const problems: Problem[] = [];
  const contentTypes =
    detected.layout === 'strapi' ? [...strapiContentTypes(root, detected.base, problems), ...localPluginContentTypes(root, detected.base)] : flatContentTypes(root, detected.base);
  const extensions = scanExtensions(root, detected.base);
  // Custom fields' types: the project's register calls (Strapi layout) and cms-gen.json.
  const customFields = customFieldRegistry(root, detected.layout === 'strapi' ? detected.base : undefined);
  problems.push(...customFields.problems);
  return {
    root,
    layout: detected.layout,
    contentTypes: uniqueByUid(contentTypes, problems),
    components: uniqueByUid(componentFiles(root, detected.base), problems),
    extensions: extensions.schemas.map(({ uid, path }) => readSchemaFile(root, path, uid)),
    extensionsDir: relative(root, join(detected.base, 'extensions')).split(sep).join('/'),
    problems,
    warnings: extensions.warnings,
    customFields: customFields.registry,
  };
}
