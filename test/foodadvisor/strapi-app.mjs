// Lays out a real Strapi 5.54 project over test/foodadvisor-kit's schemas (FoodAdvisor's, as
// committed), for side-by-side runs (test/foodadvisor/README.md). The oracle's node_modules are
// hard-linked, not copied. Each API gets core-factory routes, controllers and services; the
// CKEditor plugin whose custom field FoodAdvisor uses is stood in for by a local plugin registering
// the same field; Public gets the grants of the kit's bootstrap.json.
//   node test/foodadvisor/strapi-app.mjs /tmp/strapi-foodadvisor [/tmp/strapi-oracle-app]
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'foodadvisor-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/foodadvisor/strapi-app.mjs <app dir> [oracle app dir]');

/** @ckeditor/strapi-plugin-ckeditor registers this field (its server code). */
const STAND_INS = [{ plugin: 'ckeditor', name: 'CKEditor', type: 'richtext' }];

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

mkdirSync(join(appDir, 'src', 'plugins'), { recursive: true });
for (const { plugin, name, type } of STAND_INS) {
  const dir = join(appDir, 'src', 'plugins', plugin);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: plugin, version: '0.0.0', strapi: { name: plugin, kind: 'plugin' } }));
  writeFileSync(join(dir, 'strapi-server.js'), `'use strict';\n\nmodule.exports = { register({ strapi }) { strapi.customFields.register({ name: '${name}', plugin: '${plugin}', type: '${type}' }); } };\n`);
}
const pluginsConfig = readFileSync(join(oracle, 'config', 'plugins.js'), 'utf8').replace(
  /\n\}\);\s*$/,
  `\n${STAND_INS.map(({ plugin }) => `  '${plugin}': { enabled: true, resolve: './src/plugins/${plugin}' },`).join('\n')}\n});\n`,
);
writeFileSync(join(appDir, 'config', 'plugins.js'), pluginsConfig);

const { roles } = JSON.parse(readFileSync(join(kit, 'bootstrap.json'), 'utf8'));
writeFileSync(
  join(appDir, 'src', 'index.js'),
  `'use strict';

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    const codes = new Set((await locales.find()).map((l) => l.code));
    for (const code of ['en', 'fr']) if (!codes.has(code)) await locales.create({ code, name: code });
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
process.stdout.write(`Strapi project over test/foodadvisor-kit in ${appDir}\n`);
