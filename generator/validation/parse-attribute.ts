// One attribute of a schema file → its typed definition, reporting every problem of its own
// (cross-references such as relation targets are checked later, once every file is parsed).
import { RESERVED_ATTRIBUTE_NAMES, type ScalarType } from '../../runtime/core/model/types';
import type {
  AttributeDefinition,
  ComponentRefDefinition,
  DynamicZoneDefinition,
  MediaDefinition,
  MorphDefinition,
  RelationDefinition,
  ScalarDefinition,
} from '../definitions';
import type { CustomFieldRegistry } from '../custom-fields/types';
import { attributePath, type Report } from '../problems';
import { graphqlEnumName } from '../emitters/graphql-enum-values';
import { customFieldType } from './custom-field';
import { defaultValueProblem } from './default-value';
import { columnDefaultTo } from './column-options';
import { warnIgnoredAttributeKeys } from './ignored-keys';
import { FieldReader, has, isObject, show, type JsonObject } from './json-value';
import { isNumberType, isRelationKind, isScalarType, isTextType, MEDIA_TYPES, MORPH_RELATION_KINDS, RELATION_KINDS } from './scalar-types';

export const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Types whose `default` Strapi boots as an object (`{ "$now": true }`): cms-gen warns and writes none. */
const TEMPORAL_TYPES: readonly string[] = ['date', 'time', 'datetime', 'timestamp'];

export interface AttributeContext {
  /** Dynamic zones exist on content types only. */
  owner: 'contentType' | 'component';
  /** The custom fields the build knows (`"type": "customField"` takes the type registered for its uid). */
  customFields?: CustomFieldRegistry;
  /** Settings cms-gen reads as Strapi does but does not act on go here (they never fail a build). */
  warn?: Report;
}

type Common = Pick<AttributeDefinition, 'name' | 'required' | 'private' | 'i18nLocalized' | 'visibleWhen'>;

/** Options that only make sense on some attribute types; anything else carrying them is a mistake. */
const OPTION_APPLIES: Record<string, (type: string) => boolean> = {
  min: (type) => isNumberType(type) || type === 'component' || type === 'dynamiczone',
  max: (type) => isNumberType(type) || type === 'component' || type === 'dynamiczone',
  minLength: isTextType,
  maxLength: isTextType,
  regex: isTextType,
  enum: (type) => type === 'enumeration',
  targetField: (type) => type === 'uid',
  unique: (type) => isScalarType(type),
  default: (type) => isScalarType(type),
  searchable: (type) => isScalarType(type),
};

const isKnownType = (type: string): boolean => isScalarType(type) || ['relation', 'media', 'component', 'dynamiczone'].includes(type);

/**
 * The attribute's fields without the options its type does not take. Strapi 5.54 boots such a
 * schema (`"enum"` on a string, `"min"` on a string or a media, `"regex"` on an integer) and never
 * checks the option, so cms-gen leaves it out too, with one warning line each. The exception is
 * `"default"` on a relation, media or component, which Strapi writes on create (linking the ids
 * it names): cms-gen does not, and its warning says so.
 */
function withoutInapplicable(raw: JsonObject, name: string, type: string, report: Report, warn?: Report): FieldReader {
  const path = attributePath(name);
  const inapplicable = isKnownType(type) ? Object.keys(OPTION_APPLIES).filter((option) => has(raw, option) && !OPTION_APPLIES[option](type)) : [];
  for (const option of inapplicable) {
    const why =
      option === 'default'
        ? `Strapi writes it as the value of every create that leaves ${name} out; cms-gen leaves ${name} empty then, so send the value instead`
        : 'Strapi does not check it either';
    warn?.(`${path}.${option}`, `cms-gen ignores ${option} on ${type} attributes (${why})`);
  }
  if (inapplicable.length === 0) return new FieldReader(raw, path, report);
  return new FieldReader(Object.fromEntries(Object.entries(raw).filter(([key]) => !inapplicable.includes(key))), path, report);
}

