// Measures the admin panel on localhost: the initial JavaScript (gzipped, from dist/build-info.json,
// and as the browser downloads it) and the time from navigation to an interactive list of 10 rows.
// Run: npx tsx test/admin-dev/measure.ts  (test/admin-kit's app on SQLite, port 46120 or PORT, 100 articles,
// 7 page loads, median). Under TMPDIR=$PWD/test/kitchen-tmp, so the generated app gets the
// repository's tsconfig (decorators).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startAdminKitApp } from '../helpers/admin-kit-app';

const RUNS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const server = await startAdminKitApp('sqlite', Number(process.env.PORT ?? 46120));
  const post = (path: string, body: unknown, cookie = '', csrf = '') =>
    fetch(`${server.url}/admin/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf }, body: JSON.stringify(body) });
  const registered = await post('/auth/register-first', { firstname: 'M', lastname: 'M', email: 'm@example.com', password: 'Measure-pass-1' });
  const cookies = registered.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('cmsgen_admin_csrf='))!.split('=')[1];
  for (let i = 0; i < 100; i++) await post('/content/api::article.article?locale=en', { title: `Article ${i}`, summary: 'Some words '.repeat(10), views: i }, cookies.join('; '), csrf);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const cold: number[] = [];
  const warm: number[] = [];
  let downloaded = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    await context.addCookies(cookies.map((c) => ({ name: c.split('=')[0], value: c.split('=').slice(1).join('='), url: `${server.url}/admin` })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let js = 0;
    cdp.on('Network.loadingFinished', (e) => (js += e.encodedDataLength));
    for (const [kind, list] of [['cold', cold], ['warm', warm]] as const) {
      js = 0;
      await page.goto(`${server.url}/admin/#/articles`, { waitUntil: 'commit' });
      await page.waitForSelector('tbody tr:nth-child(10) td.column-title');
      list.push(await page.evaluate(() => performance.now()));
      if (kind === 'cold' && run === 0) downloaded = js;
      await page.goto('about:blank');
    }
    await context.close();
  }
  await browser.close();
  await server.stop();
  const info = JSON.parse(readFileSync(join(__dirname, '..', '..', 'runtime', 'admin-ui', 'dist', 'build-info.json'), 'utf8'));
  console.log(
    JSON.stringify(
      {
        initialJsGzipKiB: +(info.initialJsGzipBytes / 1024).toFixed(1),
        allJsGzipKiB: +(info.allJsGzipBytes / 1024).toFixed(1),
        firstLoadTransferKiB: +(downloaded / 1024).toFixed(1),
        listInteractiveColdMs: Math.round(median(cold)),
        listInteractiveWarmMs: Math.round(median(warm)),
        runs: RUNS,
      },
      null,
      2,
    ),
  );
}

void main();
