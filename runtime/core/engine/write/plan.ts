// Validates a write payload against a content type or component and turns it into a WritePlan:
// scalar values ready to bind, and normalized relation, component, zone and media inputs.
// Messages follow the wording Strapi's validator uses, so clients matching on them keep working.
import bcrypt from 'bcrypt';
import { InvalidKeyError, ValidationError, type ValidationIssue } from '../../errors';
import type { Attribute, ComponentAttribute, DynamicZoneAttribute, ScalarAttribute } from '../../model/types';
import type { DialectName, SqlValue } from '@cms-gen/db/types';
import { encodeValue } from '../../sql/codec';
import { attributeOf, componentShape, type Shape } from '../../model/schema-index';
import type { SchemaMeta } from '../../model/types';
import { canonicalDefault, checkScalar, nullRequired } from './scalar-rules';
import { failedInStrapiOrder } from './issue-order';
import { normalizeRelationInput, type RelationInput } from './relation-input';
import { normalizeMorphInput, type MorphInput } from './morph-input';
import { inverseMorphWrite } from './morph';
import { isRowId } from '../../model/row-id';
import { printValue } from './yup-print';
import { asShown } from './visibility';

export interface ComponentEntry {
  /** Existing component row id to update in place (when it belongs to this owner and field). */
  id?: number;
  /** Component uid (for dynamic zones the entry's `__component`). */
  component: string;
  plan: WritePlan;
}

/** `{ connect, disconnect, set }` on a media attribute, as Strapi 5.54 accepts it: ids added at the end, removed, or the whole list. */
export interface MediaChange {
  set?: number[];
  connect: number[];
  disconnect: number[];
}

export interface WritePlan {
  /** column → bound value */
  scalars: Map<string, SqlValue>;
  relations: Map<string, RelationInput>;
  /** Owning sides of polymorphic relations (morph.ts). */
  morphs: Map<string, MorphInput>;
  /** null clears a single component; arrays for repeatable components and dynamic zones. */
  components: Map<string, ComponentEntry | ComponentEntry[] | null>;
  /** file ids in order (null clears), or changes to the stored list */
  media: Map<string, number[] | null | MediaChange>;
  /** Set when the plan checked every required attribute (a create, not of a draft alone): publishing it needs no second check. */
  complete?: boolean;
  /**
   * An update that publishes: what the sent values break of the rules only a published version
   * keeps, and the attributes sent. Strapi 5.54 writes the draft, then validates the whole draft
   * it publishes, so these are answered together with what the stored values break
   * (publish-check.ts, `refuseUnpublishable`), before anything is written.
   */
  unpublishable?: { issues: ValidationIssue[]; sent: ReadonlySet<string> };
}

export interface PlanOptions {
  schema: SchemaMeta;
  dialect: DialectName;
  /** create: required attributes must be present and defaults apply; update: only sent keys change. */
  mode: 'create' | 'update';
  bcryptRounds: number;
  /**
   * Set by buildWritePlan for draft & publish types: Strapi 5.54 creates their draft, then
   * validates what it publishes, so a required value left out reads as null there (`title must be
   * a \`string\` type, but the final value was: \`null\`.`), where other types say `must be defined`.
   */
  missingAsNull?: boolean;
  /**
   * The write targets the draft of a draft & publish type only (`status=draft`): as in Strapi 5,
   * required attributes may be missing or null there, and are checked when the draft is
   * published (publish-check.ts). Types, lengths and every other rule still apply.
   */
  draftOnly?: boolean;
  /** Issues Strapi raises one at a time after validation (ScalarCheck's `alone`); filled by planAttribute. */
  late?: ValidationIssue[];
  /**
   * Draft & publish types: required values left out or sent null. Strapi 5.54
   * validates the draft first (required not checked) and the published version only when the draft
   * passed, so these are answered only when nothing else was wrong (gmb.sk's `main-page.enum-invalid`).
   */
  publish?: ValidationIssue[];
  /** Planning a component entry that names an existing row (its `id`): its own `updatedAt` is renewed. */
  existingRow?: boolean;
}