/**
 * Component rows have no timestamps or locale of their own, so a component may declare createdAt
 * and updatedAt as ordinary attributes (Strapi boots them, and fills them with the current time),
 * and `locale` and `published_at` (OpenVAA's translation overrides, Strapi's community site's
 * version info: ordinary values there, test/unique).
 */
const COMPONENT_NAMES = ['createdAt', 'updatedAt', 'locale', 'published_at'];

function checkName(name: string, owner: AttributeContext['owner'], report: Report): void {
  const path = attributePath(name);
  if (!ATTRIBUTE_NAME.test(name)) report(path, `invalid attribute name "${name}": use letters, digits and _, starting with a letter`);
  if ((RESERVED_ATTRIBUTE_NAMES as readonly string[]).includes(name) && !(owner === 'component' && COMPONENT_NAMES.includes(name))) report(path, `"${name}" is a reserved attribute name`);
}

/** `pluginOptions.i18n.localized` when written. */
/**
 * A conditional field's rule (`conditions.visible`, JSON Logic, as Strapi 5's admin writes it):
 * where it is false, Strapi does not validate the field, so a required one may be left out.
 */
function visibilityRule(raw: JsonObject, path: string, warn: Report | undefined): Record<string, unknown> | undefined {
  if (!Object.prototype.hasOwnProperty.call(raw, 'conditions')) return undefined;
  const conditions = raw.conditions;
  if (!isObject(conditions) || (conditions.visible !== undefined && !isObject(conditions.visible))) {
    warn?.(`${path}.conditions`, 'cms-gen ignores conditions that are not an object whose `visible` is a JSON Logic rule (an object): the field is validated as if always shown');
    return undefined;
  }
  return isObject(conditions.visible) ? conditions.visible : undefined;
}

function i18nLocalized(raw: JsonObject, path: string, report: Report): boolean | undefined {
  const options = raw.pluginOptions;
  if (!isObject(options) || !isObject(options.i18n)) return undefined;
  const i18n = new FieldReader(options.i18n, `${path}.pluginOptions.i18n`, report);
  return i18n.has('localized') ? i18n.boolean('localized', true) : undefined;
}

/**
 * `pluginOptions["cms-gen"].renamedFrom`: the name the attribute had before. The migration then
 * renames the column, keeping its data, instead of dropping it and adding an empty one.
 */
function renamedFrom(raw: JsonObject, name: string, type: string, report: Report): string | undefined {
  const options = raw.pluginOptions;
  if (!isObject(options) || !isObject(options['cms-gen'])) return undefined;
  const path = `${attributePath(name)}.pluginOptions.cms-gen`;
  const value = options['cms-gen'].renamedFrom;
  if (value === undefined) return undefined;
  if (!isScalarType(type)) {
    report(path, 'renamedFrom applies to scalar attributes only (relations, media and components keep their rows in tables of their own)');
    return undefined;
  }
  if (typeof value !== 'string' || !ATTRIBUTE_NAME.test(value)) {
    report(path, `renamedFrom must be an attribute name (letters, digits and _, starting with a letter), got ${show(value)}`);
    return undefined;
  }
  if (value === name) {
    report(path, 'renamedFrom names the attribute itself');
    return undefined;
  }
  return value;
}

const NUMBER_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * min/max of numbers. Strapi takes a number written as a string (`"min": "-90"`; its content-type
 * builder writes biginteger bounds so), so a string of a number counts as that number.
 */
function bound(fields: FieldReader, key: 'min' | 'max', type: ScalarType): number | undefined {
  const value = fields.object[key];
  if (typeof value === 'string' && NUMBER_TEXT.test(value)) {
    const n = Number(value);
    if (type !== 'biginteger' || Number.isSafeInteger(n)) return n;
  }
  return fields.number(key);
}

