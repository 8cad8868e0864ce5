// A content type's filter/populate compiler: what turns a query on the type (filters, sort, fields,
// populate, pagination, status, locale) into the engine's DocumentQuery, checked against the type's
// query spec. The specs are derived once from the schema at start (query/compile-specs.ts); a
// generated app registers one compiler per api:: type (src/api/<api>/query.ts) and the engine
// parses every query on that type, from any transport, after the Document Service middlewares, with it.
import type { Registry } from '@cms-gen/types/typed-registry';
import type { DocumentQuery } from '../query/ast';
import type { QuerySpecs } from '../query/spec';
import { validateDocumentQuery, type QueryValidationOptions } from '../query/validate';
import type { RawQuery } from '../engine/types';
import type { Params } from './typed-service';

/** A compiler as the engine holds it, whatever its type: it compiles what a request or a middleware left. */
export interface AnyQueryCompiler {
  readonly uid: string;
  compile(query: RawQuery, specs: QuerySpecs, options: QueryValidationOptions): DocumentQuery;
}

export interface QueryCompiler<R extends Registry = Registry, U extends keyof R & string = keyof R & string> extends AnyQueryCompiler {
  readonly uid: U;
  /**
   * Checks `query` against the spec of `uid` in `specs` and compiles it; a key the spec refuses is
   * a 400. It takes the type's params as server code writes them, or a request's parsed query
   * string, which nothing has checked yet.
   */
  compile(query: Params<R, U> | RawQuery, specs: QuerySpecs, options: QueryValidationOptions): DocumentQuery;
}

/** The filter/populate compiler of the content type `uid` of the registry `R`. */
export function queryCompiler<R extends Registry = Registry, U extends keyof R & string = keyof R & string>(uid: U): QueryCompiler<R, U> {
  return { uid, compile: (query, specs, options) => validateDocumentQuery(query as RawQuery, uid, specs, options) };
}
