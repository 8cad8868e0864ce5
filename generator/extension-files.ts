// Plugin extensions of a Strapi project (`src/extensions/<plugin>/…`). Strapi lets a project
// replace parts of a plugin's content types with `content-types/<name>/schema.json` there, and
// change the plugin in code with `strapi-server.js`. cms-gen reads the schema files of the
// users-permissions user and role (validate merges them over the built-in schemas) and warns
// about everything else, which it does not act on.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { EXTENSIBLE_TYPES } from './builtins';
import { compareText } from './compare-text';
import type { Problem } from './problems';

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();
const entries = (dir: string): string[] => (isDir(dir) ? readdirSync(dir).sort(compareText) : []);

const SERVER_FILE = /^strapi-server\.(js|cjs|mjs|ts)$/;

export interface ExtensionScan {
  /** Schema files to merge, one per extended built-in type. */
  schemas: { uid: string; path: string }[];
  warnings: Problem[];
}

/** Finds the extension files under `<base>/extensions`; reading them is load's business. */
export function scanExtensions(root: string, base: string): ExtensionScan {
  const scan: ExtensionScan = { schemas: [], warnings: [] };
  const dir = join(base, 'extensions');
  const show = (path: string) => relative(root, path).split(sep).join('/');
  for (const plugin of entries(dir)) {
    const pluginDir = join(dir, plugin);
    if (!isDir(pluginDir)) continue;
    for (const entry of entries(pluginDir)) {
      if (SERVER_FILE.test(entry) && isFile(join(pluginDir, entry))) {
        scan.warnings.push({
          file: show(join(pluginDir, entry)),
          path: '',
          message: `not run: cms-gen does not execute plugin extension code, so what it changes in the ${plugin} plugin (content types, controllers, routes) is not applied; declare attributes in content-types/<name>/schema.json and custom code in the generated app's src/`,
        });
      }
    }
    for (const name of entries(join(pluginDir, 'content-types'))) {
      const schema = join(pluginDir, 'content-types', name, 'schema.json');
      if (!isFile(schema)) continue;
      const uid = `plugin::${plugin}.${name}`;
      if (EXTENSIBLE_TYPES.includes(uid)) scan.schemas.push({ uid, path: schema });
      else {
        scan.warnings.push({
          file: show(schema),
          path: '',
          message: `ignored: cms-gen applies content-type extensions to ${EXTENSIBLE_TYPES.join(' and ')} only`,
        });
      }
    }
  }
  return scan;
}
