// The same measurement as measure.ts on Strapi 5.54's own admin panel (the oracle in
// test/strapi-oracle, copied with serveAdminPanel: true and built with `strapi build`), for the
// comparison in docs/admin-ui.md. Run against a started copy: BASE=http://127.0.0.1:46130 npx tsx test/admin-dev/measure-strapi.ts
import { chromium } from 'playwright-core';

const BASE = process.env.BASE ?? 'http://127.0.0.1:46130';
const RUNS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ADMIN = { firstname: 'M', lastname: 'M', email: 'm@example.com', password: 'Measure-pass-1' };
const LIST = '/admin/content-manager/collection-types/api::article.article?page=1&pageSize=10&sort=title:ASC';

async function main() {
  let token: string | undefined;
  const registered = await fetch(`${BASE}/admin/register-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (registered.ok) token = (await registered.json()).data.token;
  else {
    const login = await fetch(`${BASE}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
    token = (await login.json()).data.token;
  }
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const count = await (await fetch(`${BASE}/content-manager/collection-types/api::article.article?page=1&pageSize=1`, { headers: auth })).json();
  for (let i = count.pagination?.total ?? 0; i < 100; i++) {
    const r = await fetch(`${BASE}/content-manager/collection-types/api::article.article`, { method: 'POST', headers: auth, body: JSON.stringify({ title: `Article ${i}`, summary: 'Some words '.repeat(10), views: i }) });
    if (!r.ok) throw new Error(`seed: ${r.status} ${await r.text()}`);
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const cold: number[] = [];
  const warm: number[] = [];
  let downloaded = 0;
  let decoded = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Sign in through the page (remember me keeps the session across loads).
    await page.goto(`${BASE}/admin/auth/login`);
    await page.fill('input[name=email]', ADMIN.email);
    await page.fill('input[name=password]', ADMIN.password);
    await page.locator('button[role=checkbox], input[name=rememberMe]').first().click().catch(() => undefined);
    await page.click('button[type=submit]');
    await page.waitForFunction(() => !location.pathname.includes('/auth/'), undefined, { timeout: 60_000 });
    await page.goto('about:blank');
    // The first load of the list in a fresh cache is "cold"; the HTTP cache is per context, so
    // clear it (the sign-in above filled it).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    let bytes = 0;
    const sizes = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => sizes.set(e.requestId, 0));
    cdp.on('Network.dataReceived', (e) => sizes.set(e.requestId, (sizes.get(e.requestId) ?? 0) + e.dataLength));
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    for (const [kind, list] of [['cold', cold], ['warm', warm]] as const) {
      bytes = 0;
      sizes.clear();
      await page.goto(`${BASE}${LIST}`, { waitUntil: 'commit' });
      await page.waitForSelector('tbody tr:nth-child(10)', { timeout: 120_000 });
      list.push(await page.evaluate(() => performance.now()));
      if (kind === 'cold' && run === 0) {
        downloaded = bytes;
        decoded = [...sizes.values()].reduce((a, b) => a + b, 0);
      }
      await page.goto('about:blank');
    }
    await context.close();
  }
  await browser.close();
  console.log(JSON.stringify({ firstLoadTransferKiB: +(downloaded / 1024).toFixed(1), firstLoadDecodedKiB: +(decoded / 1024).toFixed(1), listInteractiveColdMs: Math.round(median(cold)), listInteractiveWarmMs: Math.round(median(warm)), runs: RUNS }, null, 2));
}

void main();
