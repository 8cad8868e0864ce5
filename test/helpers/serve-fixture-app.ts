// Runs the fixture app in this process and prints `URL <url>` once it listens: for tests that need
// a real server process (to kill it, or to bound its heap), node on its compiled copy
// (test/helpers/compiled-app.ts). The database kind is the first argument (default sqlite); on
// SIGTERM the app stops and its temporary database is dropped.
import { startFixtureApp, type TestDatabase } from './fixture-app';

const KINDS: readonly TestDatabase[] = ['sqlite', 'postgres', 'mariadb'];
const kind = (process.argv[2] ?? 'sqlite') as TestDatabase;

if (!KINDS.includes(kind)) {
  process.stderr.write(`unknown database kind: ${kind}\n`);
  process.exit(1);
}

startFixtureApp(kind).then(
  (app) => {
    process.stdout.write(`URL ${app.url}\n`);
    process.once('SIGTERM', () => void app.stop().finally(() => process.exit(0)));
  },
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