/** The current time in the form a date, datetime or time attribute takes (a component's own timestamps). */
function now(type: ScalarAttribute['type']): string {
  const iso = new Date().toISOString();
  return type === 'date' ? iso.slice(0, 10) : type === 'time' ? iso.slice(11, 23) : iso;
}

/** yup's way of naming a nested value: `seo.meta_social[0].social_network`. */
export function labelOf(path: readonly string[]): string {
  let label = '';
  for (const segment of path) label = /^\d+$/.test(segment) ? `${label}[${segment}]` : label ? `${label}.${segment}` : segment;
  return label;
}

/**
 * The `path` of a refused key, as Strapi 5.54 writes it: the attributes above it without the
 * positions of list entries (`zone.dims`, not `zone.0.dims.1`); null at the top level.
 */
function keyPath(path: readonly string[]): string | null {
  const names = path.filter((segment) => !/^\d+$/.test(segment));
  return names.length > 0 ? names.join('.') : null;
}

const emptyPlan = (): WritePlan => ({ scalars: new Map(), relations: new Map(), morphs: new Map(), components: new Map(), media: new Map() });

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * Reads `{ data: {...} }`. An array `data` reaches Strapi 5.54's validator, which refuses it in yup's
 * words for a value that is not an object; anything else is its "Missing data payload" error.
 */
export function requireDataPayload(body: unknown): Record<string, unknown> {
  if (isPlainObject(body) && Array.isArray(body.data)) {
    const message = `this must be a \`object\` type, but the final value was: \`null\` (cast from the value \`${printValue(body.data)}\`).`;
    throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError', value: null }] });
  }
  if (!isPlainObject(body) || !isPlainObject(body.data)) {
    throw new ValidationError('Missing "data" payload in the request body');
  }
  return body.data;
}

export async function buildWritePlan(data: Record<string, unknown>, shape: Shape, options: PlanOptions): Promise<WritePlan> {
  const issues: ValidationIssue[] = [];
  const late: ValidationIssue[] = [];
  const missingAsNull = shape.kind === 'contentType' && shape.meta.draftAndPublish;
  const publish: ValidationIssue[] = [];
  const plan = await planShape(data, shape, { ...options, missingAsNull, late, publish: missingAsNull ? publish : undefined }, [], issues);
  if (issues.length > 0) throw failedInStrapiOrder(issues, shape.meta.attributes);
  // Strapi 5.54 answers the first of these alone, with empty details.
  if (late.length > 0) throw new ValidationError(late[0].message);
  if (publish.length > 0) {
    if (options.mode === 'create') throw failedInStrapiOrder(publish, shape.meta.attributes);
    plan.unpublishable = { issues: publish, sent: new Set(Object.keys(data)) };
  }
  if (options.mode === 'create' && !options.draftOnly) plan.complete = true;
  return plan;
}

/**
 * Keys of a document's data that Strapi accepts and ignores: `publishedAt` (the status decides;
 * Strapi 4 clients send `publishedAt: null`) and `locale` (the query's locale decides).
 */
const IGNORED_DOCUMENT_KEYS: ReadonlySet<string> = new Set(['publishedAt', 'locale']);

/** Attributes every Strapi content type has but no client may write: refused with the key as `path`. */
const NON_WRITABLE_KEYS: ReadonlySet<string> = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'localizations']);

/** Strapi 5.54's details for a key of a document's data that is refused: `id` and `documentId` carry no path. */
function documentKeyError(key: string): InvalidKeyError {
  const error = new InvalidKeyError(key, null, 'body');
  if (key === 'id' || key === 'documentId') delete error.details.path;
  else if (NON_WRITABLE_KEYS.has(key)) error.details.path = key;
  return error;
}

