// The REST prefix (`/api`) as one middleware of the app's router, instead of a Router mounted
// with `app.use(prefix, router)`. Mounted, every API request went through a second Router: its
// dispatch loop and closures, the prefix trimmed from req.url and parsed again, and its state
// restored on the way out, about 5 KB of garbage and a few percent of a cached GET's CPU
// (docs/benchmarks.md, "Hot spots").
//
// It does what the mount did for the steps it runs: the prefix matches as Express matches a
// mount path (case-insensitive, whole segments: `/api` and `/api/...`, not `/apix`); inside,
// `req.url` lacks the prefix (with a leading slash) and `req.baseUrl` ends with it; on the way
// out, for the rest of the app, both are as they were. Requests in absolute form
// (`GET http://host/api/...`, which Node passes through as is) take the mounted Router itself.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Runs `steps` as a chain of Express middlewares, then `done`; an error or 'router' ends it early. */
function runSteps(steps: readonly RequestHandler[], req: Request, res: Response, done: (err?: unknown) => void, i = 0, err?: unknown): void {
  if (err === 'router') return done();
  if (err || i >= steps.length) return done(err);
  // Unnamed continuations rather than a named closure made per request (docs/benchmarks.md, "get-one").
  try {
    const returned = steps[i](req, res, (e?: unknown) => runSteps(steps, req, res, done, i + 1, e)) as unknown;
    if (returned instanceof Promise) returned.then(undefined, (e: unknown) => runSteps(steps, req, res, done, i + 1, e || new Error('Rejected promise')));
  } catch (e) {
    runSteps(steps, req, res, done, i + 1, e);
  }
}

export function apiMount(prefix: string, steps: readonly RequestHandler[]): RequestHandler {
  // Express ignores a trailing slash of a mount path.
  const mountPath = prefix.replace(/\/+$/, '');
  const lower = mountPath.toLowerCase();
  const length = mountPath.length;
  const mounted = Router();
  for (const step of steps) mounted.use(step);
  const viaRouter = Router();
  viaRouter.use(mountPath || '/', mounted);

  return function api(req: Request, res: Response, next: NextFunction): void {
    const url = req.url;
    if (url.charCodeAt(0) !== 47 /* '/' */) {
      viaRouter(req, res, next);
      return;
    }
    // The prefix, then the end of the path (end, '/', '?' or '#'): whole segments only.
    const boundary = url.charCodeAt(length);
    if (url.length > length && boundary !== 47 && boundary !== 63 /* '?' */ && boundary !== 35 /* '#' */) return next();
    if (url.slice(0, length).toLowerCase() !== lower) return next();
    const baseUrl = req.baseUrl;
    const rest = url.slice(length);
    req.url = rest.charCodeAt(0) === 47 ? rest : `/${rest}`;
    req.baseUrl = baseUrl + url.slice(0, length);
    runSteps(steps, req, res, (err) => {
      req.url = url;
      req.baseUrl = baseUrl;
      next(err);
    });
  };
}
