import type { Request, Response } from 'express';
import { landingPagePlugin, SANDBOX_CSP } from './landing-page';

const base = { playgroundAlways: false, endpoint: '/graphql' };

/** Runs the built-in page's handler as Express would for a browser's GET without compression. */
function html(handler: ReturnType<typeof landingPagePlugin>['page']): Promise<string> {
  if (!handler) throw new Error('no landing page');
  return new Promise((resolve, reject) => {
    const req = {
      method: 'GET',
      fresh: false,
      accepts: (types: string[]) => (types.includes('text/html') ? 'text/html' : false),
      acceptsEncodings: () => 'identity',
    } as unknown as Request;
    const res = {
      setHeader: () => res,
      status: () => res,
      end: (body: Buffer) => resolve(body.toString('utf8')),
    } as unknown as Response;
    handler(req, res, (err?: unknown) => reject(err ?? new Error('the handler passed the request on')));
  });
}

describe('GraphQL landing page', () => {
  it('is on outside production, off in production unless asked for', () => {
    expect(landingPagePlugin({ ...base, environment: 'development' }).enabled).toBe(true);
    expect(landingPagePlugin({ ...base, environment: 'production' }).enabled).toBe(false);
    expect(landingPagePlugin({ ...base, environment: 'production', playgroundAlways: true }).enabled).toBe(true);
    expect(landingPagePlugin({ ...base, environment: 'production', landingPage: true }).enabled).toBe(true);
    expect(landingPagePlugin({ ...base, environment: 'development', landingPage: false }).enabled).toBe(false);
    expect(landingPagePlugin({ ...base, environment: 'test', landingPage: ({ environment }) => environment === 'test' }).enabled).toBe(true);
    const custom = { serverWillStart: async () => ({ renderLandingPage: async () => ({ html: '<html>mine</html>' }) }) };
    expect(landingPagePlugin({ ...base, environment: 'production', landingPage: () => custom }).plugin).toBe(custom);
  });

  it('serves GraphiQL with every asset inline (no URL outside the page)', async () => {
    const page = await html(landingPagePlugin({ ...base, environment: 'development' }).page);
    expect(page).toMatch(/<html/i);
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/i);
    expect(page).not.toMatch(/(src|href)=["']https?:/i);
    expect(page).toContain('"endpoint":"/graphql"');
  });

  it('allows inline code and blob workers but nothing from elsewhere', () => {
    expect(SANDBOX_CSP).toContain("connect-src 'self'");
    expect(SANDBOX_CSP).toContain("default-src 'none'");
    expect(SANDBOX_CSP).not.toMatch(/https?:/);
  });
});
