// The shapes of REST answers and of the query parameters REST takes (Strapi 5's flat format).
import type { Filters, Registry, Sort } from '@cms-gen/types';

/** Page or offset pagination. */
export type Pagination = { page?: number; pageSize?: number; withCount?: boolean } | { start?: number; limit?: number; withCount?: boolean };

/** `meta.pagination` of a list, in the mode the request used (`total` is absent with `withCount: false`). */
export type PaginationMeta = { page: number; pageSize: number; pageCount: number; total: number } | { start: number; limit: number; total: number };

export interface ListResponse<T> {
  data: T[];
  meta: { pagination: PaginationMeta };
}

export interface DocumentResponse<T> {
  data: T;
  meta: Record<string, unknown>;
}

/** Which version to read or write, and in which locale (every content route takes these). */
export interface ReadParams {
  /** `published` (the default) or `draft`. */
  status?: 'draft' | 'published';
  /** A locale code, or '*' for every locale on lists. */
  locale?: string;
}

/** What narrows a list: filters, search, order and pagination. */
export interface ListParams<R extends Registry, U extends keyof R> extends ReadParams {
  filters?: Filters<R, U>;
  sort?: Sort<R, U>;
  pagination?: Pagination;
  /** Text search over the string-like attributes. */
  _q?: string;
}
