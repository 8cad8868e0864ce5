// Lays out a real Strapi 5.54 project over test/loose-kit's schemas, for side-by-side runs
// (test/loose/README.md). The oracle's node_modules are hard-linked, not copied. Each API gets
// core-factory routes, controllers and services; the public plugins whose custom fields the kit
// uses are stood in for by local plugins that register the same fields (name, plugin, type), and
// Public may do everything on the kit's types.
//   node test/loose/strapi-app.mjs /tmp/strapi-loose [/tmp/strapi-oracle-app]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapMethod, copyOracle, writeCoreFactories, writeStandInPlugins } from '../answers/strapi-project.mjs';

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

copyOracle(kit, appDir, oracle);

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

const uids = writeCoreFactories(appDir);
writeStandInPlugins(appDir, oracle, STAND_INS);

// The kit's own register (its global custom field), then a bootstrap granting Public everything.
const actions = uids.flatMap(({ uid, kind }) => (kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete']).map((a) => `${uid}.${a}`));
actions.push('plugin::upload.content-api.find', 'plugin::upload.content-api.findOne', 'plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy');
const kitIndex = readFileSync(join(kit, 'src', 'index.js'), 'utf8');
writeFileSync(join(appDir, 'src', 'index.js'), `${kitIndex.replace('bootstrap() {},', '').replace(/\n\};\s*$/, '')}\n${bootstrapMethod(['en', 'fr'], actions)}};\n`);
process.stdout.write(`Strapi project over test/loose-kit in ${appDir}\n`);
