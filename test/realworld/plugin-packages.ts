// Which npm packages real Strapi needs to boot a project with its plugins: those whose custom
// fields or content types the schemas use, named as in the project's own package.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectFacts } from './analyse';

export interface PluginPackage {
  name: string;
  version: string;
  /** The plugin id the schemas use (`plugin::<id>.…`). */
  id?: string;
  /** The custom fields of that plugin the schemas use (`plugin::<id>.<field>`). */
  fields?: string[];
}

function customFields(facts: ProjectFacts, id: string): string[] {
  const prefix = `custom field plugin::${id}.`;
  return facts.features.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
}

/** Plugins that ship with the oracle app (or with Strapi itself). */
const BUILT_IN = new Set(['users-permissions', 'upload', 'i18n', 'content-manager', 'content-type-builder', 'email', 'graphql', 'review-workflows', 'content-releases']);

/** Plugin ids whose package name does not contain the id. */
const KNOWN: Record<string, string[]> = {
  ckeditor5: ['@_sh/strapi-plugin-ckeditor'],
  ckeditor: ['@ckeditor/strapi-plugin-ckeditor'],
  'tiptap-editor': ['@notum-cz/strapi-plugin-tiptap-editor'],
  'strapi-tiptap-editor': ['@frameless/strapi-tiptap-editor'],
};

/** Plugin ids the schemas use: `plugin::<id>.<name>` in custom fields and relation targets. */
function pluginIds(facts: ProjectFacts): string[] {
  const ids = new Set<string>();
  for (const feature of facts.features) {
    const match = /(?:custom field|relation to) plugin::([^.]+)\./.exec(feature);
    if (match && !BUILT_IN.has(match[1])) ids.add(match[1]);
  }
  return [...ids].sort();
}

export function pluginPackages(dir: string, facts: ProjectFacts): PluginPackage[] {
  const pkgPath = join(dir, 'package.json');
  const deps = existsSync(pkgPath) ? ((JSON.parse(readFileSync(pkgPath, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {}) : {};
  const found: PluginPackage[] = [];
  for (const id of pluginIds(facts)) {
    // A known id names its packages exactly (`ckeditor5` is also the editor's own package name).
    const names = Object.keys(deps).filter((name) =>
      KNOWN[id] ? KNOWN[id].includes(name) : name === id || name === `@strapi/plugin-${id}` || name.endsWith(`strapi-plugin-${id}`) || name.endsWith(`/plugin-${id}`) || name === `strapi-${id}`,
    );
    // A project without its package.json (FoodAdvisor's schemas only) gets the known package.
    if (names.length === 0 && KNOWN[id]) found.push({ name: KNOWN[id][0], version: 'latest', id, fields: customFields(facts, id) });
    for (const name of names) {
      // Strapi's own plugins must match the oracle's Strapi exactly; a local link (yalc, file:,
      // workspace:) is not on the registry, so the newest published version stands in for it.
      const declared = deps[name];
      const version = name.startsWith('@strapi/') ? '5.54.0' : /^(link|file|workspace|portal):/.test(declared) ? 'latest' : declared;
      found.push({ name, version, id, fields: customFields(facts, id) });
    }
  }
  return found;
}
