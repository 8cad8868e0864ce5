// One schema file → its typed definition. Shape problems are reported; a definition is still
// returned whenever the file is a JSON object, so cross checks see every type and can report
// their own problems instead of a cascade of "does not exist".
import type { AttributeDefinition, ComponentDefinition, ContentTypeDefinition } from '../definitions';
import { attributePath, type Report } from '../problems';
import type { SchemaFile } from '../schema-files';
import { defaultCollectionName, defaultComponentCollectionName, shortIdentifier } from '../storage-names';
import { FieldReader, isObject, show, type JsonObject } from './json-value';
import { warnIgnoredSchemaKeys } from './ignored-keys';
import { parseAttribute, type AttributeContext } from './parse-attribute';

/** Singular and plural API names: kebab-case, as Strapi's content-type builder writes them. */
export const API_NAME = /^[a-z][a-z0-9-]*$/;
/** Strapi takes a collectionName with dashes (`room-amenities`) as the table's name. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const COMPONENT_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

function readRoot(file: SchemaFile, report: Report): JsonObject | undefined {
  if (file.parseError !== undefined) {
    report('', `invalid JSON: ${file.parseError}`);
    return undefined;
  }
  if (!isObject(file.json)) {
    report('', `a schema must be a JSON object, got ${show(file.json)}`);
    return undefined;
  }
  return file.json;
}

/**
 * Attributes Strapi adds to every content type, replacing a declaration of the same name (its
 * content-type loader and i18n plugin overwrite them): a schema may declare them, and the
 * declaration changes nothing.
 */
const MANAGED_ATTRIBUTES: Record<string, string> = {
  createdAt: 'every entry has it, a datetime set when the entry is created',
  updatedAt: 'every entry has it, a datetime set on every write',
  publishedAt: 'every entry has it, the publication datetime (null on drafts)',
  createdBy: 'the admin user who created the entry, which the admin panel records; the content API never returns it',
  updatedBy: 'the admin user who last wrote the entry, which the admin panel records; the content API never returns it',
  locale: "the entry's locale, on localized types",
  localizations: "the entry's other locales, on localized types",
};

function parseAttributes(root: JsonObject, context: AttributeContext, report: Report): AttributeDefinition[] {
  if (!isObject(root.attributes)) {
    report('attributes', root.attributes === undefined ? 'missing attributes object' : `must be an object, got ${show(root.attributes)}`);
    return [];
  }
  const attributes: AttributeDefinition[] = [];
  for (const [name, raw] of Object.entries(root.attributes)) {
    const managed = context.owner === 'contentType' ? MANAGED_ATTRIBUTES[name] : undefined;
    if (managed !== undefined) {
      context.warn?.(attributePath(name), `cms-gen ignores this declaration of ${name} (Strapi replaces it with its own: ${managed})`);
      continue;
    }
    const attribute = parseAttribute(name, raw, context, report);
    if (attribute) attributes.push(attribute);
  }
  checkUidTargets(attributes, report);
  checkRenames(attributes, report);
  return attributes;
}

/** A rename hint naming a current attribute would give two attributes one column. */
function checkRenames(attributes: AttributeDefinition[], report: Report): void {
  for (const attribute of attributes) {
    if (attribute.kind !== 'scalar' || attribute.renamedFrom === undefined) continue;
    if (attributes.some((a) => a.name === attribute.renamedFrom)) {
      report(`${attributePath(attribute.name)}.pluginOptions.cms-gen`, `renamedFrom "${attribute.renamedFrom}" is still an attribute of this schema; remove the hint or the old attribute`);
    }
    const twin = attributes.find((a) => a !== attribute && a.kind === 'scalar' && a.renamedFrom === attribute.renamedFrom);
    if (twin && attributes.indexOf(twin) > attributes.indexOf(attribute)) {
      report(`${attributePath(twin.name)}.pluginOptions.cms-gen`, `renamedFrom "${attribute.renamedFrom}" is also claimed by ${attribute.name}`);
    }
  }
}

/** A uid derives from a string (or text, which Strapi also takes) attribute of the same schema. */
function checkUidTargets(attributes: AttributeDefinition[], report: Report): void {
  for (const attribute of attributes) {
    if (attribute.kind !== 'scalar' || attribute.type !== 'uid' || attribute.targetField === undefined) continue;
    const target = attributes.find((a) => a.name === attribute.targetField);
    const path = attributePath(attribute.name, 'targetField');
    if (!target) report(path, `targetField "${attribute.targetField}" does not exist`);
    else if (!(target.kind === 'scalar' && (target.type === 'string' || target.type === 'text'))) {
      report(path, `targetField "${attribute.targetField}" must be a string or text attribute, not ${target.kind === 'scalar' ? target.type : target.kind}`);
    }
  }
}

function checkTableName(fields: FieldReader, table: string): void {
  if (!TABLE_NAME.test(table)) fields.problem('collectionName', `invalid table name "${table}": use letters, digits, - and _, starting with a letter or _`);
}

