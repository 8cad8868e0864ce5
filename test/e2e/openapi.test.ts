// The running fixture app serves its OpenAPI document (the emitted openapi.json plus the custom
// `featured` route) and an offline documentation page whose assets it serves itself; in
// production both are off unless enabled.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const EMITTED = JSON.parse(readFileSync(join(__dirname, '../../fixtures/strapi-blog/app/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
  components: unknown;
  info: unknown;
};

type Operation = { security?: unknown; description?: string; tags?: string[] };

describe('OpenAPI document and docs page (sqlite, development)', () => {
  let app: FixtureApp;
  beforeAll(async () => {
    app = await startFixtureApp('sqlite');
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('serves the emitted document plus the custom featured route', async () => {
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const served = (await res.json()) as { paths: Record<string, Record<string, Operation>>; components: unknown; info: unknown; servers: unknown };
    expect(served.info).toEqual(EMITTED.info);
    expect(served.components).toEqual(EMITTED.components);
    expect(served.servers).toEqual([{ url: '/api' }]);
    const { ['/articles/featured']: featured, ...rest } = served.paths;
    expect(rest).toEqual(EMITTED.paths);
    expect(Object.keys(featured)).toEqual(['get']);
    expect(featured.get.security).toEqual([{}, { bearerJWT: [] }, { apiToken: [] }]);
    expect(featured.get.description).toContain('api::article.article.featured');
  });

  it('serves a documentation page whose scripts and styles are local files', async () => {
    const page = await fetch(`${app.url}/documentation`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['/documentation/swagger-ui-bundle.js', '/documentation/swagger-ui.css', '/documentation/init.js']));
    // Nothing from another origin: the page works offline.
    expect(assets.every((a) => a.startsWith('/documentation/'))).toBe(true);
    for (const asset of assets) {
      const res = await fetch(`${app.url}${asset}`);
      expect([asset, res.status]).toEqual([asset, 200]);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${app.url}/documentation/init.js`)).text();
    expect(init).toContain('"/api/openapi.json"');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('OpenAPI in production', () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, JWT_SECRET: process.env.JWT_SECRET, OPENAPI_ENABLED: process.env.OPENAPI_ENABLED };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  async function statuses(): Promise<[number, number]> {
    process.env.NODE_ENV = 'production';
    process.env.JWT_SECRET = 'openapi-test-secret';
    const app = await startFixtureApp('sqlite');
    try {
      const doc = await fetch(`${app.url}/api/openapi.json`);
      const page = await fetch(`${app.url}/documentation`);
      return [doc.status, page.status];
    } finally {
      await app.stop();
    }
  }

  it('is off by default (404)', async () => {
    delete process.env.OPENAPI_ENABLED;
    expect(await statuses()).toEqual([404, 404]);
  }, 60_000);

  it('is on with OPENAPI_ENABLED=true', async () => {
    process.env.OPENAPI_ENABLED = 'true';
    expect(await statuses()).toEqual([200, 200]);
  }, 60_000);
});
