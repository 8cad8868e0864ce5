// Lays out a real Strapi 5.54 project over test/foodadvisor-kit's schemas (FoodAdvisor's, as
// committed), for side-by-side runs (test/foodadvisor/README.md). The oracle's node_modules are
// hard-linked, not copied. Each API gets core-factory routes, controllers and services; the
// CKEditor plugin whose custom field FoodAdvisor uses is stood in for by a local plugin registering
// the same field; Public gets the grants of the kit's bootstrap.json.
//   node test/foodadvisor/strapi-app.mjs /tmp/strapi-foodadvisor [/tmp/strapi-oracle-app]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOracle, writeBootstrapIndex, writeCoreFactories, writeStandInPlugins } from '../answers/strapi-project.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'foodadvisor-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/foodadvisor/strapi-app.mjs <app dir> [oracle app dir]');

/** @ckeditor/strapi-plugin-ckeditor registers this field (its server code). */
const STAND_INS = [{ plugin: 'ckeditor', name: 'CKEditor', type: 'richtext' }];

copyOracle(kit, appDir, oracle);
writeCoreFactories(appDir);
writeStandInPlugins(appDir, oracle, STAND_INS);
const { roles } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
writeBootstrapIndex(appDir, ['en', 'fr'], roles.public);
process.stdout.write(`Strapi project over test/foodadvisor-kit in ${appDir}\n`);
