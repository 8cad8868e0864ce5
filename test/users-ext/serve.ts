// Serves the users kit's generated app on a fresh SQLite database, for side-by-side runs against
// real Strapi started on the same schemas (test/users-ext/README.md):
//   TMPDIR=$PWD/test/users-tmp PORT=14410 node --import tsx test/users-ext/serve.ts   (prints its URL; Ctrl-C stops it)
import { startUsersKitApp } from '../helpers/users-kit-app';
import { serveUntilStopped } from '../helpers/serve-until-stopped';

serveUntilStopped(startUsersKitApp('sqlite', Number(process.env.PORT ?? 0)));
