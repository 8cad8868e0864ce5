// The steps every kit's `strapi-app.mjs` takes to lay out a real Strapi 5.54 project over the kit's
// schemas for side-by-side recording: the oracle's node_modules hard-linked (not copied), its config
// and package.json, the kit's src/, core-factory routes, controllers and services per content type,
// local plugins standing in for public ones whose custom fields the schemas name, and a bootstrap
// that creates the locales and grants Public the recorded actions.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

/** The oracle's installation and config with the kit's src/ (replacing what the app dir held). */
export function copyOracle(kitDir, appDir, oracle) {
  mkdirSync(appDir, { recursive: true });
  if (!existsSync(join(appDir, 'node_modules'))) execFileSync('cp', ['-al', join(oracle, 'node_modules'), join(appDir, 'node_modules')]);
  mkdirSync(join(appDir, 'public', 'uploads'), { recursive: true });
  for (const entry of ['config', 'package.json']) cpSync(join(oracle, entry), join(appDir, entry), { recursive: true });
  rmSync(join(appDir, 'src'), { recursive: true, force: true });
  cpSync(join(kitDir, 'src'), join(appDir, 'src'), { recursive: true });
}

/** Core-factory routes, controllers and services for every API content type; answers their uids and kinds. */
export function writeCoreFactories(appDir) {
  const types = [];
  for (const api of readdirSync(join(appDir, 'src', 'api'))) {
    for (const name of readdirSync(join(appDir, 'src', 'api', api, 'content-types'))) {
      const uid = `api::${api}.${name}`;
      const schema = JSON.parse(readFileSync(join(appDir, 'src', 'api', api, 'content-types', name, 'schema.json'), 'utf8'));
      types.push({ uid, kind: schema.kind });
      for (const [folder, factory] of [['routes', 'createCoreRouter'], ['controllers', 'createCoreController'], ['services', 'createCoreService']]) {
        mkdirSync(join(appDir, 'src', 'api', api, folder), { recursive: true });
        writeFileSync(join(appDir, 'src', 'api', api, folder, `${name}.js`), `'use strict';\n\nmodule.exports = require('@strapi/strapi').factories.${factory}('${uid}');\n`);
      }
    }
  }
  return types;
}

/**
 * Local plugins registering the custom fields (`{ plugin, name, type }`) of public plugins the
 * oracle does not install, enabled in config/plugins.js.
 */
export function writeStandInPlugins(appDir, oracle, standIns) {
  mkdirSync(join(appDir, 'src', 'plugins'), { recursive: true });
  for (const { plugin, name, type } of standIns) {
    const dir = join(appDir, 'src', 'plugins', plugin);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: plugin, version: '0.0.0', strapi: { name: plugin, kind: 'plugin' } }));
    writeFileSync(join(dir, 'strapi-server.js'), `'use strict';\n\nmodule.exports = { register({ strapi }) { strapi.customFields.register({ name: '${name}', plugin: '${plugin}', type: '${type}' }); } };\n`);
  }
  const plugins = readdirSync(join(appDir, 'src', 'plugins'));
  const config = readFileSync(join(oracle, 'config', 'plugins.js'), 'utf8').replace(
    /\n\}\);\s*$/,
    `\n${plugins.map((p) => `  '${p}': { enabled: true, resolve: './src/plugins/${p}' },`).join('\n')}\n});\n`,
  );
  writeFileSync(join(appDir, 'config', 'plugins.js'), config);
}

/** A `bootstrap` method (indented for a `module.exports` object): `locales` exist (the first is the default) and Public may do `actions`. */
export function bootstrapMethod(locales, actions) {
  return `  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    const codes = new Set((await locales.find()).map((l) => l.code));
    for (const code of ${JSON.stringify(locales).replace(/"/g, "'").replace(/,/g, ', ')}) if (!codes.has(code)) await locales.create({ code, name: code });
    await locales.setDefaultLocale({ code: '${locales[0]}' });
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const have = new Set((await strapi.db.query('plugin::users-permissions.permission').findMany({ where: { role: role.id } })).map((p) => p.action));
    for (const action of ${JSON.stringify(actions)}) {
      if (!have.has(action)) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
`;
}

/** src/index.js: no register work, the bootstrap above. */
export function writeBootstrapIndex(appDir, locales, actions) {
  writeFileSync(join(appDir, 'src', 'index.js'), `'use strict';\n\nmodule.exports = {\n  register() {},\n${bootstrapMethod(locales, actions)}};\n`);
}
