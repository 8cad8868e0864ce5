import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { firstSegment, fixedFirstSegment, indexedRouters } from './router-index';
import { listen, type TestServer } from '../../../test/helpers/http-server';

let server: TestServer | undefined;

/** GET returning the text (these routes answer plain text). */
async function call(url: string) {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, text: await res.text() };
}
afterEach(async () => server?.close());

/** A router whose every entry is counted (a `use` on every path, which the index must not hide). */
function counted(name: string, entered: string[], build: (router: Router) => void): Router {
  const router = Router();
  build(router);
  // Count entries by wrapping the router itself.
  const wrapped = ((req: Request, res: Response, next: NextFunction) => {
    entered.push(name);
    return router(req, res, next);
  }) as unknown as Router;
  // The wrapper is the router for everything else (its stack, and routes added later).
  Object.setPrototypeOf(wrapped, router);
  return wrapped;
}

async function serve(routers: Router[]): Promise<string> {
  const app = express();
  app.use(indexedRouters(routers));
  app.use((req, res) => void res.status(404).send(`fell through ${req.path}`));
  app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => void res.status(err.status ?? 500).send(`error ${err.message}`));
  server = await listen(app);
  return server.url;
}

describe('the router index', () => {
  it('keys paths by their first segment, lowercased', () => {
    expect(firstSegment('/Users/1')).toBe('users');
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('/upload')).toBe('upload');
    expect(firstSegment('/café/x')).toBeNull();
    expect(fixedFirstSegment('/users-permissions/roles/:id')).toBe('users-permissions');
    expect(fixedFirstSegment('/:provider/callback')).toBeNull();
    expect(fixedFirstSegment('/users{/:id}')).toBeNull();
    expect(fixedFirstSegment('*splat')).toBeNull();
  });

  it('enters only the routers that can match, in their order, and answers as they do', async () => {
    const entered: string[] = [];
    const users = counted('users', entered, (r) => r.get('/users/:id', (req, res) => void res.send(`user ${req.params.id}`)));
    const auth = counted('auth', entered, (r) => r.post('/auth/local', (_req, res) => void res.send('login')));
    const articles = counted('articles', entered, (r) => r.get('/articles', (_req, res) => void res.send('articles')));
    const url = await serve([users, auth, articles]);

    expect((await call(`${url}/articles`)).text).toBe('articles');
    expect(entered).toEqual(['articles']);
    entered.length = 0;
    // Express matches case-insensitively, so does the index.
    expect((await call(`${url}/USERS/7`)).text).toBe('user 7');
    expect(entered).toEqual(['users']);
    entered.length = 0;
    // A matching path with another method enters the router, which passes it on.
    expect((await call(`${url}/auth/local`)).text).toBe('fell through /auth/local');
    expect(entered).toEqual(['auth']);
    entered.length = 0;
    expect((await call(`${url}/nothing`)).text).toBe('fell through /nothing');
    expect(entered).toEqual([]);
  });

  it('always enters a router holding a middleware for every path, and asks pattern routes themselves', async () => {
    const entered: string[] = [];
    const everywhere = counted('everywhere', entered, (r) => r.use((_req, res, next) => (res.setHeader('X-Seen', 'yes'), next())));
    const oauth = counted('oauth', entered, (r) => r.get('/:provider/callback', (req, res) => void res.send(`callback ${req.params.provider}`)));
    const url = await serve([everywhere, oauth]);

    const res = await call(`${url}/github/callback`);
    expect(res.text).toBe('callback github');
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(entered).toEqual(['everywhere', 'oauth']);
    entered.length = 0;
    expect((await call(`${url}/github/other`)).text).toBe('fell through /github/other');
    expect(entered).toEqual(['everywhere']);
  });

  it("sees routes added after it was built, and keeps Express's answer to a malformed escape", async () => {
    const entered: string[] = [];
    const late = counted('late', entered, () => undefined);
    const params = counted('params', entered, (r) => r.get('/:name', (req, res) => void res.send(`name ${req.params.name}`)));
    const url = await serve([late, params]);
    late.get('/added', (_req, res) => void res.send('added later'));

    expect((await call(`${url}/added`)).text).toBe('added later');
    const bad = await call(`${url}/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^error Failed to decode param/);
  });
});