function checkOrder(fields: FieldReader, low: string, high: string, lowValue?: number, highValue?: number): void {
  if (lowValue !== undefined && highValue !== undefined && lowValue > highValue) {
    fields.problem(low, `${low} (${lowValue}) is greater than ${high} (${highValue})`);
  }
}

function parseEnum(fields: FieldReader): string[] | undefined {
  const values = fields.object.enum;
  if (!Array.isArray(values) || values.length === 0 || !values.every((v): v is string => typeof v === 'string' && v !== '')) {
    fields.problem('enum', 'an enumeration needs a non-empty "enum" array of non-empty strings');
    return undefined;
  }
  const duplicate = values.find((v, i) => values.indexOf(v) !== i);
  if (duplicate !== undefined) fields.problem('enum', `value "${duplicate}" is listed twice`);
  // Strapi 5.54 refuses to boot when a value's GraphQL name starts with a digit: a content type's
  // at load ("Invalid enumeration value"), a component's when its GraphQL plugin builds the enum.
  const digit = values.find((v) => /^[0-9]/.test(graphqlEnumName(v)));
  if (digit !== undefined) {
    fields.problem('enum', `value "${digit}" is named "${graphqlEnumName(digit)}" in GraphQL, which starts with a digit (Strapi refuses to boot with it): put a letter before its first digit`);
  }
  return values;
}

function parseRegex(fields: FieldReader): string | undefined {
  const regex = fields.string('regex');
  if (regex === undefined) return undefined;
  try {
    new RegExp(regex);
    return regex;
  } catch {
    fields.problem('regex', `invalid regular expression ${show(regex)}`);
    return undefined;
  }
}

function parseScalar(common: Common, type: ScalarType, fields: FieldReader, warn?: Report): ScalarDefinition {
  const def: ScalarDefinition = { ...common, kind: 'scalar', type, unique: fields.boolean('unique', false) };
  const numeric = isNumberType(type);
  const min = numeric ? bound(fields, 'min', type) : undefined;
  const max = numeric ? bound(fields, 'max', type) : undefined;
  const minLength = fields.count('minLength');
  const maxLength = fields.count('maxLength');
  checkOrder(fields, 'min', 'max', min, max);
  checkOrder(fields, 'minLength', 'maxLength', minLength, maxLength);
  if (min !== undefined) def.min = min;
  if (max !== undefined) def.max = max;
  if (minLength !== undefined) def.minLength = minLength;
  if (maxLength !== undefined) def.maxLength = maxLength;
  const regex = parseRegex(fields);
  if (regex !== undefined) def.regex = regex;
  if (type === 'enumeration') {
    const values = parseEnum(fields);
    if (values) def.enum = values;
  }
  if (type === 'uid') {
    const targetField = fields.string('targetField');
    if (targetField !== undefined) def.targetField = targetField;
  }
  if (!fields.boolean('searchable', true)) def.searchable = false;
  if (fields.has('default') && isObject(fields.object.default) && TEMPORAL_TYPES.includes(type)) {
    // `{ "$now": true }` on a date (Rutba ERP's stock status history): Strapi 5.54 boots it; no
    // value of the type, so cms-gen writes no default for it.
    warn?.(fields.at('default'), `cms-gen ignores this default: ${show(fields.object.default)} is no ${type} value, so a create that leaves ${common.name} out leaves it empty`);
  } else if (fields.has('default')) {
    const problem = defaultValueProblem(type, fields.object.default, def);
    if (problem?.kind === 'type') fields.problem('default', problem.message);
    else {
      // A default outside the attribute's own bounds boots in Strapi, which then refuses every
      // create that leaves the attribute out (the default is validated like a sent value).
      if (problem) warn?.(fields.at('default'), `${problem.message}: every create that leaves ${common.name} out is refused, as in Strapi`);
      if (fields.object.default !== null) def.default = fields.object.default;
    }
  } else {
    const columnDefault = columnDefaultTo(fields.object);
    // Strapi's database column options (`"column": { "defaultTo": 0, "type": "decimal", "args": [12, 2] }`)
    // give the column a default, which a create that leaves the attribute out reads back (SkyTruth's
    // stats answer `protected_area: 0`). A default of the attribute's type acts as its `default`,
    // unless the attribute is required: Strapi's validator refuses the create first (`area must be
    // defined.`), the database never sees it.
    if (columnDefault !== undefined) {
      const problem = defaultValueProblem(type, columnDefault, def);
      const at = `${fields.at('column')}.defaultTo`;
      if (common.required) warn?.(at, `cms-gen ignores column.defaultTo on a required attribute (Strapi refuses a create that leaves ${common.name} out before the database sees it)`);
      else if (problem?.kind === 'type') warn?.(at, `cms-gen ignores column.defaultTo (${problem.message})`);
      else def.default = columnDefault;
    }
  }
  return def;
}

