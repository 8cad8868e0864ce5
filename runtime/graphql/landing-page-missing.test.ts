// The sandbox's renderer is an optional package: without it the page names what to install, and
// the endpoint keeps answering GraphQL.
import type { Request, Response } from 'express';
import { sandboxPage } from './landing-page';

jest.mock('@graphql-yoga/render-graphiql', () => {
  const error = new Error("Cannot find module '@graphql-yoga/render-graphiql'") as NodeJS.ErrnoException;
  error.code = 'MODULE_NOT_FOUND';
  throw error;
});

it('serves a page naming the missing package', async () => {
  const body = await new Promise<string>((resolve, reject) => {
    const req = { method: 'GET', fresh: false, accepts: () => 'text/html', acceptsEncodings: () => 'identity' } as unknown as Request;
    const res = { setHeader: () => res, status: () => res, end: (b: Buffer) => resolve(b.toString('utf8')) } as unknown as Response;
    sandboxPage('/graphql')(req, res, (err?: unknown) => reject(err ?? new Error('passed on')));
  });
  expect(body).toContain('The GraphQL sandbox page needs the package @graphql-yoga/render-graphiql, which is not installed (it is optional): npm install @graphql-yoga/render-graphiql graphql-yoga');
  expect(body).toContain('at /graphql as usual');
});
