// Entry point of query validation: the untrusted query of a find/findOne/write request (REST gets
// it from parseQueryString, GraphQL builds the same shape) → a DocumentQuery the SQL layer can
// trust. Parameters are checked in Strapi's order (filters, sort, fields, populate, then
// pagination), so a request with several problems reports the same one Strapi would.
// Unknown top-level parameters are ignored, like Strapi without `strictParams`, or refused with it.
import { InvalidKeyError } from '../errors';
import { PUBLICATION_FILTERS, type DocumentQuery, type PublicationFilter, type PublicationStatus } from './ast';
import { specOf, type ContentTypeQuerySpec, type QuerySpecs } from './spec';
import { invalidQuery, isRecord, type Target, type ValidationEnv } from './validate-common';
import { validateFields } from './validate-fields';
import { validateFilters } from './validate-filters';
import { validatePagination } from './validate-pagination';
import { validatePopulate } from './validate-populate';
import { validateSort } from './validate-sort';

export interface QueryValidationOptions {
  /** Page size / limit when the query gives none (Strapi `api.rest.defaultLimit`, 25). */
  defaultLimit: number;
  /** Cap of page size / limit (Strapi `api.rest.maxLimit`, 100). */
  maxLimit: number;
  /** Count the total unless `pagination[withCount]` says otherwise (Strapi `api.rest.withCount`). */
  withCount: boolean;
  /** find permission of the caller on a content type: populating a type it cannot read is dropped. */
  canRead(target: ContentTypeQuerySpec): boolean;
  /** The default locale; an absent `locale` stays undefined and the read layer applies this one. */
  defaultLocale: string;
  /** Strapi's `api.rest.strictParams`: an unknown top-level parameter is a 400, not ignored. */
  strictParams?: boolean;
}

/** The top-level parameters of a content query; anything else is unknown. */
export const QUERY_PARAMS = new Set(['filters', 'sort', 'fields', 'populate', 'pagination', 'status', 'locale', '_q', 'publicationFilter', 'hasPublishedVersion']);

/** Validates `raw` for the content type `type`, against its compiled spec in `specs`. */
export function validateDocumentQuery(raw: Record<string, unknown>, type: string, specs: QuerySpecs, options: QueryValidationOptions): DocumentQuery {
  const target = specOf(specs, type);
  if (target?.kind !== 'contentType') throw new Error(`validateDocumentQuery: unknown content type ${type}`);
  const query: Record<string, unknown> = isRecord(raw) ? raw : {};
  // `lookup` reached the database unchecked in older Strapi versions (GHSA-495j-h493-42q2): refused, not ignored.
  if (query.lookup !== undefined) throw new InvalidKeyError('lookup', null, 'query');
  if (options.strictParams) {
    const unknown = Object.keys(query).find((key) => !QUERY_PARAMS.has(key));
    if (unknown !== undefined) throw new InvalidKeyError(unknown, null, 'query');
  }
  const env: ValidationEnv = {
    canRead(spec) {
      return options.canRead(spec);
    },
    specs,
    lateValueError: {},
  };
  const filters = validateFilters(query.filters, target, env);
  const sort = validateSort(query.sort, target, env);
  const fields = validateFields(query.fields, target);
  const populate = validatePopulate(query.populate, target, env);
  if (env.lateValueError?.error) throw env.lateValueError.error;
  const pagination = validatePagination(query.pagination, options);
  const status = validateStatus(query.status);
  const publicationFilter = validatePublicationFilter(query.publicationFilter, query.hasPublishedVersion);
  const locale = validateLocale(query.locale, target);
  const search = validateSearch(query._q);
  return {
    ...(filters ? { filters } : {}),
    sort,
    ...(fields ? { fields } : {}),
    populate,
    pagination,
    status,
    ...(search !== undefined ? { search } : {}),
    ...(publicationFilter ? { publicationFilter } : {}),
    ...(locale !== undefined ? { locale } : {}),
  };
}

/**
 * A list of one value (`status[0]=draft`, `locale[0]=fr`) reads as that value, as in Strapi. Longer
 * lists stay refused: Strapi reads any status but `published` as draft (docs/rest.md, "Deliberate").
 */
function single(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

function validateStatus(raw: unknown): PublicationStatus {
  const value = single(raw);
  if (value === undefined || value === null || value === '') return 'published';
  if (value === 'published' || value === 'draft') return value;
  throw invalidQuery('status', 'Invalid status');
}

/** `_q=text`; empty means no search. A list or object (`_q[0]=a`) is refused rather than guessed at. */
function validateSearch(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidQuery('_q', 'Invalid _q: the search must be one string');
  // GraphQL reaches here without the query-string parser's NUL check; PostgreSQL cannot bind one.
  if (value.includes('\u0000')) throw invalidQuery('_q', 'Invalid _q: NUL characters (\\u0000) are not allowed');
  return value;
}

/**
 * `publicationFilter`, or the older boolean `hasPublishedVersion` it replaced (true: published in
 * some locale, false: never published in any). Kept for every type: the reads apply it to the draft
 * & publish documents they touch, root or populated (Strapi: "no effect" on other types).
 */
export function validatePublicationFilter(value: unknown, hasPublishedVersion: unknown): PublicationFilter | undefined {
  if (value !== undefined && value !== null) {
    if (typeof value === 'string' && (PUBLICATION_FILTERS as readonly string[]).includes(value)) return value as PublicationFilter;
    throw invalidQuery('publicationFilter', `Invalid value for 'publicationFilter'. Expected one of: ${PUBLICATION_FILTERS.join(', ')}.`);
  }
  if (hasPublishedVersion === undefined || hasPublishedVersion === null) return undefined;
  if (hasPublishedVersion === true || hasPublishedVersion === 'true') return 'has-published-version-document';
  if (hasPublishedVersion === false || hasPublishedVersion === 'false') return 'never-published-document';
  throw invalidQuery('hasPublishedVersion', "Invalid value for 'hasPublishedVersion'. Expected true or false.");
}

const LOCALE = /^[A-Za-z0-9_-]{1,20}$/;

/** A locale code or '*' (every locale); checked everywhere, kept only for localized types (Strapi ignores it elsewhere). */
function validateLocale(raw: unknown, target: Target): string | undefined {
  const value = single(raw);
  if (value === undefined || value === null || value === '') return undefined;
  // `locale[0]=*` is no wildcard in Strapi (it finds the locale named '*', so nothing).
  const wildcard = value === '*' && !Array.isArray(raw);
  if (typeof value !== 'string' || (!wildcard && !LOCALE.test(value))) throw invalidQuery('locale', 'Invalid locale');
  return target.kind === 'contentType' && target.localized ? value : undefined;
}
