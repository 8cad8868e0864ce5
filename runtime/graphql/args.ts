// GraphQL arguments → the raw, Strapi-shaped query and body the operation layer takes (the same
// shape REST gets from qs), so both transports go through one validation. GraphQL's own syntax
// is translated here and nothing more: `{ title: { eq: "x" }, or: [...] }` becomes
// `{ title: { $eq: "x" }, $or: [...] }`; limits and defaults are applied to pagination. `filters`
// and `sort` first meet REST's bounds on query parameters (argument-bounds.ts), so the recursive
// conversion below only ever sees what a query string could carry.
import type { SchemaMeta } from '@cms-gen/core/model/types';
import type { RawQuery } from '@cms-gen/core/engine/types';
import type { PublicationFilter } from '@cms-gen/core/query/ast';
import { validatePublicationFilter } from '@cms-gen/core/query/validate';
import { attributeOf, componentShape, contentTypeShape, FILE_UID, type Shape } from '@cms-gen/core/model/schema-index';
import { checkArgumentBounds } from './argument-bounds';

/** PaginationArg as GraphQL hands it over (every key optional, explicit nulls allowed). */
export interface PaginationInput {
  page?: number | null;
  pageSize?: number | null;
  start?: number | null;
  limit?: number | null;
}

export type PublicationStatusValue = 'draft' | 'published';

/** Arguments of list queries and to-many fields (each generated field takes a subset). */
export interface ListArgs {
  filters?: object | null;
  pagination?: PaginationInput | null;
  sort?: readonly (string | null)[] | string | null;
  /** `draft` or `published` (the PublicationStatus enum's values). */
  status?: string | null;
  /** v4 compatibility: `live` or `preview` (the PublicationState enum's values). */
  publicationState?: string | null;
  /** The PublicationFilter enum's values (`never-published`, …), as REST's `publicationFilter`. */
  publicationFilter?: string | null;
  /** Deprecated boolean form of publicationFilter (true: published in some locale). */
  hasPublishedVersion?: boolean | null;
  locale?: string | null;
}

/** How a root query reads: which version, and which documents (cascaded into its relations). */
export interface Reading {
  status: PublicationStatusValue;
  publicationFilter?: PublicationFilter;
}

export interface GraphqlLimits {
  /** Items of a list when the query gives no size (Strapi `defaultLimit`, 10). */
  defaultLimit: number;
  /** Largest page size / limit, top level and nested (Strapi `amountLimit`/`maxLimit`). */
  amountLimit: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Own keys with a defined value (TypeGraphQL hands input objects over as class instances). */
function entries(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

/** The shape a filter key traverses into, when it names a relation, media or component. */
function traversed(schema: SchemaMeta, shape: Shape, key: string): Shape | undefined {
  const attribute = attributeOf(shape, key);
  if (!attribute) return undefined;
  if (attribute.kind === 'relation') return schema.contentTypes[attribute.target] ? contentTypeShape(schema, attribute.target) : undefined;
  if (attribute.kind === 'component') return schema.components[attribute.component] ? componentShape(schema, attribute.component) : undefined;
  if (attribute.kind === 'media') return schema.contentTypes[FILE_UID] ? contentTypeShape(schema, FILE_UID) : undefined;
  return undefined;
}

/** `<Type>FiltersInput` → REST filters, within REST's bounds. Unknown keys pass through for the validator to refuse. */
export function toRawFilters(value: unknown, shape: Shape, schema: SchemaMeta): unknown {
  checkArgumentBounds('filters', value);
  return convertFilters(value, shape, schema);
}

function convertFilters(value: unknown, shape: Shape, schema: SchemaMeta): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries(value)) {
    if (key === 'and' || key === 'or') {
      out[`$${key}`] = (Array.isArray(item) ? item : [item]).map((v) => convertFilters(v, shape, schema));
    } else if (key === 'not') {
      out.$not = convertFilters(item, shape, schema);
    } else {
      const next = traversed(schema, shape, key);
      out[key] = next ? convertFilters(item, next, schema) : toRawCondition(item);
    }
  }
  return out;
}

/** `<Scalar>FilterInput` → REST operators: `{ eq: 1, not: { in: [2] } }` → `{ $eq: 1, $not: { $in: [2] } }`. */
function toRawCondition(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [op, operand] of entries(value)) out[`$${op}`] = op === 'not' ? toRawCondition(operand) : operand;
  return out;
}