async function planShape(data: Record<string, unknown>, shape: Shape, options: PlanOptions, path: string[], issues: ValidationIssue[]): Promise<WritePlan> {
  const plan = emptyPlan();
  for (const key of Object.keys(data)) {
    // Private attributes and relations are writable, as in Strapi: private means never returned.
    if (attributeOf(shape, key)) continue;
    // Components may carry their own id (to keep the row) and, in zones, `__component`.
    if (shape.kind === 'component' && (key === 'id' || key === '__component')) continue;
    if (shape.kind === 'contentType' && IGNORED_DOCUMENT_KEYS.has(key)) continue;
    if (path.length === 0 && shape.kind === 'contentType') {
      const error = documentKeyError(key);
      // A declared relation the content API does not write (ContentTypeMeta.unexposed) is named like an attribute.
      if (shape.meta.unexposed?.includes(key)) error.details.path = key;
      throw error;
    }
    throw new InvalidKeyError(key, keyPath(path), 'body');
  }
  // What a conditional field's rule reads (visibility.ts; TourmalineCore's navigation `link`): the
  // data sent; for a draft & publish document Strapi checks the version it wrote, so the schema's
  // defaults fill in what was left out of a create.
  const shown = options.missingAsNull && options.mode === 'create' ? withDefaults(shape, data) : data;
  for (const declared of Object.values(shape.meta.attributes)) {
    const attribute = asShown(declared, shown);
    const present = Object.prototype.hasOwnProperty.call(data, attribute.name);
    const value = data[attribute.name];
    const attrPath = [...path, attribute.name];
    if (!present) {
      if (options.mode === 'create') applyDefault(attribute, plan, attrPath, options, issues);
      continue;
    }
    await planAttribute(attribute, value, shape, plan, options, attrPath, issues);
  }
  return plan;
}

/** `data` with the scalar defaults of what it leaves out (only where a conditional field may read them). */
function withDefaults(shape: Shape, data: Record<string, unknown>): Record<string, unknown> {
  const attributes = Object.values(shape.meta.attributes);
  if (!attributes.some((a) => a.visibleWhen)) return data;
  const out = { ...data };
  for (const a of attributes) if (a.kind === 'scalar' && a.default !== undefined && !Object.prototype.hasOwnProperty.call(out, a.name)) out[a.name] = a.default;
  return out;
}

/**
 * yup's words for a required single component that is null where a draft & publish type's
 * published version is checked: Strapi 5.54 creates the draft, then validates what it publishes
 * (PLUTO's questions without `metadata`, test/pluto).
 */
export const objectNull = (label: string): string => `${label} must be a \`object\` type, but the final value was: \`null\`.`;

function applyDefault(attribute: Attribute, plan: WritePlan, path: string[], options: PlanOptions, issues: ValidationIssue[]): void {
  if (attribute.kind === 'scalar' && attribute.timestamp !== undefined) {
    plan.scalars.set(attribute.column, encodeValue(attribute.type, now(attribute.type), options.dialect));
    return;
  }
  if (attribute.kind === 'scalar' && attribute.default !== undefined) {
    // Strapi validates the default like a sent value: a schema whose default breaks its own
    // bounds (`"min": 1, "default": 0`) boots, and every create that leaves the field out is refused.
    const checked = checkScalar(attribute, attribute.default, labelOf(path));
    if ('issue' in checked) issues.push({ path, message: checked.issue, name: 'ValidationError', value: attribute.default });
    plan.scalars.set(attribute.column, encodeValue(attribute.type, canonicalDefault(attribute), options.dialect));
    return;
  }
  // A required repeatable component must be sent on create, even to a draft (an empty list will
  // do): Strapi 5.54 checks it before the draft is written, so it is the draft's error, not the
  // publication's (side by side on PLUTO's questions: test/pluto).
  if (attribute.required && attribute.kind === 'component' && attribute.repeatable) {
    issues.push({ path, message: `${labelOf(path)} must be defined.`, name: 'ValidationError', value: undefined });
    return;
  }
  // Strapi does not require relations (morph ones included) or media on create (a required media may be left out).
  if (attribute.required && attribute.kind !== 'relation' && attribute.kind !== 'morph' && attribute.kind !== 'media' && !options.draftOnly) {
    if (attribute.kind === 'scalar' && options.missingAsNull) (options.publish ?? issues).push({ path, message: nullRequired(attribute, labelOf(path)), name: 'ValidationError', value: null });
    else if (attribute.kind === 'component' && options.missingAsNull) (options.publish ?? issues).push({ path, message: objectNull(labelOf(path)), name: 'ValidationError', value: null });
    else (options.publish ?? issues).push({ path, message: `${labelOf(path)} must be defined.`, name: 'ValidationError', value: undefined });
  }
}

