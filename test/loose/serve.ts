// Serves the loose kit's generated app on a fresh SQLite database, for side-by-side runs against
// real Strapi started on the same schemas (test/loose/README.md):
//   node --import tsx test/loose/serve.ts   (prints its URL; Ctrl-C stops it)
import { startKitApp } from '../helpers/kit-app';
import { serveUntilStopped } from '../helpers/serve-until-stopped';

serveUntilStopped(startKitApp('loose-kit', 'sqlite'));
