// Lays out a real Strapi 5.54 project over test/gmbsk-kit's schemas (gmb.sk's, as committed), for
// side-by-side runs (test/gmbsk/README.md). The oracle's node_modules are hard-linked, not copied.
// Each API gets core-factory routes, controllers and services; the project's third-party plugins
// (search, config sync) are left out, as they add no content types; Public gets the grants of the
// kit's bootstrap.json, and the locales en (default) and sk exist.
//   node test/gmbsk/strapi-app.mjs /tmp/strapi-gmbsk [/tmp/strapi-oracle-app]
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'gmbsk-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/gmbsk/strapi-app.mjs <app dir> [oracle app dir]');

mkdirSync(appDir, { recursive: true });
if (!existsSync(join(appDir, 'node_modules'))) execFileSync('cp', ['-al', join(oracle, 'node_modules'), join(appDir, 'node_modules')]);
mkdirSync(join(appDir, 'public', 'uploads'), { recursive: true });
for (const entry of ['config', 'package.json']) cpSync(join(oracle, entry), join(appDir, entry), { recursive: true });
rmSync(join(appDir, 'src'), { recursive: true, force: true });
cpSync(join(kit, 'src'), join(appDir, 'src'), { recursive: true });

for (const api of readdirSync(join(appDir, 'src', 'api'))) {
  for (const name of readdirSync(join(appDir, 'src', 'api', api, 'content-types'))) {
    const uid = `api::${api}.${name}`;
    for (const [folder, factory] of [['routes', 'createCoreRouter'], ['controllers', 'createCoreController'], ['services', 'createCoreService']]) {
      mkdirSync(join(appDir, 'src', 'api', api, folder), { recursive: true });
      writeFileSync(join(appDir, 'src', 'api', api, folder, `${name}.js`), `'use strict';\n\nmodule.exports = require('@strapi/strapi').factories.${factory}('${uid}');\n`);
    }
  }
}

const { roles } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
writeFileSync(
  join(appDir, 'src', 'index.js'),
  `'use strict';

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    const codes = new Set((await locales.find()).map((l) => l.code));
    for (const code of ['en', 'sk']) if (!codes.has(code)) await locales.create({ code, name: code });
    await locales.setDefaultLocale({ code: 'en' });
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const have = new Set((await strapi.db.query('plugin::users-permissions.permission').findMany({ where: { role: role.id } })).map((p) => p.action));
    for (const action of ${JSON.stringify(roles.public)}) {
      if (!have.has(action)) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
};
`,
);
process.stdout.write(`Strapi project over test/gmbsk-kit in ${appDir}\n`);
