// Lays out a real Strapi 5.54 project over test/pluto-kit's schemas (PLUTO's packages/cms, as
// committed), for side-by-side runs (test/pluto/README.md). The oracle's node_modules are
// hard-linked, not copied. Each API gets core-factory routes, controllers and services; the
// project's plugins (documentation, SEO, an admin-user initializer) are left out, as they add no
// content types; Public gets the grants of the kit's bootstrap.json; the locale is en.
//   node test/pluto/strapi-app.mjs /tmp/strapi-pluto [/tmp/strapi-oracle-app]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOracle, writeBootstrapIndex, writeCoreFactories } from '../answers/strapi-project.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'pluto-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/pluto/strapi-app.mjs <app dir> [oracle app dir]');

copyOracle(kit, appDir, oracle);
writeCoreFactories(appDir);
const { roles } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
writeBootstrapIndex(appDir, ['en'], roles.public);
process.stdout.write(`Strapi project over test/pluto-kit in ${appDir}\n`);
