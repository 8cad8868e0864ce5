// Runs the fixture app on SQLite in this process and prints `URL <url>` once it listens: for tests
// that need a real server process to kill (node on its compiled copy, test/helpers/compiled-app.ts).
import { startFixtureApp } from './fixture-app';

startFixtureApp('sqlite').then(
  (app) => process.stdout.write(`URL ${app.url}\n`),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
