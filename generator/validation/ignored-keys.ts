// Schema settings cms-gen reads as Strapi does but does not act on: each one is a warning (never
// silence), `file: path: cms-gen ignores X (why)`, so a project knows what does not carry over.
import type { Report } from '../problems';
import { ignoredColumnKeys } from './column-options';
import { isObject, type JsonObject } from './json-value';
import { isScalarType } from './scalar-types';

/** Attribute keys cms-gen acts on (or checks) for some attribute type. */
const ACTED_ON = new Set([
  'type',
  'customField',
  'required',
  'private',
  'unique',
  'default',
  'min',
  'max',
  'minLength',
  'maxLength',
  'regex',
  'enum',
  'targetField',
  'searchable',
  'pluginOptions',
  'multiple',
  'allowedTypes',
  'relation',
  'target',
  'inversedBy',
  'mappedBy',
  'morphBy',
  'component',
  'repeatable',
  'components',
  'conditions',
]);

const ADMIN_ONLY = 'an admin-panel setting; cms-gen has no admin panel';

/** Why a key is ignored, for the keys real schemas carry. */
const ATTRIBUTE_REASONS: Record<string, string> = {
  options: "a custom field's options configure its admin-panel input",
  configurable: ADMIN_ONLY,
  visible: ADMIN_ONLY,
  writable: 'the content API writes the attribute; Strapi drops non-writable attributes from writes',
  useJoinTable: 'relations are always stored in a link table',
  column: "database column options are Strapi's; cms-gen derives columns from the attribute type and takes only a scalar column.defaultTo, as the attribute's default",
  autoPopulate: 'populate is always explicit',
};

/** Plugin options cms-gen acts on; others belong to plugins it does not have. */
const ACTED_ON_PLUGINS = new Set(['i18n', 'cms-gen']);

const PLUGIN_REASONS: Record<string, string> = {
  'content-manager': ADMIN_ONLY,
  'content-type-builder': ADMIN_ONLY,
  versions: 'content history is an admin-panel feature cms-gen does not have',
};

export function pluginReason(plugin: string): string {
  return PLUGIN_REASONS[plugin] ?? `cms-gen has no ${plugin} plugin`;
}

/** Warns about every key of `pluginOptions` naming a plugin cms-gen does not have. */
export function warnIgnoredPluginOptions(options: unknown, path: string, warn: Report): void {
  if (!isObject(options)) return;
  for (const plugin of Object.keys(options)) {
    if (!ACTED_ON_PLUGINS.has(plugin)) warn(`${path}.${plugin}`, `cms-gen ignores pluginOptions.${plugin} (${pluginReason(plugin)})`);
  }
}

export function warnIgnoredAttributeKeys(raw: JsonObject, path: string, warn: Report): void {
  for (const key of Object.keys(raw)) {
    // Options the attribute's type does not take are warned about where the attribute is parsed.
    if (ACTED_ON.has(key)) continue;
    if (key === 'column' && isObject(raw.column)) {
      for (const sub of ignoredColumnKeys(raw.column, typeof raw.type === 'string' && isScalarType(raw.type))) warn(`${path}.column.${sub}`, `cms-gen ignores column.${sub} (${ATTRIBUTE_REASONS.column})`);
      continue;
    }
    warn(`${path}.${key}`, `cms-gen ignores ${key} (${ATTRIBUTE_REASONS[key] ?? 'not a setting of Strapi 5 attributes that cms-gen knows'})`);
  }
  warnIgnoredPluginOptions(raw.pluginOptions, `${path}.pluginOptions`, warn);
}

/** Schema-level settings (`options`, `pluginOptions`) cms-gen does not act on. */
export function warnIgnoredSchemaKeys(root: JsonObject, warn: Report): void {
  const options = isObject(root.options) ? root.options : {};
  const reasons: Record<string, string> = {
    reviewWorkflows: 'review workflows are an admin-panel feature; entries are written without stages',
    populateCreatorFields: 'createdBy and updatedBy are admin users: the admin panel shows them, the content API never returns them',
  };
  for (const key of Object.keys(options)) {
    if (key === 'draftAndPublish' || key === 'privateAttributes') continue;
    warn(`options.${key}`, `cms-gen ignores options.${key} (${reasons[key] ?? 'not a setting of Strapi 5 schemas that cms-gen knows'})`);
  }
  warnIgnoredPluginOptions(root.pluginOptions, 'pluginOptions', warn);
}
