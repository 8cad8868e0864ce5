// The `ctx` a controller action, policy or route middleware receives: the parts of Strapi's Koa
// context that user code reads and writes (query, params, request.body, state.user/auth, body,
// status, headers, the error helpers), over Express's req/res. Nothing is sent while the route's
// chain runs: the runner sends `ctx.body` once the chain has finished, so a middleware can still
// change the answer after `await next()`, as in Koa.
import type { Request, Response } from 'express';
import type { AuthContext, Document, RawQuery } from '@cms-gen/core/engine/types';
import { BadRequestError } from './errors';
import { ForbiddenError, NotFoundError, UnauthorizedError, type ErrorDetails } from '@cms-gen/core/errors';

/** What a core service method takes: the Strapi query plus, from a controller, the caller. */
export type ServiceParams = RawQuery & {
  /** The caller; when absent the call is trusted server code (no permission check). */
  auth?: AuthContext;
  data?: unknown;
};

export interface RequestState {
  /** The authenticated user (sanitized), when the caller is a user. */
  user?: Document & { id: number };
  /** The caller, as the permission checks see it (set on content-API routes; global middlewares run before authentication). */
  auth?: AuthContext;
  /** Free for user middlewares and policies to share values with the action. */
  [key: string]: unknown;
}

export class RequestContext {
  /** The response body; set it, or return a value from the action. Undefined sends no body. */
  body: unknown = undefined;
  /** The response status; unset means 200 with a body, 204 without one. */
  status: number | undefined = undefined;
  readonly state: RequestState;
  private requestView: RequestContext['request'] | undefined = undefined;

  constructor(
    readonly req: Request,
    readonly res: Response,
    auth: AuthContext | undefined,
  ) {
    // One state per request, shared by the global middlewares, the policies and the action.
    const locals = res.locals as { customState?: RequestState };
    this.state = locals.customState ??= { auth: undefined };
    if (auth) {
      this.state.auth = auth;
      this.state.user = auth.user;
    }
  }

  /** Koa's `ctx.request`: the body, headers, method and URL (built on first read). */
  get request(): { readonly body: unknown; readonly headers: Request['headers']; readonly method: string; readonly url: string } {
    const req = this.req;
    return (this.requestView ??= { body: req.body as unknown, headers: req.headers, method: req.method, url: req.originalUrl });
  }

  /** The parsed query string (Strapi's qs shape); a fresh object per request. */
  get query(): RawQuery {
    return (this.res.locals as { query?: RawQuery }).query ?? (this.req.query as RawQuery);
  }

  /** Path parameters of the matched route (`:documentId`, `:slug`...). */
  get params(): Record<string, string> {
    return this.req.params as Record<string, string>;
  }

  get method(): string {
    return this.req.method;
  }

  get path(): string {
    return this.req.path;
  }

  /** A request header (lowercase name). */
  get(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Sets a response header; applied when the answer is sent (or at once if it already was). */
  set(name: string, value: string): void {
    if (this.res.headersSent) throw new Error(`cannot set header ${name}: the response was already sent`);
    this.res.setHeader(name, value);
  }

  /** The query and the caller as a core service takes them (what the core controller passes). */
  serviceParams(): ServiceParams {
    // Without a caller the service would run as trusted code: never on a request's behalf.
    if (!this.state.auth) throw new Error('ctx.serviceParams(): the request has no caller yet (global middlewares run before authentication)');
    return { ...this.query, auth: this.state.auth };
  }

  /** The `data` of a write's JSON body, or undefined (the service reports a missing payload). */
  bodyData(): unknown {
    const body = this.request.body;
    return typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  }

  // The helpers throw the matching API error, which the app answers in the error envelope
  // (Koa's helpers set the body instead; throwing gives the same answer and stops the action).
  badRequest(message = 'Bad Request', details: ErrorDetails = {}): never {
    throw new BadRequestError(message, details);
  }

  unauthorized(message = 'Unauthorized', details: ErrorDetails = {}): never {
    throw new UnauthorizedError(message, details);
  }

  forbidden(message = 'Forbidden', details: ErrorDetails = {}): never {
    throw new ForbiddenError(message, details);
  }

  notFound(message = 'Not Found', details: ErrorDetails = {}): never {
    throw new NotFoundError(message, details);
  }
}
