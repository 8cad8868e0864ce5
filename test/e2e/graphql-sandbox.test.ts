// The GraphQL sandbox in a real browser (Debian's chromium, driven by playwright-core) with every
// request to anything but loopback refused: the page must load all it needs from the app itself,
// and a query typed into it must run and show data.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { collectionOperations, type AuthContext } from '@cms-gen/runtime';
import { CHROMIUM, launchPersistentChromium } from '../helpers/chromium';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ADMIN: AuthContext = { kind: 'api-token', can: () => true };
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Monaco renders spaces as no-break spaces. */
const visibleText = (text: string | undefined): string => (text ?? '').replace(/\u00a0/g, ' ');

describe('GraphQL sandbox in a browser', () => {
  let app: FixtureApp;
  let profile: string;
  let browser: BrowserContext;
  const external: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
    app = await startFixtureApp('sqlite');
    await collectionOperations(app.engine, 'api::article.article').create({ data: { title: 'Sandbox article' } }, {}, ADMIN);
    profile = mkdtempSync(join(tmpdir(), 'cms-gen-chromium-'));
    browser = await launchPersistentChromium(profile, { args: ARGS });
    await browser.route('**/*', async (route) => {
      if (LOOPBACK.has(new URL(route.request().url()).hostname)) return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await app?.stop();
  });

  it('loads with no external request, and runs a typed query', async () => {
    const page = await browser.newPage();
    page.on('console', (message) => {
      // Errors, and warnings of a blocked resource (a refused worker only warns: Monaco falls back).
      if (message.type() === 'error' || (message.type() === 'warning' && /content security policy|worker/i.test(message.text()))) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`${app.url}/graphql`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector('.graphiql-query-editor .monaco-editor', { timeout: 60_000 });

    await page.click('.graphiql-query-editor .monaco-editor');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // insertText types like a paste: the editor does not auto-close brackets.
    await page.keyboard.insertText('query Sandbox { articles(filters: { title: { eq: "Sandbox article" } }) { documentId title } }');
    await page.click('.graphiql-execute-button');
    await page.waitForFunction(() => (document.querySelector('.graphiql-response') as HTMLElement | null)?.innerText.replace(/\u00a0/g, ' ').includes('"Sandbox article"'), undefined, { timeout: 30_000 });

    const response = visibleText(await page.locator('.graphiql-response').innerText());
    expect(response).toContain('"title": "Sandbox article"');
    expect(response).toContain('"documentId"');
    expect(external).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);
});
