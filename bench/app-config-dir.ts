// The app directory the app-vs-app scenarios run the app from: a temporary copy of the fixture app's
// layout (prisma/ linked, as test/helpers/configured-app.ts does for the tests) with a
// config/plugins.json of our own. The one setting it changes is the users-permissions rate limit:
// the login route allows 5 requests per 5 minutes by default, and a login benchmark answering 429
// after its fifth request would measure the limiter, not the login.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { APP_MAIN } from './config';

/** config/plugins.json of the app-scenario child (Strapi's `{ name: { config } }` form). */
export const APP_SCENARIO_PLUGINS = { 'users-permissions': { config: { ratelimit: { enabled: false } } } } as const;

/** Printed with the app-scenario table so nobody mistakes it for the default configuration. */
export const APP_SCENARIO_CONFIG_NOTE =
  `app child for these scenarios: config/plugins.json \`${JSON.stringify(APP_SCENARIO_PLUGINS)}\` in a temporary app dir — ` +
  'the login rate limit (5 per 5 min by default) is lifted, nothing else changes';

export interface BenchAppDir {
  dir: string;
  remove(): void;
}

/** `appMain`: the entry of the app whose prisma/ is linked (default today's fixture app; BENCH_BASELINE passes its own). */
export function createBenchAppDir(appMain: string = APP_MAIN): BenchAppDir {
  const fixtureAppDir = dirname(dirname(appMain));
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-bench-app-'));
  symlinkSync(join(fixtureAppDir, 'prisma'), join(dir, 'prisma'), 'dir');
  mkdirSync(join(dir, 'config'));
  writeFileSync(join(dir, 'config', 'plugins.json'), `${JSON.stringify(APP_SCENARIO_PLUGINS, null, 2)}\n`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
