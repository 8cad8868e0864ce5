// Asks real Strapi 5.54 whether each project of the corpus boots, and records the verdicts (with
// the schema counts and features) in corpus.json. Not part of `npm test`: Strapi is not run in CI.
//
//   tsx test/realworld/check-strapi.ts [--only a,b] [--features-only] [--jobs 2] [--port-offset 0]
//
// Each project is tried on a copy of the oracle app (test/strapi-oracle, installed at
// $ORACLE_APP or /tmp/strapi-oracle-app): its node_modules hard-linked, the project's src/api,
// src/components and src/extensions content-type schemas copied in, and a core router, controller
// and service written for every content type (the project's own code is left out). First without
// the project's plugins; then, when its schemas use a plugin's custom field or content type, with
// that plugin's npm package installed into the copy. The oracle's GraphQL plugin is switched off
// for a project that does not install it.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyseProject, type ProjectFacts } from './analyse';
import { pluginPackages, type PluginPackage } from './plugin-packages';

const HERE = __dirname;
const ORACLE = process.env.ORACLE_APP ?? '/tmp/strapi-oracle-app';
const WORK = process.env.CORPUS_WORK ?? '/tmp';
const PORTS = [1345, 1346, 1347, 1348, 1349];
const BOOT_TIMEOUT_MS = 240_000;

// `not run`: a plugin the project needs cannot be installed here (not on the registry).
export type Verdict = 'boots' | `refuses: ${string}` | `not run: ${string}` | 'not applicable';

export interface CorpusEntry extends ProjectFacts {
  /** standIns: plugins not on the registry here, replaced by a stand-in registering their custom fields. */
  strapi: { noPlugins: Verdict; withPlugins: Verdict; plugins: string[]; standIns?: string[] };
}

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;
const featuresOnly = args.includes('--features-only');
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : 2;
// A second run beside a first one takes the next ports of the range.
const firstPort = args.includes('--port-offset') ? Number(args[args.indexOf('--port-offset') + 1]) : 0;

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

function projects(): string[] {
  return readdirSync(HERE)
    .filter((name) => isDir(join(HERE, name)) && isDir(join(HERE, name, 'src')))
    .sort();
}

const factory = (kind: string, fn: string, uid: string): string =>
  `'use strict';\n\n// ${kind} written by check-strapi.ts\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.${fn}('${uid}');\n`;

/** Copies the schema files of one project into an oracle app copy, with core factories per type. */
function copySchemas(project: string, app: string): void {
  const src = join(HERE, project, 'src');
  const apiDir = join(src, 'api');
  for (const api of isDir(apiDir) ? readdirSync(apiDir) : []) {
    const typesDir = join(apiDir, api, 'content-types');
    for (const name of isDir(typesDir) ? readdirSync(typesDir) : []) {
      const schema = join(typesDir, name, 'schema.json');
      if (!existsSync(schema)) continue;
      const out = join(app, 'src', 'api', api);
      mkdirSync(join(out, 'content-types', name), { recursive: true });
      cpSync(schema, join(out, 'content-types', name, 'schema.json'));
      const uid = `api::${api}.${name}`;
      for (const [dir, fn] of [['routes', 'createCoreRouter'], ['controllers', 'createCoreController'], ['services', 'createCoreService']] as const) {
        mkdirSync(join(out, dir), { recursive: true });
        writeFileSync(join(out, dir, `${name}.js`), factory(dir, fn, uid));
      }
    }
  }
  if (isDir(join(src, 'components'))) cpSync(join(src, 'components'), join(app, 'src', 'components'), { recursive: true });
  const extensions = join(src, 'extensions');
  if (isDir(extensions)) {
    cpSync(extensions, join(app, 'src', 'extensions'), {
      recursive: true,
      filter: (from) => isDir(from) || from.endsWith('schema.json'),
    });
  }
}

