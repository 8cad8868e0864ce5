// Serves the gmb.sk kit's generated app on a fresh SQLite database, for side-by-side runs against
// real Strapi started on the same schemas (test/gmbsk/README.md):
//   node --import tsx test/gmbsk/serve.ts   (prints its URL; Ctrl-C stops it)
import { startKitApp } from '../helpers/kit-app';

startKitApp('gmbsk-kit', 'sqlite', Number(process.env.PORT ?? 0)).then(
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
