// One content type's generated REST layer as src/main.ts hands it to the runtime: its core routes,
// the factories of its controller and service, which receive the `strapi` object, and the
// filter/populate compiler the engine parses its queries with.
import type { AnyQueryCompiler } from '@cms-gen/core/documents/query-compiler';
import type { CoreRoutes } from './core-types';
import type { StrapiApp } from './strapi';

/** How the emitted controller.ts / service.ts build the default of their type. */
export type CoreFactory<T> = (app: { strapi: StrapiApp }) => T;

/** One content type's generated REST layer, as src/main.ts lists it. */
export interface ContentApi {
  routes: CoreRoutes;
  controller: CoreFactory<object>;
  service: CoreFactory<object>;
  /** The type's filter/populate compiler (src/api/<api>/query.ts); the generic one when absent. */
  query?: AnyQueryCompiler;
}
