// The body of the kits' serve.ts scripts (test/kitchen, test/loose, test/users-ext): start an app,
// print its URL for the recorder or a person, stop it cleanly on Ctrl-C or SIGTERM, and exit 1
// with the error if it does not start.
import type { FixtureApp } from './fixture-app';

export function serveUntilStopped(start: Promise<Pick<FixtureApp, 'url' | 'stop'>>): void {
  start.then(
    (running) => {
      process.stdout.write(`URL ${running.url}\n`);
      process.once('SIGINT', () => void running.stop().then(() => process.exit(0)));
      process.once('SIGTERM', () => void running.stop().then(() => process.exit(0)));
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