/** Writes the app's entry file: the project's own when it registers custom fields, else an empty one. */
function writeIndex(project: string, app: string): void {
  for (const ext of ['js', 'ts']) {
    const own = join(HERE, project, 'src', `index.${ext}`);
    if (existsSync(own)) {
      cpSync(own, join(app, 'src', `index.${ext}`));
      return;
    }
  }
  writeFileSync(join(app, 'src', 'index.js'), "'use strict';\n\nmodule.exports = { register() {}, bootstrap() {} };\n");
}

/**
 * Settings a plugin refuses to start without (credentials of an outside service): placeholders,
 * since booting is all that is asked. Keyed by plugin id.
 */
const PLUGIN_CONFIG: Record<string, Record<string, string>> = {
  'mux-video-uploader': { accessTokenId: 'placeholder', secretKey: 'placeholder', webhookSigningSecret: 'placeholder' },
};

/** Whether the project installs Strapi's GraphQL plugin (FoodAdvisor's copy has no package.json: it does not). */
function installsGraphql(project: string): boolean {
  const file = join(HERE, project, 'package.json');
  if (!existsSync(file)) return false;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  return Boolean(pkg.dependencies?.['@strapi/plugin-graphql'] ?? pkg.devDependencies?.['@strapi/plugin-graphql']);
}

/**
 * The oracle's config/plugins.js, plus the placeholder settings of the plugins being installed,
 * and GraphQL switched off for a project that does not install it (as cms-gen builds it): the
 * oracle's GraphQL plugin would otherwise refuse schemas the project boots with (Rutba ERP's own
 * `plugin::users-permissions.me`, whose GraphQL type name the plugin already defines).
 */
function writePluginsConfig(app: string, plugins: PluginPackage[], graphql: boolean): void {
  const extra: Record<string, unknown> = Object.fromEntries(plugins.flatMap((p) => (p.id && PLUGIN_CONFIG[p.id] ? [[p.id, { enabled: true, config: PLUGIN_CONFIG[p.id] }]] : [])));
  if (!graphql) extra.graphql = { enabled: false };
  if (Object.keys(extra).length === 0) return;
  cpSync(join(app, 'config', 'plugins.js'), join(app, 'config', 'oracle-plugins.js'));
  writeFileSync(
    join(app, 'config', 'plugins.js'),
    `'use strict';\n\nconst oracle = require('./oracle-plugins');\n\nmodule.exports = (ctx) => ({ ...oracle(ctx), ...${JSON.stringify(extra)} });\n`,
  );
}

function makeApp(project: string, port: number, plugins: PluginPackage[]): { app: string; standIns: string[] } {
  const app = join(WORK, `strapi-corpus-${port}`);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(join(app, 'src'), { recursive: true });
  // Hard links: instant, and Strapi never writes into node_modules.
  const linked = spawnSync('cp', ['-al', join(ORACLE, 'node_modules'), join(app, 'node_modules')]);
  if (linked.status !== 0) throw new Error(`cp -al failed: ${linked.stderr}`);
  cpSync(join(ORACLE, 'config'), join(app, 'config'), { recursive: true });
  writePluginsConfig(app, plugins, installsGraphql(project));
  mkdirSync(join(app, 'public', 'uploads'), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ORACLE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const plugin of plugins) pkg.dependencies[plugin.name] = plugin.version;
  writeFileSync(join(app, 'package.json'), JSON.stringify(pkg, null, 2));
  copySchemas(project, app);
  writeIndex(project, app);
  const standIns = plugins.length > 0 ? installPlugins(app, plugins) : [];
  return { app, standIns };
}

/** A plugin package the registry here does not have: Strapi cannot be asked with it. */
class Unavailable extends Error {}

/**
 * The storage type of the custom fields of plugins the registry here does not have, as each
 * plugin's own server code registers it. Such a plugin is replaced by a stand-in that registers
 * the same custom fields with that type, so Strapi can still be asked about the rest of the schemas.
 */
const STAND_IN_TYPES: Record<string, string> = {
  ckeditor5: 'richtext',
  'better-blocks': 'json',
  chartkit: 'json',
  'checkbox-list': 'json',
};

