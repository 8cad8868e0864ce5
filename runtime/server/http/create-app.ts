// The Express application around the generated routers: security and CORS headers, health check,
// JSON bodies, authentication, query parsing, the `/api` routes, 404 and the error envelope.
//
// Order, and why:
//   0. request log                 first, so every request gets an id and one line, whatever answers it
//   1. security headers + CORS     every response carries them, errors and 404s included
//   2. OPTIONS → 204, GET /_health → 204, GET /_ready   answered before any parsing or authentication
//   3. JSON body parser            a malformed body is a 400 whatever the route (as in Strapi)
//      (0–3 are one middleware, preamble.ts: nothing can run between them)
//      then the app's global middlewares (config/middlewares), in their listed order
//   4. root routes                 mounted outside the prefix (GraphQL, /uploads); they authenticate
//                                  themselves with `authenticateRequest` if they need a caller
//   5. under the prefix: refuse NUL characters and over-deep bodies (input-guard.ts),
//                                  authenticate, parse the query (one middleware), the routers
//   6. 404 for anything unmatched, then the error handler
// The routers of 4 and 5 are entered only when one of their routes can match the path
// (router-index.ts): the order and the answers are those of routers mounted one by one.
import express, { type Express, type RequestHandler, type Router } from 'express';
import { parseQueryString } from '@cms-gen/core/query/parse-query-string';
import { cachedQueryParser } from '@cms-gen/core/query/query-string-cache';
import { type SecurityHeaderOptions } from './security-headers';
import { type RequestLine } from './request-log';
import { type CorsOptions } from './cors';
import { apiRequestContext, type Authenticate, type QueryParser } from './request-context';
import { errorHandler, notFound, type HttpLogger } from './http-errors';
import { type Readiness } from './readiness';
import { responsePreamble } from './preamble';
import { apiMount } from './api-mount';
import { indexedRouters, type PathMatcher } from './router-index';

export interface HttpAppOptions {
  /** Routers of the content API, mounted under `prefix` (a route table counts as one: route-table.ts). */
  routes: Array<Router | PathMatcher>;
  /** Resolves the caller of every request under `prefix` (errors such as 401 become envelopes). */
  authenticate: Authenticate;
  /** Receives unexpected errors (answered 500). */
  logger: HttpLogger;
  /** REST prefix; Strapi's `api.rest.prefix`. */
  prefix?: string;
  /** Routers mounted at the root, outside the prefix (e.g. `/graphql`, `/uploads`). */
  rootRoutes?: Router[];
  /** Largest JSON body, bytes or a string such as '1mb' (Strapi's `jsonLimit`). */
  jsonLimit?: number | string;
  /** Trust X-Forwarded-* headers (server.proxy). */
  proxy?: boolean;
  cors?: CorsOptions;
  /** The security headers (strapi::security) and X-Powered-By (strapi::poweredBy). */
  security?: SecurityHeaderOptions;
  /** Receives one line per request (strapi::logger); without it none is written. Every response carries X-Request-Id. */
  requestLog?: (line: RequestLine) => void;
  /** Query string parser; the runtime's Strapi-compatible one unless a test swaps it. */
  parseQuery?: QueryParser;
  /** Answers GET /_ready (readiness.ts); without it the route is not served. */
  readiness?: Readiness;
  /** The app's global middlewares (config/middlewares), run after body parsing, before any route. */
  middlewares?: RequestHandler[];
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  // Each app keeps its own parsed query strings (query-string-cache.ts).
  const parseQuery = options.parseQuery ?? cachedQueryParser(parseQueryString);

  // We are not Strapi and need not advertise what we are.
  app.disable('x-powered-by');
  // Strapi sends no ETag; Express's default would hash every body that goes through res.send.
  app.set('etag', false);
  app.set('trust proxy', options.proxy === true);
  // For code that reads req.query (plugins); our routes read res.locals.query, parsed once.
  // Express calls it with null when the URL has no query string.
  app.set('query parser', (raw: string | null) => (raw ? parseQuery(raw) : {}));

  app.use(
    responsePreamble({ requestLog: options.requestLog, security: options.security, cors: options.cors, readiness: options.readiness, jsonLimit: options.jsonLimit, proxy: options.proxy === true }),
  );
  for (const middleware of options.middlewares ?? []) app.use(middleware);
  if (options.rootRoutes?.length) app.use(indexedRouters(options.rootRoutes));

  // The prefix is matched and stripped once (api-mount.ts), then the caller and the query, then the routers.
  app.use(apiMount(options.prefix ?? '/api', [apiRequestContext(options.authenticate, parseQuery), indexedRouters(options.routes)]));

  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}
