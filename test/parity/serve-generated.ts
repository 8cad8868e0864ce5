// Serves the generated fixture app on PORT (default 14701) over the SQLite file DATABASE_URL, for
// side-by-side runs against the Strapi oracle (test/parity/README.md):
//   DATABASE_URL=file:/tmp/parity.db PORT=14701 node --import tsx test/parity/serve-generated.ts
import { startApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';

const port = Number(process.env.PORT ?? 14701);
startApp(app, { port, host: '127.0.0.1' }).then(
  (running) => process.stdout.write(`URL ${running.url}\n`),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