const given = (value: number | null | undefined): value is number => value !== undefined && value !== null;

/** Sizes above the limit are capped silently (Strapi); -1 asks for as many as allowed. */
function capSize(size: number, limits: GraphqlLimits): number {
  return size === -1 || size > limits.amountLimit ? limits.amountLimit : size;
}

/**
 * PaginationArg → REST pagination with GraphQL's defaults: `defaultLimit` items when no size is
 * given (REST's default is 25), every size capped by `amountLimit`. Mixed page and offset keys go
 * through unchanged so the validator reports Strapi's PaginationError.
 */
export function toRawPagination(input: PaginationInput | null | undefined, limits: GraphqlLimits, withCount: boolean): Record<string, unknown> {
  const p = input ?? {};
  const pageMode = given(p.page) || given(p.pageSize);
  const offsetMode = given(p.start) || given(p.limit);
  if (pageMode && offsetMode) return { page: p.page, pageSize: p.pageSize, start: p.start, limit: p.limit, withCount };
  if (offsetMode) return { start: p.start ?? 0, limit: capSize(given(p.limit) ? p.limit : limits.defaultLimit, limits), withCount };
  return { page: p.page ?? 1, pageSize: capSize(given(p.pageSize) ? p.pageSize : limits.defaultLimit, limits), withCount };
}

/** `sort: ["views:desc", "title"]`, or a single string (GraphQL coerces it into a list anyway). */
export function toRawSort(sort: ListArgs['sort']): string[] | undefined {
  if (sort === undefined || sort === null) return undefined;
  checkArgumentBounds('sort', sort);
  const items = (typeof sort === 'string' ? [sort] : sort).filter((s): s is string => typeof s === 'string' && s !== '');
  return items.length > 0 ? items : undefined;
}

/** v5 `status`, or the v4 `publicationState` (PREVIEW shows drafts, the nearest v5 reading). */
export function statusOf(args: Pick<ListArgs, 'status' | 'publicationState'>): PublicationStatusValue {
  if (args.status === 'draft' || args.publicationState === 'preview') return 'draft';
  return 'published';
}

type ReadingArgs = Pick<ListArgs, 'status' | 'publicationState' | 'publicationFilter' | 'hasPublishedVersion'>;

/** `publicationFilter`, else `hasPublishedVersion` read as REST reads it (the enum makes it valid). */
export function publicationFilterOf(args: ReadingArgs): PublicationFilter | undefined {
  return validatePublicationFilter(args.publicationFilter, args.hasPublishedVersion);
}

export function readingOf(args: ReadingArgs): Reading {
  const publicationFilter = publicationFilterOf(args);
  return publicationFilter ? { status: statusOf(args), publicationFilter } : { status: statusOf(args) };
}

function withReading(raw: RawQuery, args: ReadingArgs): RawQuery {
  const publicationFilter = publicationFilterOf(args);
  if (publicationFilter) raw.publicationFilter = publicationFilter;
  return raw;
}

/** The raw query of a list query or a to-many field. */
export function toRawListQuery(args: ListArgs, shape: Shape, schema: SchemaMeta, limits: GraphqlLimits, withCount: boolean): RawQuery {
  const raw: RawQuery = withReading({ pagination: toRawPagination(args.pagination, limits, withCount), status: statusOf(args) }, args);
  if (args.filters !== undefined && args.filters !== null) raw.filters = toRawFilters(args.filters, shape, schema);
  const sort = toRawSort(args.sort);
  if (sort) raw.sort = sort;
  if (args.locale !== undefined && args.locale !== null) raw.locale = args.locale;
  return raw;
}

/** The raw query of a single-document query or a mutation: status, publication filter and locale. */
export function toRawDocumentQuery(args: ReadingArgs & Pick<ListArgs, 'locale'>): RawQuery {
  const raw: RawQuery = withReading({ status: statusOf(args) }, args);
  if (args.locale !== undefined && args.locale !== null) raw.locale = args.locale;
  return raw;
}

/**
 * A mutation's `data` → the REST body's `data`: plain objects (the write layer checks prototypes),
 * undefined keys dropped, and component ids (GraphQL `ID`, a string) as the numbers REST sends.
 */
export function toPlainInput(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlainInput);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries(value)) {
    out[key] = key === 'id' && typeof item === 'string' && /^\d{1,15}$/.test(item) ? Number(item) : toPlainInput(item);
  }
  return out;
}
