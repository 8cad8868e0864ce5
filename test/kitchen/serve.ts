// Serves a kit's generated app on a fresh SQLite database, for side-by-side runs against real
// Strapi started on the same schemas (test/kitchen/README.md, test/relation-matrix/README.md, test/foodadvisor/README.md, test/gmbsk/README.md):
//   PORT=<port> node --import tsx test/kitchen/serve.ts [kitchen-kit|relation-kit|…]   (prints its URL; Ctrl-C stops it)
import { startKitApp, type Kit } from '../helpers/kit-app';
import { serveUntilStopped } from '../helpers/serve-until-stopped';

serveUntilStopped(startKitApp((process.argv[2] ?? 'kitchen-kit') as Kit, 'sqlite', Number(process.env.PORT ?? 0)));
