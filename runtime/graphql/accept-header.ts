// Apollo negotiates the Accept header up to three times per request with `negotiator`, whose
// parsing (a `delete` on every parsed media type) showed as the endpoint's largest single cost in
// the bench profile; with no header it still negotiates, as for `*/*`. For the headers most clients
// send (none, `*/*`, `application/json`) every negotiation answers as for an empty header, which
// Apollo skips: the single JSON answer, no multipart, no landing page. So Apollo is shown an empty
// header for these while it copies the request's headers, and the request keeps its own.
import type { Request, RequestHandler } from 'express';

const AS_EMPTY = new Set(['', '*/*', 'application/json']);

/** Whether Apollo negotiates `accept` (a request's Accept header) as it does an absent one. */
export function negotiatesAsEmpty(accept: string | undefined): boolean {
  return accept === undefined || AS_EMPTY.has(accept.trim().toLowerCase());
}

/** `apollo` seeing an empty Accept header when the request's one negotiates as an empty one. */
export function withPlainAccept(apollo: RequestHandler): RequestHandler {
  return (req: Request, res, next) => {
    const accept = req.headers.accept;
    if (!negotiatesAsEmpty(accept)) return apollo(req, res, next);
    // The Express integration copies the headers before its first await.
    req.headers.accept = '';
    try {
      return apollo(req, res, next);
    } finally {
      if (accept === undefined) delete req.headers.accept;
      else req.headers.accept = accept;
    }
  };
}