/**
 * morphToOne/morphToMany point at documents of any type: no target, no inversedBy/mappedBy.
 * morphOne/morphMany name the owning type (`target`) and its morphTo attribute (`morphBy`).
 */
function parseMorph(common: Common, kind: MorphDefinition['relation'], fields: FieldReader, context: AttributeContext): MorphDefinition | undefined {
  for (const key of ['inversedBy', 'mappedBy']) {
    if (fields.has(key)) fields.problem(key, `${kind} relations cannot have ${key} (the inverse side of a morph relation names it with morphBy)`);
  }
  if (context.owner === 'component') {
    fields.problem('relation', `${kind} relations are only allowed in content types, not in components`);
    return undefined;
  }
  if (kind === 'morphToOne' || kind === 'morphToMany') {
    if (fields.has('target')) fields.problem('target', `${kind} relations point at any content type and take no target`);
    if (fields.has('morphBy')) fields.problem('morphBy', `${kind} relations own their links and take no morphBy`);
    return { ...common, kind: 'morph', relation: kind };
  }
  const target = fields.requiredString('target', 'relation target');
  const morphBy = fields.requiredString('morphBy', 'morphBy attribute');
  return target === undefined || morphBy === undefined ? undefined : { ...common, kind: 'morph', relation: kind, target, morphBy };
}

const isMorphKind = (kind: string): kind is MorphDefinition['relation'] => MORPH_RELATION_KINDS.includes(kind);

function parseRelation(common: Common, fields: FieldReader, context: AttributeContext): RelationDefinition | MorphDefinition | undefined {
  const kind = fields.requiredString('relation', 'relation kind');
  if (kind !== undefined && isMorphKind(kind)) return parseMorph(common, kind, fields, context);
  if (fields.has('morphBy')) fields.problem('morphBy', 'morphBy applies to morphOne and morphMany relations only');
  const target = fields.requiredString('target', 'relation target');
  const inversedBy = fields.string('inversedBy');
  const mappedBy = fields.string('mappedBy');
  if (kind === undefined) return undefined;
  if (!isRelationKind(kind)) {
    fields.problem('relation', `unknown relation kind "${kind}" (expected ${[...RELATION_KINDS, ...MORPH_RELATION_KINDS].join(', ')})`);
    return undefined;
  }
  if (inversedBy !== undefined && mappedBy !== undefined) fields.problem('mappedBy', 'a relation cannot have both inversedBy and mappedBy');
  const oneSided = kind === 'oneWay' || kind === 'manyWay';
  if (oneSided && (inversedBy !== undefined || mappedBy !== undefined)) {
    fields.problem(inversedBy !== undefined ? 'inversedBy' : 'mappedBy', `${kind} relations are one-sided and cannot have inversedBy or mappedBy`);
  }
  if (target === undefined) return undefined;
  const def: RelationDefinition = { ...common, kind: 'relation', relation: kind, target };
  if (oneSided) return def;
  if (inversedBy !== undefined) def.inversedBy = inversedBy;
  else if (mappedBy !== undefined) def.mappedBy = mappedBy;
  return def;
}

