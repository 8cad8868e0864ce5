// Lays out a real Strapi 5.54 project over a kit's schemas for side-by-side recording (each set's
// README says which kit): the kit's src/ with the oracle's installation (its node_modules
// hard-linked, not copied), core-factory routes, controllers and services per API, and a bootstrap
// that creates the kit's locales (its bootstrap.json `locales`, the default first; en when it names
// none) and grants Public the kit's Public actions. For kits whose projects' plugins add no content
// types (gmb.sk, SkyTruth 30x30, the buchanan-solutions template, PLUTO): kits that need stand-in
// plugins or changed schemas have a script of their own (test/foodadvisor, test/loose).
//   node test/answers/kit-strapi-app.mjs <kit> <app dir> [oracle app dir]     e.g. gmbsk-kit /tmp/strapi-gmbsk
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOracle, writeBootstrapIndex, writeCoreFactories } from './strapi-project.mjs';

const [kitName, appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!kitName || !appDir) throw new Error('usage: node test/answers/kit-strapi-app.mjs <kit> <app dir> [oracle app dir]');
const kit = join(dirname(fileURLToPath(import.meta.url)), '..', kitName);
const { roles, locales } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
const codes = locales ? [locales.default, ...locales.available.map((l) => l.code).filter((code) => code !== locales.default)] : ['en'];

copyOracle(kit, appDir, oracle);
writeCoreFactories(appDir);
writeBootstrapIndex(appDir, codes, roles.public);
process.stdout.write(`Strapi project over test/${kitName} in ${appDir} (locales ${codes.join(', ')})\n`);
