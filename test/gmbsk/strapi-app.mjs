// Lays out a real Strapi 5.54 project over test/gmbsk-kit's schemas (gmb.sk's, as committed), for
// side-by-side runs (test/gmbsk/README.md). The oracle's node_modules are hard-linked, not copied.
// Each API gets core-factory routes, controllers and services; the project's third-party plugins
// (search, config sync) are left out, as they add no content types; Public gets the grants of the
// kit's bootstrap.json, and the locales en (default) and sk exist.
//   node test/gmbsk/strapi-app.mjs /tmp/strapi-gmbsk [/tmp/strapi-oracle-app]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOracle, writeBootstrapIndex, writeCoreFactories } from '../answers/strapi-project.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'gmbsk-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/gmbsk/strapi-app.mjs <app dir> [oracle app dir]');

copyOracle(kit, appDir, oracle);
writeCoreFactories(appDir);
const { roles } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
writeBootstrapIndex(appDir, ['en', 'sk'], roles.public);
process.stdout.write(`Strapi project over test/gmbsk-kit in ${appDir}\n`);