function apiName(info: FieldReader, key: 'singularName' | 'pluralName'): string {
  const name = info.requiredString(key, key) ?? '';
  if (name && !API_NAME.test(name)) info.problem(key, `invalid ${key} "${name}": use kebab-case (lowercase letters, digits and -, starting with a letter)`);
  return name;
}

function booleanOption(root: JsonObject, path: string, key: string, report: Report): boolean {
  const group = root[path];
  if (group === undefined) return false;
  if (!isObject(group)) {
    report(path, `must be an object, got ${show(group)}`);
    return false;
  }
  return new FieldReader(group, path, report).boolean(key, false);
}

/** What parsing needs besides the file: the custom fields the build knows, where warnings go. */
export type ParseExtras = Omit<AttributeContext, 'owner'>;

/** `options.privateAttributes`: attributes Strapi keeps out of every answer, like `private: true`. */
function privateAttributes(root: JsonObject, attributes: AttributeDefinition[], report: Report): AttributeDefinition[] {
  const options = isObject(root.options) ? root.options : {};
  if (options.privateAttributes === undefined) return attributes;
  const names = new FieldReader(options, 'options', report).stringArray('privateAttributes') ?? [];
  return attributes.map((a) => (names.includes(a.name) ? { ...a, private: true } : a));
}

export function parseContentType(file: SchemaFile, report: Report, extras: ParseExtras = {}): ContentTypeDefinition | undefined {
  const root = readRoot(file, report);
  if (!root) return undefined;
  if (extras.warn) warnIgnoredSchemaKeys(root, extras.warn);
  const fields = new FieldReader(root, '', report);
  // Strapi 5.54 boots a schema without `kind` as a collection type (Rutba ERP's brands: `/api/brands`).
  const kind = root.kind === undefined ? 'collectionType' : fields.requiredString('kind', 'kind ("collectionType" or "singleType")');
  if (root.kind === undefined) extras.warn?.('kind', 'no kind: built as a collection type, as Strapi does');
  if (kind !== undefined && kind !== 'collectionType' && kind !== 'singleType') {
    fields.problem('kind', `unknown kind "${kind}" (expected "collectionType" or "singleType")`);
  }
  const infoObject = isObject(root.info) ? root.info : {};
  if (!isObject(root.info)) report('info', root.info === undefined ? 'missing info object' : `must be an object, got ${show(root.info)}`);
  const info = new FieldReader(infoObject, 'info', report);
  const singularName = isObject(root.info) ? apiName(info, 'singularName') : '';
  const pluralName = isObject(root.info) ? apiName(info, 'pluralName') : '';
  if (singularName && singularName === pluralName) info.problem('pluralName', `pluralName must differ from singularName "${singularName}"`);
  if (file.expectedSingularName !== undefined && singularName && singularName !== file.expectedSingularName) {
    info.problem('singularName', `"${singularName}" does not match the file name "${file.expectedSingularName}"`);
  }
  const declaredTable = fields.string('collectionName') ?? (pluralName ? defaultCollectionName(pluralName) : '');
  if (declaredTable) checkTableName(fields, declaredTable);
  const collectionName = declaredTable && shortIdentifier(declaredTable);
  const i18n = isObject(root.pluginOptions) ? root.pluginOptions : {};
  return {
    uid: file.uid,
    file: file.file,
    origin: file.origin,
    kind: kind === 'singleType' ? 'singleType' : 'collectionType',
    singularName,
    pluralName,
    displayName: info.string('displayName') ?? singularName,
    collectionName,
    draftAndPublish: booleanOption(root, 'options', 'draftAndPublish', report),
    localized: booleanOption(i18n, 'i18n', 'localized', (path, message) => report(`pluginOptions.${path}`, message)),
    attributes: privateAttributes(root, parseAttributes(root, { ...extras, owner: 'contentType' }, report), report),
  };
}

export function parseComponent(file: SchemaFile, report: Report, extras: ParseExtras = {}): ComponentDefinition | undefined {
  const dot = file.uid.indexOf('.');
  const category = file.uid.slice(0, dot);
  const name = file.uid.slice(dot + 1);
  if (!COMPONENT_NAME.test(category) || !COMPONENT_NAME.test(name)) {
    report('', `invalid component uid "${file.uid}": category and name use letters, digits, - and _, starting with a letter`);
  }
  const root = readRoot(file, report);
  if (!root) return undefined;
  const fields = new FieldReader(root, '', report);
  const info = new FieldReader(isObject(root.info) ? root.info : {}, 'info', report);
  const declaredTable = fields.string('collectionName') ?? defaultComponentCollectionName(category, name);
  checkTableName(fields, declaredTable);
  const collectionName = shortIdentifier(declaredTable);
  return {
    uid: file.uid,
    file: file.file,
    category,
    displayName: info.string('displayName') ?? name,
    collectionName,
    attributes: parseAttributes(root, { ...extras, owner: 'component' }, report),
  };
}