async function planAttribute(attribute: Attribute, value: unknown, shape: Shape, plan: WritePlan, options: PlanOptions, path: string[], issues: ValidationIssue[]): Promise<void> {
  const label = labelOf(path);
  switch (attribute.kind) {
    case 'scalar': {
      if (attribute.timestamp === 'updatedAt' && options.existingRow) {
        plan.scalars.set(attribute.column, encodeValue(attribute.type, now(attribute.type), options.dialect));
        return;
      }
      if (options.draftOnly && (value === null || value === undefined)) {
        plan.scalars.set(attribute.column, null);
        return;
      }
      const checked = checkScalar(attribute, value, label);
      if ('issue' in checked && checked.publishOnly) {
        // A draft keeps it; publishing refuses it (publish-check.ts reads it again from the draft).
        if (options.draftOnly) plan.scalars.set(attribute.column, await storedScalar(attribute, value, options));
        else (options.publish ?? issues).push({ path, message: checked.issue, name: 'ValidationError', value });
        return;
      }
      if ('issue' in checked && checked.alone && options.late) {
        options.late.push({ path, message: checked.issue, name: 'ValidationError', value });
        return;
      }
      // A required value sent null passes the draft's validation (every value is nullable there)
      // and fails what is published, with the other rules drafts are spared (parity-a's
      // `two-errors`: a null title and views under `min`, answered together).
      if ('issue' in checked && value === null && attribute.required && options.publish) {
        options.publish.push({ path, message: checked.issue, name: 'ValidationError', value: null });
        return;
      }
      if ('issue' in checked && checked.nested) {
        for (const nested of checked.nested) {
          issues.push({ path: [...path, ...nested.at.map(String)], message: nested.message, name: 'ValidationError', ...('value' in nested ? { value: nested.value } : {}) });
        }
        return;
      }
      if ('issue' in checked) {
        issues.push({ path, message: checked.issue, name: 'ValidationError', value: checked.reported === null ? null : value });
        return;
      }
      plan.scalars.set(attribute.column, await storedScalar(attribute, checked.value, options));
      return;
    }
    case 'relation': {
      const normalized = normalizeRelationInput(value, attribute.toMany, label);
      if ('issue' in normalized) issues.push({ path, message: normalized.issue, name: 'ValidationError', value });
      else plan.relations.set(attribute.name, normalized);
      return;
    }
    case 'morph': {
      if (!attribute.owner) throw inverseMorphWrite(attribute, path);
      const normalized = normalizeMorphInput(value, attribute.toMany, label, options.schema);
      if ('invalidKey' in normalized) throw new InvalidKeyError(attribute.name, keyPath(path.slice(0, -1)), 'body');
      if ('issue' in normalized) issues.push({ path, message: normalized.issue, name: 'ValidationError', value });
      else plan.morphs.set(attribute.name, normalized);
      return;
    }
    case 'media': {
      // Strapi 5.54 names a key of a media change it does not know as a refused key at the attribute.
      const stray = isPlainObject(value) && !('id' in value) ? Object.keys(value).find((key) => !MEDIA_CHANGE_KEYS.includes(key)) : undefined;
      if (stray !== undefined) throw new InvalidKeyError(stray, keyPath(path), 'body');
      const ids = mediaIds(value, attribute.multiple);
      if (ids === 'invalid') issues.push({ path, message: `${label} must be ${attribute.multiple ? 'an array of file ids' : 'a file id'}`, name: 'ValidationError', value });
      else if (attribute.required && !options.draftOnly && (ids === null || (Array.isArray(ids) && ids.length === 0))) issues.push({ path, message: `${label} must be defined.`, name: 'ValidationError', value });
      else plan.media.set(attribute.name, ids);
      return;
    }
    case 'component': {
      if (value === null) {
        // A required repeatable component is an array that must not be null, drafts included
        // (Strapi 5.54, side by side on PLUTO's questions: test/pluto).
        if (attribute.required && attribute.repeatable) issues.push({ path, message: `${label} must be a \`array\` type, but the final value was: \`null\`.`, name: 'ValidationError', value });
        else if (attribute.required && !options.draftOnly && options.missingAsNull) (options.publish ?? issues).push({ path, message: objectNull(label), name: 'ValidationError', value });
        else if (attribute.required && !options.draftOnly) issues.push({ path, message: `${label} must be defined.`, name: 'ValidationError', value });
        else plan.components.set(attribute.name, attribute.repeatable ? [] : null);
        return;
      }
      const target = componentShape(options.schema, attribute.component);
      if (attribute.repeatable) {
        if (!Array.isArray(value)) {
          issues.push({ path, message: `${label} must be an array`, name: 'ValidationError', value });
          return;
        }
        checkCount(value, attribute, label, path, options, issues);
        const entries: ComponentEntry[] = [];
        for (let i = 0; i < value.length; i++) {
          const entry = await planComponentEntry(value[i], attribute.component, target, options, [...path, String(i)], issues);
          if (entry) entries.push(entry);
        }
        plan.components.set(attribute.name, entries);
      } else {
        const entry = await planComponentEntry(value, attribute.component, target, options, path, issues);
        if (entry) plan.components.set(attribute.name, entry);
      }
      return;
    }
    case 'dynamiczone': {
      if (value === null) value = [];
      if (!Array.isArray(value)) {
        issues.push({ path, message: `${label} must be an array`, name: 'ValidationError', value });
        return;
      }
      checkCount(value, attribute, label, path, options, issues);
      const entries: ComponentEntry[] = [];
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        const entryPath = [...path, String(i)];
        const uid = isPlainObject(item) ? item.__component : undefined;
        // A component of the app that this zone does not list: Strapi 5.54 drops the entry and
        // writes the rest (FoodAdvisor's answers, test/foodadvisor: `blocks.hero` sent to a
        // restaurant's blocks is a 201 with no such block).
        if (typeof uid === 'string' && !attribute.components.includes(uid) && Object.hasOwn(options.schema.components, uid)) continue;
        if (typeof uid !== 'string' || !attribute.components.includes(uid)) {
          // yup's words, as Strapi 5.54 answers (which lists every component of the app, and adds
          // an internal relations error; the zone's own components are what a client can send).
          const message =
            typeof uid !== 'string'
              ? `${labelOf(entryPath)}.__component is a required field`
              : `${labelOf(entryPath)}.__component must be one of the following values: ${attribute.components.join(', ')}`;
          issues.push({ path: [...entryPath, '__component'], message, name: 'ValidationError', value: uid });
          continue;
        }
        const entry = await planComponentEntry(item, uid, componentShape(options.schema, uid), options, entryPath, issues);
        if (entry) entries.push(entry);
      }
      plan.components.set(attribute.name, entries);
      return;
    }
  }
}