/** Writes a stand-in plugin package into the copy: it only registers the custom fields. */
function writeStandIn(app: string, plugin: PluginPackage): string {
  const id = plugin.id ?? '';
  const type = STAND_IN_TYPES[id];
  const dir = join(app, 'node_modules', plugin.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: plugin.name, version: '0.0.0', main: 'strapi-server.js', strapi: { kind: 'plugin', name: id } }, null, 2));
  const fields = (plugin.fields ?? []).map((name) => ({ name, plugin: id, type }));
  writeFileSync(
    join(dir, 'strapi-server.js'),
    `'use strict';\n\n// Stand-in written by check-strapi.ts: the custom fields only.\nmodule.exports = {\n  register({ strapi }) {\n    for (const field of ${JSON.stringify(fields)}) strapi.customFields.register(field);\n  },\n};\n`,
  );
  return `${plugin.name} (stand-in: ${(plugin.fields ?? []).join(', ')} as ${type})`;
}

/**
 * Installs each plugin package beside the copy (never into its hard-linked tree, which is the
 * oracle's), then copies in the packages the copy lacks. Peers are left out: the copy has Strapi's.
 */
function installPlugins(app: string, plugins: PluginPackage[]): string[] {
  const standIns: string[] = [];
  for (const plugin of plugins) {
    const spec = `${plugin.name}@${plugin.version}`;
    const scratch = join(WORK, `strapi-corpus-plugin-${spec.replace(/[@/^~<>=*| ]/g, '_')}`);
    if (!isDir(join(scratch, 'node_modules'))) {
      mkdirSync(scratch, { recursive: true });
      writeFileSync(join(scratch, 'package.json'), '{"name":"scratch","private":true}');
      const install = (what: string) =>
        spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', what], { cwd: scratch, encoding: 'utf8' });
      let done = install(spec);
      // A version newer than the registry here has: its newest one stands in.
      if (done.status !== 0 && /ETARGET/.test(done.stderr)) done = install(`${plugin.name}@latest`);
      if (done.status !== 0) {
        rmSync(scratch, { recursive: true, force: true });
        if (/E404|404 Not Found/.test(done.stderr)) {
          if (plugin.id && STAND_IN_TYPES[plugin.id]) {
            standIns.push(writeStandIn(app, plugin));
            continue;
          }
          throw new Unavailable(`${plugin.name} is not on the npm registry reachable here`);
        }
        throw new Error(`npm install ${spec} failed: ${done.stderr.split('\n').find((l) => l.includes('error')) ?? ''}`);
      }
    }
    const from = join(scratch, 'node_modules');
    for (const entry of readdirSync(from)) {
      const names = entry.startsWith('@') ? readdirSync(join(from, entry)).map((n) => `${entry}/${n}`) : [entry];
      for (const name of names) {
        if (name.startsWith('.') || existsSync(join(app, 'node_modules', name))) continue;
        cpSync(join(from, name), join(app, 'node_modules', name), { recursive: true });
      }
    }
  }
  return standIns;
}

/** The first line of Strapi's error: the message, without the stack. */
function refusal(log: string, app: string): string {
  const lines = log.split(`${app}/`).join('').split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim());
  const at = lines.findIndex((l) => /^(\[[^\]]*\] )?error/i.test(l) || /Error:/.test(l));
  if (at < 0) return lines.filter(Boolean).slice(-2).join(' ').slice(0, 400);
  // Strapi logs `error: <message>` and then throws `Error: <message>`: keep one of them.
  const clean = (line: string): string => line.replace(/^\[[^\]]*\]\s*/, '').replace(/^(error:\s*)+/i, '').replace(/^[A-Za-z]*Error:\s*/, '');
  // The message may start on the line after `error:`.
  const message = lines.slice(at, at + 4).map(clean).find((l) => l !== '' && !l.startsWith('at ')) ?? '';
  return (message || lines.filter(Boolean).slice(-2).join(' ')).slice(0, 400);
}

const LOGS = join(WORK, 'strapi-corpus-logs');

