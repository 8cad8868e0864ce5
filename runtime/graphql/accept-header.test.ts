import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { negotiatesAsEmpty, withPlainAccept } from './accept-header';

/** The Accept header the wrapped handler saw, and the request's own after the call. */
function run(accept: string | undefined): { seen: string | undefined; after: string | undefined; had: boolean } {
  let seen: string | undefined;
  const inner: RequestHandler = (req) => {
    seen = req.headers.accept;
  };
  const req = { headers: accept === undefined ? {} : { accept } } as Request;
  withPlainAccept(inner)(req, {} as Response, (() => undefined) as NextFunction);
  return { seen, after: req.headers.accept, had: 'accept' in req.headers };
}

describe('withPlainAccept', () => {
  it.each([undefined, '*/*', 'application/json', ' Application/JSON '])('shows Apollo an empty header for %p and gives the request its own back', (accept) => {
    const { seen, after, had } = run(accept);
    expect(seen).toBe('');
    expect(after).toBe(accept);
    expect(had).toBe(accept !== undefined);
  });

  it.each(['application/graphql-response+json, application/json;q=0.9', 'text/html', 'multipart/mixed; deferSpec=20220824, application/json'])('leaves %p to Apollo', (accept) => {
    expect(run(accept)).toEqual({ seen: accept, after: accept, had: true });
  });
});

describe('negotiatesAsEmpty (the fast path answers only these)', () => {
  it('holds for no header and for the headers shown to Apollo as empty, not for others', () => {
    for (const accept of [undefined, '', '*/*', 'application/json', ' Application/JSON ']) expect(negotiatesAsEmpty(accept)).toBe(true);
    for (const accept of ['text/html', 'application/graphql-response+json', 'application/json;q=0.5, text/csv']) expect(negotiatesAsEmpty(accept)).toBe(false);
  });
});