/**
 * `min` and `max` of a repeatable component or dynamic zone, in yup's words. Strapi 5.54 applies
 * them to what is published only (a draft keeps any number; publish-check.ts counts again), and
 * `min` only when the attribute is required or the list is not empty (easyfest's homepage,
 * test/easyfest: `accommodation_section.places field must have at least 1 items`).
 */
function checkCount(list: unknown[], attribute: ComponentAttribute | DynamicZoneAttribute, label: string, path: string[], options: PlanOptions, issues: ValidationIssue[]): void {
  if (options.draftOnly) return;
  const issue = countIssue(list.length, attribute, label);
  if (issue) (options.publish ?? issues).push({ path, message: issue, name: 'ValidationError', value: list });
}

/** What a list of `count` entries breaks of its attribute's `min` and `max` (see checkCount). */
export function countIssue(count: number, attribute: ComponentAttribute | DynamicZoneAttribute, label: string): string | undefined {
  if (attribute.min !== undefined && (attribute.required || count > 0) && count < attribute.min) return `${label} field must have at least ${attribute.min} items`;
  if (attribute.max !== undefined && count > attribute.max) return `${label} field must have less than or equal to ${attribute.max} items`;
  return undefined;
}

async function planComponentEntry(value: unknown, uid: string, target: Shape, options: PlanOptions, path: string[], issues: ValidationIssue[]): Promise<ComponentEntry | undefined> {
  if (!isPlainObject(value)) {
    issues.push({ path, message: `${labelOf(path)} must be an object`, name: 'ValidationError', value });
    return undefined;
  }
  // A component is written as a whole: every field not sent gets its default or null.
  const id = typeof value.id === 'number' && Number.isInteger(value.id) ? value.id : undefined;
  const plan = await planShape(value, target, { ...options, mode: 'create', existingRow: id !== undefined }, path, issues);
  return { id, component: uid, plan };
}

