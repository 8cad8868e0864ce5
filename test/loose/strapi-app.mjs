// Lays out a real Strapi 5.54 project over test/loose-kit's schemas, for side-by-side runs
// (test/loose/README.md). The oracle's node_modules are hard-linked, not copied. Each API gets
// core-factory routes, controllers and services; the public plugins whose custom fields the kit
// uses are stood in for by local plugins that register the same fields (name, plugin, type), and
// Public may do everything on the kit's types.
//   node test/loose/strapi-app.mjs /tmp/strapi-loose [/tmp/strapi-oracle-app]
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', 'loose-kit');
const [appDir, oracle = '/tmp/strapi-oracle-app'] = process.argv.slice(2);
if (!appDir) throw new Error('usage: node test/loose/strapi-app.mjs <app dir> [oracle app dir]');

/** The public plugins the kit's schemas name, with what each registers (from their packages). */
const STAND_INS = [
  { plugin: 'ckeditor5', name: 'CKEditor', type: 'richtext' },
  { plugin: 'ckeditor', name: 'CKEditor', type: 'richtext' },
  { plugin: 'color-picker', name: 'color', type: 'string' },
  { plugin: 'google-maps', name: 'location-picker', type: 'json' },
];

mkdirSync(appDir, { recursive: true });
if (!existsSync(join(appDir, 'node_modules'))) execFileSync('cp', ['-al', join(oracle, 'node_modules'), join(appDir, 'node_modules')]);
mkdirSync(join(appDir, 'public', 'uploads'), { recursive: true });
for (const entry of ['config', 'package.json']) cpSync(join(oracle, entry), join(appDir, entry), { recursive: true });
rmSync(join(appDir, 'src'), { recursive: true, force: true });
cpSync(join(kit, 'src'), join(appDir, 'src'), { recursive: true });

// Relations no attribute owns (a mappedBy side whose other side does not name it back) boot, but
// Strapi 5.54 then crashes, depending on the order it loaded its models in, on writes of unrelated
// types (reading the missing join table). They are left out of the Strapi copy so its other answers
// can be recorded; cms-gen leaves them out of its API (test/e2e/loose-answers.test.ts).
const UNOWNED = { 'person/person': ['pets', 'teams'], 'team/team': ['members'] };
for (const [type, names] of Object.entries(UNOWNED)) {
  const [api, name] = type.split('/');
  const file = join(appDir, 'src', 'api', api, 'content-types', name, 'schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  for (const attribute of names) delete schema.attributes[attribute];
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
}

const uids = [];
for (const api of readdirSync(join(appDir, 'src', 'api'))) {
  for (const name of readdirSync(join(appDir, 'src', 'api', api, 'content-types'))) {
    const uid = `api::${api}.${name}`;
    const schema = JSON.parse(readFileSync(join(appDir, 'src', 'api', api, 'content-types', name, 'schema.json'), 'utf8'));
    uids.push({ uid, kind: schema.kind });
    for (const [folder, factory] of [['routes', 'createCoreRouter'], ['controllers', 'createCoreController'], ['services', 'createCoreService']]) {
      mkdirSync(join(appDir, 'src', 'api', api, folder), { recursive: true });
      writeFileSync(join(appDir, 'src', 'api', api, folder, `${name}.js`), `'use strict';\n\nmodule.exports = require('@strapi/strapi').factories.${factory}('${uid}');\n`);
    }
  }
}

for (const { plugin, name, type } of STAND_INS) {
  const dir = join(appDir, 'src', 'plugins', plugin);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: plugin, version: '0.0.0', strapi: { name: plugin, kind: 'plugin' } }));
  writeFileSync(join(dir, 'strapi-server.js'), `'use strict';\n\nmodule.exports = { register({ strapi }) { strapi.customFields.register({ name: '${name}', plugin: '${plugin}', type: '${type}' }); } };\n`);
}
const localPlugins = readdirSync(join(appDir, 'src', 'plugins'));
const pluginsConfig = readFileSync(join(oracle, 'config', 'plugins.js'), 'utf8').replace(
  /\n\}\);\s*$/,
  `\n${localPlugins.map((p) => `  '${p}': { enabled: true, resolve: './src/plugins/${p}' },`).join('\n')}\n});\n`,
);
writeFileSync(join(appDir, 'config', 'plugins.js'), pluginsConfig);

// The kit's own register (its global custom field), then a bootstrap granting Public everything.
const actions = uids.flatMap(({ uid, kind }) => (kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete']).map((a) => `${uid}.${a}`));
actions.push('plugin::upload.content-api.find', 'plugin::upload.content-api.findOne', 'plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy');
const kitIndex = readFileSync(join(kit, 'src', 'index.js'), 'utf8');
writeFileSync(
  join(appDir, 'src', 'index.js'),
  `${kitIndex.replace('bootstrap() {},', '')
    .replace(/\n\};\s*$/, '')}
  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    const codes = new Set((await locales.find()).map((l) => l.code));
    for (const code of ['en', 'fr']) if (!codes.has(code)) await locales.create({ code, name: code });
    await locales.setDefaultLocale({ code: 'en' });
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const have = new Set((await strapi.db.query('plugin::users-permissions.permission').findMany({ where: { role: role.id } })).map((p) => p.action));
    for (const action of ${JSON.stringify(actions)}) {
      if (!have.has(action)) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
};
`,
);
process.stdout.write(`Strapi project over test/loose-kit in ${appDir}\n`);