/** Starts Strapi in the copy; its output is kept in $CORPUS_WORK/strapi-corpus-logs/<logName>.log. */
function boot(app: string, port: number, logName: string): Promise<Verdict> {
  return new Promise((done) => {
    const child = spawn('node', ['node_modules/@strapi/strapi/bin/strapi.js', 'start'], {
      cwd: app,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), STRAPI_TELEMETRY_DISABLED: 'true', BROWSER: 'none', NODE_ENV: 'development', UP_RATELIMIT: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    let settled = false;
    const finish = (verdict: Verdict): void => {
      if (settled) return;
      settled = true;
      mkdirSync(LOGS, { recursive: true });
      writeFileSync(join(LOGS, `${logName}.log`), log);
      clearInterval(poll);
      clearTimeout(timer);
      child.kill('SIGKILL');
      done(verdict);
    };
    // 'close', not 'exit': the output is read to its end before the verdict is taken from it.
    child.on('close', () => finish(`refuses: ${refusal(log, app)}`));
    const poll = setInterval(() => {
      fetch(`http://127.0.0.1:${port}/_health`)
        .then((res) => {
          if (res.status === 204) finish('boots');
        })
        .catch(() => undefined);
    }, 500);
    const timer = setTimeout(() => finish(`refuses: no answer within ${BOOT_TIMEOUT_MS / 1000}s; ${refusal(log, app)}`), BOOT_TIMEOUT_MS);
  });
}

async function ask(project: string, port: number, plugins: PluginPackage[], standIns: string[] = []): Promise<Verdict> {
  let app: string;
  try {
    const made = makeApp(project, port, plugins);
    app = made.app;
    standIns.push(...made.standIns);
  } catch (err) {
    rmSync(join(WORK, `strapi-corpus-${port}`), { recursive: true, force: true });
    if (err instanceof Unavailable) return `not run: ${err.message}`;
    return `not run: could not set up: ${(err as Error).message.split('\n')[0]}`;
  }
  const verdict = await boot(app, port, `${project}${plugins.length > 0 ? '.with-plugins' : ''}`);
  rmSync(app, { recursive: true, force: true });
  return verdict;
}

const readCorpus = (file: string): CorpusEntry[] => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CorpusEntry[]) : []);

async function main(): Promise<void> {
  const file = join(HERE, 'corpus.json');
  const byName = new Map(readCorpus(file).map((e) => [e.project, e]));
  const done = new Map<string, CorpusEntry>();
  /** Written after every project (a long run keeps what it learnt), merged with what is on disk. */
  const save = (): number => {
    // Read again: another run (--port-offset) may have written its projects meanwhile.
    const merged = new Map(readCorpus(file).map((e) => [e.project, e]));
    for (const [project, entry] of done) merged.set(project, entry);
    const entries = [...merged.values()].filter((e) => existsSync(join(HERE, e.project))).sort((a, b) => (a.project < b.project ? -1 : 1));
    writeFileSync(file, `${JSON.stringify(entries, null, 2)}\n`);
    return entries.length;
  };
  const todo = projects().filter((p) => !only || only.includes(p));
  const queue = [...todo];
  const worker = async (port: number): Promise<void> => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
      const facts = analyseProject(join(HERE, project));
      const plugins = pluginPackages(join(HERE, project), facts);
      const old = byName.get(project);
      let strapi = old?.strapi ?? { noPlugins: 'not applicable' as Verdict, withPlugins: 'not applicable' as Verdict, plugins: [] };
      if (!featuresOnly) {
        const noPlugins = await ask(project, port, []);
        const standIns: string[] = [];
        const withPlugins = plugins.length === 0 ? noPlugins : await ask(project, port, plugins, standIns);
        strapi = { noPlugins, withPlugins, plugins: plugins.map((p) => `${p.name}@${p.version}`), ...(standIns.length > 0 ? { standIns } : {}) };
        console.log(`${project}: no plugins: ${noPlugins}; with plugins (${strapi.plugins.join(', ') || 'none'}): ${withPlugins}`);
      }
      done.set(project, { ...facts, strapi });
      save();
    }
  };
  await Promise.all(PORTS.slice(firstPort, firstPort + (featuresOnly ? 1 : jobs)).map(worker));
  console.log(`wrote ${resolve(file)} (${save()} projects)`);
}

void main();