const MEDIA_CHANGE_KEYS = ['connect', 'disconnect', 'set'];

function mediaIds(value: unknown, multiple: boolean): number[] | null | MediaChange | 'invalid' {
  if (value === null) return null;
  // File ids are 32-bit columns: a larger one is a driver error on PostgreSQL (a 500), not a miss.
  const isFileId = isRowId;
  const toId = (v: unknown): number | undefined => {
    if (typeof v === 'number' && isFileId(v)) return v;
    if (typeof v === 'string' && /^\d+$/.test(v) && isFileId(Number(v))) return Number(v);
    if (isPlainObject(v)) return toId(v.id);
    return undefined;
  };
  if (isPlainObject(value) && !('id' in value)) {
    // An empty object empties the list, as in Strapi 5.54.
    if (Object.keys(value).length === 0) return { set: [], connect: [], disconnect: [] };
    const list = (v: unknown): number[] | undefined => {
      const ids = (v === undefined ? [] : Array.isArray(v) ? v : [v]).map(toId);
      return ids.some((id) => id === undefined) ? undefined : (ids as number[]);
    };
    const [connect, disconnect] = [list(value.connect), list(value.disconnect)];
    const set = value.set === undefined ? undefined : list(value.set);
    if (!connect || !disconnect || (value.set !== undefined && !set)) return 'invalid';
    return { ...(set ? { set } : {}), connect, disconnect };
  }
  if (multiple) {
    if (!Array.isArray(value)) {
      const one = toId(value);
      return one === undefined ? 'invalid' : [one];
    }
    const ids = value.map(toId);
    return ids.some((id) => id === undefined) ? 'invalid' : (ids as number[]);
  }
  const id = toId(Array.isArray(value) && value.length === 1 ? value[0] : value);
  return id === undefined ? 'invalid' : [id];
}

async function storedScalar(attribute: ScalarAttribute, value: unknown, options: PlanOptions): Promise<SqlValue> {
  if (attribute.type === 'password' && typeof value === 'string') return bcrypt.hash(value, options.bcryptRounds);
  return encodeValue(attribute.type, value, options.dialect);
}
