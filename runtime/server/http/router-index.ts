// Runs a list of Express routers as one middleware, entering only those that can match the
// request's path. Mounted one after the other, every router is entered on every request, tries
// its layers and, when none matched, hands the request on through `setImmediate`: with the
// built-in plugins' routers before the content API's, a GET /api/articles/:id went through about
// fifteen routers and as many turns of the event loop (docs/benchmarks.md, "Hot spots").
//
// The index is built from the routers' own layers, so it follows their routes as Express matches
// them: a layer whose path starts with a fixed segment (`/users/:id`, `/upload`) can only match a
// request whose first path segment is that one (compared lowercased, as Express matches
// case-insensitively); any other layer (a middleware on every path, a parameter or pattern first,
// a RegExp) is asked with its own `match()` on each request. A router that could match is entered
// as before, in order, with the same `next`; one that cannot is skipped, which is exactly what it
// would have done. Routes added to a router later are picked up (its stack is re-read when its
// length changes).
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** A middleware that can tell which paths it may answer (route-table.ts); indexed as is. */
export type PathMatcher = RequestHandler & { mayMatch(path: string, segment: string | null): boolean };

/** The parts of router 2's Layer the index reads (`rawPath` is the path the layer was made with). */
interface LayerLike {
  slash?: boolean;
  rawPath?: unknown;
  match(path: string): unknown;
}

/** A path's first segment as the index keys it: lowercased; null when it cannot be keyed (non-ASCII). */
export function firstSegment(path: string): string | null {
  const end = path.indexOf('/', 1);
  const segment = path.slice(1, end === -1 ? path.length : end);
  for (let i = 0; i < segment.length; i++) if (segment.charCodeAt(i) > 127) return null;
  return segment.toLowerCase();
}

/** The fixed first segment of a layer path (`/users/:id` → `users`), or null when it has none. */
export function fixedFirstSegment(path: string): string | null {
  if (!path.startsWith('/')) return null;
  const segment = firstSegment(path);
  // Anything path-to-regexp gives a meaning to makes the segment a pattern, not a literal.
  if (segment === null || /[:*?+(){}[\]\\!@,;'"|]/.test(segment)) return null;
  return segment;
}

interface Candidate {
  handle: RequestHandler;
  mayMatch(path: string, segment: string | null): boolean;
}

class IndexedRouter implements Candidate {
  private stackLength = -1;
  private always = false;
  private readonly segments = new Set<string>();
  private dynamic: LayerLike[] = [];

  constructor(readonly handle: Router) {}

  /** Whether some layer of the router may match `path` (whose first segment is `segment`). */
  mayMatch(path: string, segment: string | null): boolean {
    const stack = this.handle.stack as unknown as LayerLike[];
    if (stack.length !== this.stackLength) this.build(stack);
    if (this.always || segment === null || this.segments.has(segment)) return true;
    for (const layer of this.dynamic) {
      try {
        if (layer.match(path)) return true;
      } catch {
        // A malformed escape: Express turns it into an error when it matches, so let it.
        return true;
      }
    }
    return false;
  }

  private build(stack: readonly LayerLike[]): void {
    this.stackLength = stack.length;
    this.always = false;
    this.segments.clear();
    this.dynamic = [];
    for (const layer of stack) {
      if (layer.slash) {
        this.always = true;
        continue;
      }
      const paths = Array.isArray(layer.rawPath) ? (layer.rawPath as unknown[]) : [layer.rawPath];
      const fixed = paths.map((p) => (typeof p === 'string' ? fixedFirstSegment(p) : null));
      if (fixed.every((s): s is string => s !== null)) for (const s of fixed) this.segments.add(s);
      else this.dynamic.push(layer);
    }
  }
}

/** The request path as Express routers match it (`req.path`: the pathname of the possibly trimmed url). */
function requestPath(req: Request): string | undefined {
  try {
    return req.path;
  } catch {
    return undefined;
  }
}

function isPathMatcher(handler: Router | PathMatcher): handler is PathMatcher {
  return typeof (handler as Partial<PathMatcher>).mayMatch === 'function';
}

export function indexedRouters(routers: ReadonlyArray<Router | PathMatcher>): RequestHandler {
  const entries: Candidate[] = routers.map((router) => (isPathMatcher(router) ? { handle: router, mayMatch: (path, segment) => router.mayMatch(path, segment) } : new IndexedRouter(router)));
  return function routerIndex(req: Request, res: Response, next: NextFunction): void {
    enterFrom(entries, 0, req, res, next);
  };
}

/**
 * Enters the first router from `start` on that may match, handing it a `next` that goes on after
 * it. (A plain function and an unnamed continuation, rather than a named closure per request.)
 */
function enterFrom(entries: readonly Candidate[], start: number, req: Request, res: Response, next: NextFunction, err?: unknown): void {
  if (err) {
    next(err);
    return;
  }
  // Read again before each router: a middleware may have rewritten req.url for the next ones.
  const path = requestPath(req);
  // Express's routers match nothing when the URL cannot be parsed, and neither does the index.
  const segment = path === undefined ? undefined : firstSegment(path);
  let i = start;
  while (path !== undefined && segment !== undefined && i < entries.length) {
    const entry = entries[i++];
    if (entry.mayMatch(path, segment)) {
      const after = i;
      entry.handle(req, res, (e?: unknown) => enterFrom(entries, after, req, res, next, e));
      return;
    }
  }
  next();
}