function parseMedia(common: Common, fields: FieldReader): MediaDefinition {
  const allowedTypes = fields.stringArray('allowedTypes') ?? [];
  for (const [i, type] of allowedTypes.entries()) {
    if (!MEDIA_TYPES.includes(type)) fields.problem(`allowedTypes[${i}]`, `unknown media type "${type}" (expected ${MEDIA_TYPES.join(', ')})`);
  }
  return { ...common, kind: 'media', multiple: fields.boolean('multiple', false), allowedTypes: allowedTypes.filter((t) => MEDIA_TYPES.includes(t)) };
}

function countBounds(fields: FieldReader): { min?: number; max?: number } {
  const min = fields.count('min');
  const max = fields.count('max');
  checkOrder(fields, 'min', 'max', min, max);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

function parseComponentRef(common: Common, fields: FieldReader): ComponentRefDefinition | undefined {
  const component = fields.requiredString('component', 'component uid');
  const repeatable = fields.boolean('repeatable', false);
  const bounds = countBounds(fields);
  return component === undefined ? undefined : { ...common, kind: 'component', component, repeatable, ...bounds };
}

function parseDynamicZone(common: Common, fields: FieldReader, context: AttributeContext): DynamicZoneDefinition | undefined {
  if (context.owner === 'component') {
    fields.problem('type', 'dynamic zones are only allowed in content types, not in components');
    return undefined;
  }
  const components = fields.stringArray('components');
  if (components !== undefined && components.length === 0) fields.problem('components', 'a dynamic zone needs at least one component');
  for (const [i, uid] of (components ?? []).entries()) {
    if (components?.indexOf(uid) !== i) fields.problem(`components[${i}]`, `component "${uid}" is listed twice`);
  }
  if (!fields.has('components')) fields.problem('components', 'missing components list');
  const bounds = countBounds(fields);
  return components && components.length > 0 ? { ...common, kind: 'dynamiczone', components: [...new Set(components)], ...bounds } : undefined;
}

/** Parses one attribute; undefined when it is too broken to take part in cross checks. */
export function parseAttribute(name: string, raw: unknown, context: AttributeContext, report: Report): AttributeDefinition | undefined {
  checkName(name, context.owner, report);
  if (!isObject(raw)) {
    report(attributePath(name), `must be an object, got ${show(raw)}`);
    return undefined;
  }
  const typeFields = new FieldReader(raw, attributePath(name), report);
  const written = typeFields.requiredString('type', 'attribute type');
  if (written === undefined) return undefined;
  // A custom field is its registered type everywhere (validation, filters, OpenAPI, GraphQL, types).
  const type = written === 'customField' ? customFieldType(typeFields, context.customFields) : written;
  if (type === undefined) return undefined;
  if (context.warn) warnIgnoredAttributeKeys(raw, attributePath(name), context.warn);
  const fields = withoutInapplicable(raw, name, type, report, context.warn);
  const common: Common = { name, required: fields.boolean('required', false), private: fields.boolean('private', false) };
  const localized = i18nLocalized(raw, attributePath(name), report);
  if (localized !== undefined) common.i18nLocalized = localized;
  const visibleWhen = visibilityRule(raw, attributePath(name), context.warn);
  if (visibleWhen !== undefined) common.visibleWhen = visibleWhen;
  const previousName = renamedFrom(raw, name, type, report);
  if (isScalarType(type)) return { ...parseScalar(common, type, fields, context.warn), ...(previousName ? { renamedFrom: previousName } : {}) };
  switch (type) {
    case 'relation':
      return parseRelation(common, fields, context);
    case 'media':
      return parseMedia(common, fields);
    case 'component':
      return parseComponentRef(common, fields);
    case 'dynamiczone':
      return parseDynamicZone(common, fields, context);
    default:
      fields.problem('type', `unknown attribute type "${type}"`);
      return undefined;
  }
}
