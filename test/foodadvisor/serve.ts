// Serves the FoodAdvisor kit's generated app on a fresh SQLite database, for side-by-side runs against
// real Strapi started on the same schemas (test/foodadvisor/README.md):
//   node --import tsx test/foodadvisor/serve.ts   (prints its URL; Ctrl-C stops it)
import { startKitApp } from '../helpers/kit-app';

startKitApp('foodadvisor-kit', 'sqlite', Number(process.env.PORT ?? 0)).then(
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
