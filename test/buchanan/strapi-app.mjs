// Lays out a real Strapi 5.54 project over test/buchanan-kit's schemas (the buchanan-solutions
// site template's cms/, as committed), for side-by-side runs (test/buchanan/README.md). The
// oracle's node_modules are hard-linked, not copied. Each API gets core-factory routes,
// controllers and services; the project's S3 upload provider is left out (it adds no content
// types); Public gets the grants of the kit's bootstrap.json, and the locales en (default) and fr
// exist.
//   node test/buchanan/strapi-app.mjs /tmp/strapi-buchanan [/tmp/strapi-oracle-app]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOracle, writeBootstrapIndex, writeCoreFactories } from '../answers/strapi-project.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'buchanan-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/buchanan/strapi-app.mjs <app dir> [oracle app dir]');

copyOracle(kit, appDir, oracle);
writeCoreFactories(appDir);
const { roles } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
writeBootstrapIndex(appDir, ['en', 'fr'], roles.public);
process.stdout.write(`Strapi project over test/buchanan-kit in ${appDir}\n`);
