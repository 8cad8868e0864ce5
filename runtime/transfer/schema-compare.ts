// The archive's schemas against the app's: what does not match is reported before anything is
// written, and the import refuses it unless told to import only what matches. The result also says,
// per type, which attributes the import may write.
import type { Attribute, ComponentMeta, ContentTypeMeta, JsonObject, SchemaMeta, SchemaRecord } from './runtime-deps';

/** Attributes Strapi adds to every content type; the app keeps them as system columns. */
export const STRAPI_SYSTEM_ATTRIBUTES = new Set(['createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

/** Strapi's own models no cms-gen app holds: admin users, roles and tokens, releases, review workflows. */
export function isStrapiInternal(uid: string): boolean {
  return uid.startsWith('admin::') || uid.startsWith('plugin::content-releases.') || uid.startsWith('plugin::review-workflows.') || uid.startsWith('strapi::');
}

/** The app's built-in tables Strapi keeps elsewhere (admin API tokens, sessions, settings in the core store). */
export const APP_INTERNAL_TYPES = new Set(['plugin::users-permissions.api-token', 'plugin::users-permissions.session', 'plugin::users-permissions.setting']);

export interface SchemaMismatch {
  /** `uid` or `uid.attribute`. */
  path: string;
  problem: string;
}

export interface SchemaComparison {
  mismatches: SchemaMismatch[];
  /**
   * Differences in the plugin models the app builds in (upload, i18n, users & permissions), which it
   * models after Strapi's with known differences: reported, never refused. The media morph
   * (`plugin::upload.file.related`) is imported into the app's media links.
   */
  notes: SchemaMismatch[];
  /** Per archive uid the app holds: attributes of the archive the import writes. */
  importable: Map<string, Set<string>>;
  /** Archive types skipped without a mismatch (Strapi's internal models). */
  ignored: string[];
}

type Model = ContentTypeMeta | ComponentMeta;

/** Strapi's media links: the file's `related` morph relation (the app keeps them in `files_related`). */
export const MEDIA_MORPH = { type: 'plugin::upload.file', field: 'related' } as const;

const MORPH_RELATIONS = new Set(['morphToOne', 'morphToMany', 'morphOne', 'morphMany']);

/** What a Strapi attribute is, in the app's terms, for comparison. */
function describeStrapi(attribute: JsonObject): string {
  const type = String(attribute.type);
  if (type === 'relation') {
    const relation = String(attribute.relation);
    if (MORPH_RELATIONS.has(relation)) return `morph ${relation}`;
    return `relation to ${String(attribute.target)}`;
  }
  if (type === 'media') return `media${attribute.multiple ? ' (multiple)' : ''}`;
  if (type === 'component') return `component ${String(attribute.component)}${attribute.repeatable ? ' (repeatable)' : ''}`;
  if (type === 'dynamiczone') return `dynamic zone of ${[...((attribute.components as string[]) ?? [])].sort().join(', ')}`;
  return type;
}

function describeApp(attribute: Attribute): string {
  switch (attribute.kind) {
    case 'scalar':
      return attribute.type;
    case 'relation':
      return `relation to ${attribute.target}`;
    case 'morph':
      return `morph ${attribute.relation}`;
    case 'media':
      return `media${attribute.multiple ? ' (multiple)' : ''}`;
    case 'component':
      return `component ${attribute.component}${attribute.repeatable ? ' (repeatable)' : ''}`;
    case 'dynamiczone':
      return `dynamic zone of ${[...attribute.components].sort().join(', ')}`;
  }
}

/** Types stored as text on every database: a value of one fits a column of another. */
const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration', 'password']);

/** Strapi's scalar types the app stores alike (a uid is a string column, and so on) stay distinct: a change of type is a change. */
function sameKind(strapi: string, app: string): boolean {
  return strapi === app;
}

/** Plugin models the app builds in: their differences from Strapi's are known (notes, not mismatches). */
export function isBuiltInPluginType(uid: string): boolean {
  return uid.startsWith('plugin::upload.') || uid.startsWith('plugin::i18n.') || uid.startsWith('plugin::users-permissions.');
}

function compareAttributes(uid: string, record: SchemaRecord, model: Model, comparison: SchemaComparison): void {
  const out = { mismatches: isBuiltInPluginType(uid) ? comparison.notes : comparison.mismatches };
  const allowed = new Set<string>();
  for (const [name, attribute] of Object.entries(record.attributes)) {
    if (STRAPI_SYSTEM_ATTRIBUTES.has(name)) continue;
    if (uid === MEDIA_MORPH.type && name === MEDIA_MORPH.field) continue;
    if (attribute.type === 'relation' && typeof attribute.target === 'string' && isStrapiInternal(attribute.target)) continue;
    const mine = model.attributes[name];
    if (!mine) {
      out.mismatches.push({ path: `${uid}.${name}`, problem: `attribute ${name} (${describeStrapi(attribute)}) is not in the app` });
      continue;
    }
    const theirs = describeStrapi(attribute);
    const ours = describeApp(mine);
    if (!sameKind(theirs, ours)) {
      const fits = mine.kind === 'scalar' && TEXT_TYPES.has(theirs) && TEXT_TYPES.has(ours);
      out.mismatches.push({ path: `${uid}.${name}`, problem: `attribute ${name} is ${theirs} in the archive, ${ours} in the app${fits ? ' (the values fit: imported)' : ''}` });
      if (!fits) continue;
    }
    allowed.add(name);
  }
  for (const name of Object.keys(model.attributes)) {
    if (!(name in record.attributes)) out.mismatches.push({ path: `${uid}.${name}`, problem: `attribute ${name} (${describeApp(model.attributes[name])}) is not in the archive (it stays empty)` });
  }
  comparison.importable.set(uid, allowed);
}

export function compareSchemas(records: Iterable<SchemaRecord>, app: SchemaMeta): SchemaComparison {
  const out: SchemaComparison = { mismatches: [], notes: [], importable: new Map(), ignored: [] };
  const seen = new Set<string>();
  for (const record of records) {
    const uid = record.uid;
    seen.add(uid);
    if (isStrapiInternal(uid)) {
      out.ignored.push(uid);
      continue;
    }
    const model: Model | undefined = record.modelType === 'component' ? app.components[uid] : app.contentTypes[uid];
    if (!model) {
      out.mismatches.push({ path: uid, problem: `${record.modelType === 'component' ? 'component' : 'content type'} ${uid} is not in the app` });
      continue;
    }
    if (record.modelType !== 'component') {
      const ct = model as ContentTypeMeta;
      if (record.kind && record.kind !== ct.kind) out.mismatches.push({ path: uid, problem: `${uid} is a ${record.kind} in the archive, a ${ct.kind} in the app` });
      const draftAndPublish = record.options?.draftAndPublish === true;
      if (draftAndPublish !== ct.draftAndPublish) out.mismatches.push({ path: uid, problem: `${uid} has draft & publish ${draftAndPublish ? 'on' : 'off'} in the archive, ${ct.draftAndPublish ? 'on' : 'off'} in the app` });
      const localized = (record.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === true;
      if (localized !== ct.localized) out.mismatches.push({ path: uid, problem: `${uid} is ${localized ? '' : 'not '}localized in the archive, ${ct.localized ? '' : 'not '}in the app` });
    }
    compareAttributes(uid, record, model, out);
  }
  for (const uid of Object.keys(app.contentTypes)) {
    if (!seen.has(uid) && !APP_INTERNAL_TYPES.has(uid)) out.mismatches.push({ path: uid, problem: `content type ${uid} is not in the archive (it stays empty)` });
  }
  for (const uid of Object.keys(app.components)) {
    if (!seen.has(uid)) out.mismatches.push({ path: uid, problem: `component ${uid} is not in the archive` });
  }
  return out;
}

/** The report printed before an import: one line per mismatch. */
export function formatMismatches(mismatches: readonly SchemaMismatch[]): string[] {
  return mismatches.map((m) => `  ${m.path}: ${m.problem}`);
}
