// The editors' admin panel (runtime/admin-ui, the built dist/) in headless Chromium, against the
// real app: test/admin-kit built with the generator and started with the panel on SQLite
// (test/helpers/admin-kit-app.ts). Every request the page makes stays on loopback,
// and the strict CSP the app sends must not block anything. Seeding goes through the same HTTP
// admin API the panel uses (docs/admin-api.md).
//
// Screenshots are taken with CMS_GEN_ADMIN_SCREENSHOTS=docs/admin (into that folder); nothing reads
// them in a test run, so without it none is taken.
//
// One database: what the panel asks of the server is the admin API, and test/e2e/admin.test.ts runs
// every one of those calls (sign-in, drafts, publication, bulk actions, relations, locales, uploads,
// Author limits, password resets) on SQLite, PostgreSQL and MariaDB. The browser adds the panel's
// own code, which does not change with the database; a second browser run on PostgreSQL doubled
// this suite's three minutes without reaching anything the API suite does not.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { startAdminKitApp } from '../helpers/admin-kit-app';
import { browserUiTargets, launchChromium } from '../helpers/chromium';

const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Only loopback's names resolve: a request to another host fails in the browser (and is listed by the test).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  // V8 in the pages without TurboFan, its top tier: its background compiles were a third of the
  // renderers' CPU when each page lived a few seconds. Since a user's page lives the whole suite,
  // Maglev, the tier below it, pays for itself (about 5 CPU-s a run less than without it:
  // docs/testing.md, eighth pass). The panel's code runs the same in every tier.
  '--js-flags=--no-opt',
];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Whether a URL the page asks for stays on this machine (a `blob:` URL: its origin's host; `data:`: no host). */
function onLoopback(url: string): boolean {
  const { protocol, hostname, pathname } = new URL(url);
  if (protocol === 'data:') return true;
  if (protocol === 'blob:') return onLoopback(pathname);
  return LOOPBACK.has(hostname);
}
// The app listens on a port the system picks: a fixed one inside the ephemeral range (32768–60999
// here) could be taken by another suite's connection at that moment.
const DATABASES = [{ database: 'sqlite' }] as const;

interface ServerUnderTest {
  url: string;
  /** The text of the last mail sent to `to` (the password reset link is in it). */
  lastMail(to: string): Promise<string | undefined>;
  stop(): Promise<void>;
}

/** The app under test, on a fresh database, with its mail going to a sink the test reads. */
async function startServer(database: 'sqlite'): Promise<ServerUnderTest> {
  const app = await startAdminKitApp(database);
  const lastMail = async (to: string) => {
    // The mail leaves after the answer: wait a little for it.
    for (let i = 0; i < 100 && !app.lastMail(to); i++) await new Promise((r) => setTimeout(r, 50));
    return app.lastMail(to);
  };
  return { url: app.url, lastMail, stop: () => app.stop() };
}

const SUPER = { firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com', password: 'Ada-password-1' };
const EDITOR = { firstname: 'Eve', lastname: 'Editor', email: 'eve@example.com', password: 'Eve-password-1' };
const AUTHOR = { firstname: 'Abe', lastname: 'Author', email: 'abe@example.com', password: 'Abe-password-1' };
const ARTICLE = 'api::article.article';

type Json = Record<string, any>;

/** A signed-in admin session over HTTP (cookies and CSRF header kept), for seeding and for checks. */
async function session(url: string, email: string, password: string) {
  const answer = await fetch(`${url}/admin/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!answer.ok) throw new Error(`sign-in of ${email} failed: ${answer.status} ${await answer.text()}`);
  const cookies = answer.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('cmsgen_admin_csrf='))?.split('=')[1] ?? '');
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const r = await fetch(`${url}/admin/api${path}`, {
      method,
      headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : {} };
  };
}

/** Waits until `read` gives `expected` (equal, or matching a RegExp); fails with the last value. */
async function eventually<T>(read: () => Promise<T> | T, expected: unknown, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: T;
  for (;;) {
    last = await read();
    const ok = expected instanceof RegExp ? expected.test(String(last)) : JSON.stringify(last) === JSON.stringify(expected);
    if (ok) return;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (expected instanceof RegExp) expect(String(last)).toMatch(expected);
  else expect(last).toEqual(expected);
}

/** A solid-colour PNG, so the test needs no image files. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(DATABASES)('admin panel in a browser, app on $database', ({ database }) => {
  let server: ServerUnderTest;
  let browser: Browser;
  let shots: string | undefined;
  const external: string[] = [];
  const problems: string[] = [];
  // One page per signed-in user, kept for the whole suite, in a browser context of its own; a new
  // context and page for each visitor who is not signed in (closed when their test ends). A test
  // goes where it starts inside the panel (its router: a hash change) instead of loading it again:
  // a fresh context's first load of the panel cost 2.5–3 CPU-s of Chromium, a load in a context that
  // had loaded it before 0.5–0.9, a move inside it 0.1–0.2. Each user signs in through the form once.
  const contexts: BrowserContext[] = [];
  const signedIn = new Map<string, Page>();
  const pages: Page[] = [];
  let articleId = '';

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    // Every request the pages make is seen here; one to another host is a failure (afterEach), and
    // Chromium cannot reach it anyway (ARGS: no name resolves but loopback's). Watching instead of
    // intercepting (context.route) spares a round trip between the browser and the test per request.
    context.on('request', (request) => {
      if (!onLoopback(request.url())) external.push(request.url());
    });
    return context;
  }

  /** A page in a new context (a visitor not signed in yet). */
  async function newPage(): Promise<Page> {
    const page = await (await newContext()).newPage();
    pages.push(page);
    page.setDefaultTimeout(15_000);
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    // CMS_GEN_ADMIN_DEBUG=1 prints every refused admin API call (a 401 before sign-in is normal).
    if (process.env.CMS_GEN_ADMIN_DEBUG)
      page.on('response', async (r) => {
        if (r.status() >= 400 && r.url().includes('/admin/api/')) console.log(`${r.request().method()} ${r.url()} ${r.request().postData() ?? ''} -> ${r.status()} ${await r.text().catch(() => '')}`);
      });
    return page;
  }

  /** `user`'s page, on the dashboard: signed in through the form the first time, then the same page. */
  async function signInPage(user: { email: string; password: string }): Promise<Page> {
    const known = signedIn.get(user.email);
    if (known) {
      // An earlier test may have left a form with unsaved changes: leave it (the panel asks first).
      const leave = (dialog: Dialog) => void dialog.accept();
      known.on('dialog', leave);
      await go(known, '/');
      await known.getByText('Welcome').waitFor();
      known.off('dialog', leave);
      return known;
    }
    const page = await newPage();
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL(/#\/login/);
    await page.fill('input[name=email]', user.email);
    await page.fill('input[name=password]', user.password);
    await page.click('button[type=submit]');
    await page.getByText('Welcome').waitFor();
    keep(page, user.email);
    return page;
  }

  /** Keeps `page` past its test, as `email`'s page. */
  function keep(page: Page, email: string): void {
    pages.splice(pages.indexOf(page), 1);
    signedIn.set(email, page);
  }

  const shot = async (page: Page, name: string, fullPage = false) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
  };
  const status = (page: Page) => page.locator('.document-form .status-chip').first().getAttribute('data-status');
  const go = (page: Page, hash: string) => page.goto(`${server.url}/admin/#${hash}`);

  beforeAll(async () => {
    server = await startServer(database);
    const target = process.env.CMS_GEN_ADMIN_SCREENSHOTS;
    if (target && database === 'sqlite') {
      shots = resolve(target);
      mkdirSync(shots, { recursive: true });
    }
    browser = await launchChromium({ args: ARGS });
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  // A visitor's pages close when their test ends (what they showed was checked).
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
    expect(external).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('sends the first visitor to the first-run page, which creates the Super Admin', async () => {
    const page = await newPage();
    // No window preloads the omnibox popup's renderer (test/helpers/chromium.ts: ~2 CPU-s per context).
    expect(await browserUiTargets(browser)).toEqual([]);
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL(/#\/register/);
    // react-admin draws the page again once it knows nobody is signed in: type after that.
    await page.waitForLoadState('networkidle');
    await shot(page, 'register');
    await page.fill('input[name=firstname]', SUPER.firstname);
    await page.fill('input[name=lastname]', SUPER.lastname);
    await page.fill('input[name=email]', SUPER.email);
    await page.fill('input[name=password]', SUPER.password);
    await page.fill('input[name=confirm]', SUPER.password);
    await page.click('button[type=submit]');
    await page.getByText(`Welcome, ${SUPER.firstname} ${SUPER.lastname}`).waitFor();
    // The menu comes from the app's metadata: its collection and single types.
    for (const name of ['Article', 'Category', 'Tag', 'Homepage', 'Media library', 'Admin users']) await page.getByRole('menuitem', { name }).first().waitFor();
    await shot(page, 'dashboard');
    // The first-run page signed the Super Admin in: it is their page from here on.
    keep(page, SUPER.email);

    const status = await (await fetch(`${server.url}/admin/api/auth/status`)).json();
    expect(status.data.hasAdmin).toBe(true);
  }, 90_000);

  it('creates an Editor on the admin users page, and shows an API token secret once', async () => {
    const page = await signInPage(SUPER);
    await go(page, '/admin-users/create');
    await page.fill('input[name=firstname]', EDITOR.firstname);
    await page.fill('input[name=lastname]', EDITOR.lastname);
    await page.fill('input[name=email]', EDITOR.email);
    await page.fill('input[name=password]', EDITOR.password);
    await page.getByRole('combobox', { name: /Roles/ }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/admin-users$/);
    await page.getByText(EDITOR.email).waitFor();

    await go(page, '/api-tokens/create');
    await page.fill('input[name=name]', 'Front end');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.locator('.token-secret').innerText()).trim();
    expect(secret).toMatch(/^[0-9a-f]{32,}$/);
    await shot(page, 'api-token');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/#\/api-tokens$/);
    await page.getByText('Front end').waitFor();
    expect(await page.content()).not.toContain(secret);

    await go(page, '/i18n-locales');
    await page.getByText('French').waitFor();

    await go(page, '/webhooks');
    await page.getByText('entry.publish').first().waitFor();

    // Seeding for what follows, through the same API: the Author, categories, tags.
    const api = await session(server.url, SUPER.email, SUPER.password);
    const roles = (await api('GET', '/roles')).json.data as Json[];
    const author = roles.find((r) => r.code === 'strapi-author');
    expect((await api('POST', '/users', { ...AUTHOR, roles: [author!.id], isActive: true })).status).toBe(201);
    for (const name of ['News', 'Guides']) expect((await api('POST', '/content/api::category.category', { name })).status).toBe(201);
    for (const label of ['alpha', 'beta', 'gamma']) expect((await api('POST', '/content/api::tag.tag', { label })).status).toBe(201);
  }, 120_000);

  it('uploads by drag and drop with progress, and edits a file’s alternative text', async () => {
    const page = await signInPage(EDITOR);
    await go(page, '/media');
    await page.locator('.drop-zone').waitFor();
    const files = [
      { name: 'red.png', b64: png(64, 48, [220, 30, 30]).toString('base64') },
      { name: 'blue.png', b64: png(48, 64, [30, 60, 220]).toString('base64') },
    ];
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: 'image/png' }));
      return transfer;
    }, files);
    await page.dispatchEvent('.drop-zone', 'drop', { dataTransfer });
    await page.locator('.media-card[data-name="red.png"]').waitFor();
    await page.locator('.media-card[data-name="blue.png"]').waitFor();
    expect(await page.locator('.upload-progress').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('red.png 100%'), expect.stringContaining('blue.png 100%')]));

    await page.locator('.media-card[data-name="red.png"]').click();
    await page.getByLabel('Alternative text').fill('A red square');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.locator('.media-row td', { hasText: 'A red square' }).last().waitFor();
    await page.getByRole('button', { name: 'images' }).click();
    await page.getByRole('button', { name: 'Grid view' }).click();
    await shot(page, 'media-library');
  }, 120_000);

  it('lets an Editor write a localized article with a component, a dynamic zone, relations and media, save a draft and publish it', async () => {
    const page = await signInPage(EDITOR);
    await go(page, '/articles/create');
    await page.fill('input[name=title]', 'Hello from the editor');
    await page.getByRole('button', { name: 'Generate slug' }).click();
    await eventually(() => page.locator('input[name=slug]').inputValue(), 'hello-from-the-editor');
    await page.getByRole('button', { name: 'Add Paragraph' }).click();
    await page.getByLabel('Body block 1').fill('Some **bold** words and a [link](https://example.com)');
    await page.getByRole('button', { name: 'Add Heading 2' }).click();
    await page.getByLabel('Body block 2').fill('A heading');
    await page.getByRole('button', { name: 'Add SEO' }).click();
    await page.fill('input[name="seo.metaTitle"]', 'Hello SEO');
    await page.locator('.dz-add').click();
    await page.getByRole('menuitem', { name: /Quote/ }).click();
    await page.fill('textarea[name="sections.0.text"]', 'Content is king');
    for (const tag of ['alpha', 'beta', 'gamma']) {
      await page.locator('.relation-tags input').click();
      await page.getByRole('option', { name: tag }).click();
    }
    // Drag gamma to the top.
    await page.locator('.relation-tags .sortable-item').nth(2).dragTo(page.locator('.relation-tags .sortable-item').nth(0));
    expect(await page.locator('.relation-tags .sortable-item').allInnerTexts()).toEqual([expect.stringContaining('gamma'), expect.stringContaining('alpha'), expect.stringContaining('beta')]);
    await page.locator('.relation-category input').click();
    await page.getByRole('option', { name: 'News' }).click();
    await page.locator('.media-cover').getByRole('button', { name: 'Choose from the library' }).click();
    await page.locator('[role=dialog] .media-card[data-name="red.png"]').click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await shot(page, 'article-create', true);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/#\/articles\/[^/?]+\?locale=en$/);
    articleId = decodeURIComponent(/#\/articles\/([^/?]+)/.exec(page.url())![1]);
    await eventually(() => status(page), 'draft');

    const api = await session(server.url, EDITOR.email, EDITOR.password);
    const saved = (await api('GET', `/content/${ARTICLE}/${articleId}?locale=en`)).json.data;
    // To-many relations come as a count; their entries page through the relations route.
    expect(saved.tags).toEqual({ count: 3 });
    expect((await api('GET', `/content/${ARTICLE}/${articleId}/relations/tags?locale=en`)).json.data.map((t: Json) => t.label)).toEqual(['gamma', 'alpha', 'beta']);
    expect(saved.category.name).toBe('News');
    expect(saved.cover.name).toBe('red.png');
    expect(saved.seo.metaTitle).toBe('Hello SEO');
    expect(saved.sections).toEqual([expect.objectContaining({ __component: 'blocks.quote', text: 'Content is king' })]);
    expect(saved.body).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Some ' },
          { type: 'text', text: 'bold', bold: true },
          { type: 'text', text: ' words and a ' },
          { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'link' }] },
        ],
      },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'A heading' }] },
    ]);
    expect(saved.createdBy).toEqual(expect.objectContaining({ firstname: EDITOR.firstname }));

    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => status(page), 'published');
    const published = await (await fetch(`${server.url}/api/articles?locale=en`)).json();
    expect(published.data.map((a: Json) => a.title)).toContain('Hello from the editor');
    await shot(page, 'article-edit', true);

    // An edit after publishing: modified; discarding goes back to the published version.
    await page.fill('textarea[name=summary]', 'Not for long');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await eventually(() => status(page), 'modified');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await eventually(() => status(page), 'published');
    await eventually(() => page.locator('textarea[name=summary]').inputValue(), '');

    // The French version: created from the English one.
    await page.locator('.locale-bar [role=combobox]').click();
    await page.getByRole('option', { name: /French/ }).click();
    await page.waitForURL(/locale=fr/);
    await page.locator('.missing-locale').waitFor();
    await page.getByRole('button', { name: 'Copy from locale' }).click();
    await page.getByRole('menuitem', { name: 'en' }).click();
    await eventually(() => page.locator('input[name=title]').inputValue(), 'Hello from the editor');
    await page.fill('input[name=title]', 'Bonjour de l’éditrice');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await eventually(() => status(page), 'draft');
    const french = (await api('GET', `/content/${ARTICLE}/${articleId}?locale=fr`)).json;
    expect(french.data.title).toBe('Bonjour de l’éditrice');
    expect(french.data.seo.metaTitle).toBe('Hello SEO');
    // The other versions of the document (the one asked for is `data`).
    expect([french.data.locale, french.meta.availableLocales.map((l: Json) => l.locale)]).toEqual(['fr', ['en']]);
  }, 180_000);

  it('pages a long relation (Load more), saves only what changed, and previews Markdown without its HTML', async () => {
    const api = await session(server.url, EDITOR.email, EDITOR.password);
    const labels = Array.from({ length: 12 }, (_, i) => `paged-${String(i + 1).padStart(2, '0')}`);
    const tags: string[] = [];
    for (const label of labels) tags.push((await api('POST', '/content/api::tag.tag', { label })).json.data.documentId);
    const created = await api('POST', `/content/${ARTICLE}?locale=en`, { title: 'Many tags', tags: { set: tags } });
    expect(created.status).toBe(201);
    const id = created.json.data.documentId;
    const related = async () => (await api('GET', `/content/${ARTICLE}/${id}/relations/tags?locale=en&pageSize=100`)).json.data.map((t: Json) => t.label);

    const page = await signInPage(EDITOR);
    await go(page, `/articles/${encodeURIComponent(id)}?locale=en`);
    const items = page.locator('.relation-tags .sortable-item');
    await eventually(() => items.count(), 10);
    expect(await page.locator('.relation-tags .relation-loaded').innerText()).toMatch(/^10 of 12 loaded/);
    // Not all loaded: entries can be removed, not moved.
    expect(await items.first().getAttribute('draggable')).toBe('false');
    await items.first().getByRole('button', { name: 'Remove' }).click();
    await page.locator('.relation-tags input').click();
    await page.getByRole('option', { name: 'alpha' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    // paged-01 left, alpha came last, and the two entries never loaded stayed.
    await eventually(related, [...labels.slice(1), 'alpha']);
    await eventually(() => items.count(), 10);
    await page.locator('.relation-tags .relation-load-more').click();
    await eventually(() => items.count(), 12);
    await expect(page.locator('.relation-tags .relation-load-more').count()).resolves.toBe(0);
    expect(await items.first().getAttribute('draggable')).toBe('true');
    // All loaded: a move is saved as the whole order.
    await items.nth(11).getByRole('button', { name: 'Move up' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await eventually(related, [...labels.slice(1, 11), 'alpha', ...labels.slice(11)]);

    // Markdown: the preview renders it, and leaves out the HTML and the unsafe link written in it.
    // On a fresh load of the form: the save above refetches the document and resets the form when
    // the answer arrives, which on a loaded machine can come after the text is typed, and erase it.
    await page.reload();
    const notes = page.locator('.markdown-notes');
    await notes.locator('textarea[name=notes]').waitFor();
    await notes.locator('textarea[name=notes]').fill('# Notes\n\nSome **bold** text <img src="/admin/x.png" onerror="window.bad=1"> <script>window.bad=2</script>\n\n[bad](javascript:window.bad=3) and [good](https://example.com/doc)');
    await notes.getByRole('tab', { name: 'Preview' }).click();
    const preview = notes.locator('.markdown-preview');
    await eventually(() => preview.locator('h1').innerText(), 'Notes');
    expect(await preview.locator('strong').innerText()).toBe('bold');
    expect([await preview.locator('img').count(), await preview.locator('script').count()]).toEqual([0, 0]);
    expect(await preview.getByRole('link', { name: 'good' }).getAttribute('href')).toBe('https://example.com/doc');
    expect(await preview.getByRole('link', { name: 'bad' }).getAttribute('href')).toBe('');
    expect(await page.evaluate(() => (window as unknown as { bad?: number }).bad)).toBeUndefined();
    await shot(page, 'markdown-preview');
    await notes.getByRole('tab', { name: 'Write' }).click();
    expect(await notes.locator('textarea[name=notes]').inputValue()).toMatch(/^# Notes/);
  }, 180_000);

  it('shows a value the server refuses at its field, and asks before leaving unsaved changes', async () => {
    const page = await signInPage(EDITOR);
    await go(page, '/categories/create');
    await page.fill('input[name=name]', 'News');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('.ra-input-name .MuiFormHelperText-root').innerText(), 'This attribute must be unique');
    await shot(page, 'validation-error');

    await go(page, `/articles/${encodeURIComponent(articleId)}?locale=en`);
    await page.fill('textarea[name=summary]', 'Unsaved words');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('menuitem', { name: 'Category' }).click();
    await eventually(() => asked, /changes weren.t saved|unsaved/i);
    expect(page.url()).toContain(`/articles/`);
    await eventually(() => page.locator('textarea[name=summary]').inputValue(), 'Unsaved words');
  }, 120_000);

  it('keeps an Author out of an article someone else wrote (UI and server), until a role change lets them in', async () => {
    const page = await signInPage(AUTHOR);
    await go(page, `/articles/${encodeURIComponent(articleId)}?locale=en`);
    // The server does not show it to them (403: Authors read only what they created), and the page says so.
    await page.locator('.read-only', { hasText: 'Your role does not let you open this entry' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await page.locator('input[name=title]').count()).toBe(0);
    const refused = await page.evaluate(async ([uid, id]) => {
      const csrf = decodeURIComponent(/cmsgen_admin_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch(`/admin/api/content/${uid}/${id}?locale=en`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ title: 'Taken over' }) });
      return r.status;
    }, [ARTICLE, articleId]);
    expect(refused).toBe(403);

    // The Super Admin lifts "only entries they created" for articles.
    const admin = await signInPage(SUPER);
    await go(admin, '/admin-roles');
    await admin.getByRole('cell', { name: 'Author', exact: true }).click();
    await admin.locator('.permission-matrix').waitFor();
    await admin.getByLabel('Article only own entries').uncheck();
    await shot(admin, 'role-permissions', true);
    await admin.getByRole('button', { name: 'Save permissions' }).click();
    await admin.getByText('Permissions saved').waitFor();

    // The Author, still signed in, gets it on the next load.
    await page.reload();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    expect(await page.locator('.read-only').count()).toBe(0);
  }, 150_000);

  it('lists with search, filters, sort, pagination and bulk publish / unpublish', async () => {
    const api = await session(server.url, EDITOR.email, EDITOR.password);
    for (let i = 1; i <= 12; i++) {
      const title = `Batch article ${String(i).padStart(2, '0')}`;
      expect((await api('POST', `/content/${ARTICLE}?locale=en`, { title, kind: i % 2 ? 'news' : 'tutorial', views: i })).status).toBe(201);
    }
    const page = await signInPage(EDITOR);
    await go(page, '/articles');
    await page.getByText('Batch article').first().waitFor();
    await shot(page, 'list');
    await page.getByPlaceholder('Search').fill('Batch article 1');
    await eventually(() => page.locator('tbody tr').count(), 3);
    await page.getByPlaceholder('Search').fill('Batch');
    await eventually(() => page.locator('tbody tr').count(), 10);
    await page.getByText('1-10 of 12').waitFor();

    // Select the page, publish, and the badges follow.
    await page.locator('thead input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish: 10 entries').waitFor();
    await eventually(() => page.locator('tbody .status-chip[data-status=published]').count(), 10);
    await page.locator('thead input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await eventually(() => page.locator('tbody .status-chip[data-status=draft]').count(), 10);

    // A filter on an attribute, and sorting by a column.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Kind' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'tutorial' }).click();
    await eventually(() => page.locator('tbody tr').count(), 6);
    await page.getByRole('button', { name: 'Title' }).click();
    await eventually(() => page.locator('tbody td.column-title').allInnerTexts(), ['02', '04', '06', '08', '10', '12'].map((n) => `Batch article ${n}`));
    await page.getByRole('button', { name: 'Title' }).click();
    await eventually(() => page.locator('tbody td.column-title').allInnerTexts(), ['12', '10', '08', '06', '04', '02'].map((n) => `Batch article ${n}`));
  }, 150_000);

  it('edits and publishes a single type', async () => {
    const page = await signInPage(EDITOR);
    await page.getByRole('menuitem', { name: 'Homepage' }).click();
    await page.fill('input[name=headline]', 'Welcome to the blog');
    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => status(page), 'published');
    const api = await session(server.url, EDITOR.email, EDITOR.password);
    expect((await api('GET', '/single/api::homepage.homepage')).json.data.headline).toBe('Welcome to the blog');
  }, 120_000);


  it('resets a forgotten password through the emailed link, which signs the admin in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL(/#\/login/);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForLoadState('networkidle');
    await page.fill('input[name=email]', EDITOR.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('an email with a reset link is on its way').waitFor();
    const mail = await server.lastMail(EDITOR.email);
    const link = /\/admin\/reset-password\?code=[\w.%-]+/.exec(mail ?? '')?.[0];
    expect(link).toBeDefined();

    await page.goto(`${server.url}${link}`);
    await page.waitForURL(/#\/reset-password\?code=/);
    await page.waitForLoadState('networkidle');
    await page.fill('input[name=password]', 'New-password-2');
    await page.fill('input[name=confirm]', 'New-password-2');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText(`Welcome, ${EDITOR.firstname} ${EDITOR.lastname}`).waitFor();
    await session(server.url, EDITOR.email, 'New-password-2');
  }, 120_000);
});
