// The fixture app run as its own process from another app directory (ADMIN_TEST_APP_DIR, which
// holds its config/ and a link to the fixture's prisma/), for tests of how NODE_ENV and
// config/admin decide whether the admin panel is served.
import { runApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';

const appDir = process.env.ADMIN_TEST_APP_DIR;
if (!appDir) throw new Error('ADMIN_TEST_APP_DIR is not set');
void runApp({ ...app, appDir });
