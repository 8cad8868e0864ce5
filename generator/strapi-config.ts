// What a first build brings over of a Strapi project's config/ folder: the files that shape what the
// app answers and how it runs (`server`, `api`, `admin`, `plugins`, `middlewares`), with the files
// of config/ they import (a `cron-tasks.ts`, a `plugins.graphql.config.ts`). The app reads
// `config/<name>.js` exporting an object or `({ env }) => object`, as Strapi does, but no
// TypeScript there, so a `.ts` file is compiled to CommonJS (types erased, nothing else changed).
//
// A file is brought only when the app would start with it: it is loaded here, with the build's
// environment and the project's .env, as a start loads it. One that imports a package or code
// outside config/, fails to load, names an email or upload provider cms-gen does not have, or
// lists middlewares of the project's own code is left behind, with a line saying why, so the new app
// starts and serves as Strapi did and the user moves that file by hand (docs/migrating.md).
// `config/database` is never brought: the app's database is its DATABASE_URL.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { evaluateConfig } from '../runtime/server/config/config-module';
import { createEnv } from '../runtime/server/config/env';
import { loadDotEnv } from '../runtime/server/config/dot-env';
import { EMAIL_PROVIDERS_TEXT, UPLOAD_PROVIDERS_TEXT, emailProviderOf, uploadProviderOf } from '../runtime/server/config/provider-names';
import { BUILTIN_MIDDLEWARES } from '../runtime/server/customize/builtin-middlewares';

/** The config files a first build brings, in the order it reports them. */
export const BROUGHT_CONFIG = ['server', 'api', 'admin', 'plugins', 'middlewares'] as const;
export type BroughtConfigName = (typeof BROUGHT_CONFIG)[number];

export interface BroughtFile {
  /** Path in the app, e.g. `config/api.js`. */
  path: string;
  contents: string;
}

export interface BroughtConfig {
  name: BroughtConfigName;
  /** The environment of a `config/env/<environment>/` file; none for config/'s own. */
  environment?: string;
  /** The project's file, relative to the project (`config/api.ts`). */
  source: string;
  /** `config/<name>.js` (or `.json`) first, then the config/ files it imports. */
  files: BroughtFile[];
}

export interface StrapiConfigPlan {
  brought: BroughtConfig[];
  /**
   * One line per brought file the app will not start with until a variable it reads is set (its
   * S3 bucket, its Cloudinary account): `config/plugins.ts: brought, but …`.
   */
  unsetHere: string[];
  /** One line per file left behind: `config/database.ts: not brought: why`. */
  leftBehind: string[];
}

const EXTENSIONS = ['.ts', '.js', '.json'];
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const posix = (path: string): string => path.split(sep).join('/');

/** A config/ file's JavaScript: TypeScript compiled to CommonJS, JavaScript as it is. */
function compile(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return text;
  // Loaded here, not with this module: most projects bring no config/ file to compile, and the
  // compiler is half a CPU-second to load.
  const ts = require('typescript') as typeof import('typescript');
  const output = ts.transpileModule(text, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, allowJs: true },
  }).outputText;
  return output;
}

/** The project file a relative import names (`./cron-tasks` → `cron-tasks.ts`), or undefined. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => `${base}${ext}`), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find((candidate) => EXTENSIONS.some((ext) => candidate.endsWith(ext)) && existsSync(candidate));
}

const isBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || builtinModules.includes(specifier);

/** The module names a compiled file requires. */
function requiresOf(code: string): string[] {
  return [...code.matchAll(/\brequire\(\s*(['"])([^'"]+)\1\s*\)/g)].map((match) => match[2]);
}

interface Collected {
  /** Project file → its compiled code, the entry first. */
  files: Map<string, string>;
}

/** The entry and every config/ file it imports, or why it cannot come. */
function collect(projectDir: string, entry: string): Collected | string {
  const configDir = join(projectDir, 'config');
  const files = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    const code = compile(file);
    files.set(file, code);
    if (file.endsWith('.json')) continue;
    for (const specifier of requiresOf(code)) {
      if (isBuiltin(specifier)) continue;
      const shown = `${posix(relative(projectDir, file))}`;
      if (!specifier.startsWith('.')) return `${shown} imports the package ${specifier}, which the app's package.json does not list`;
      const target = resolveImport(file, specifier);
      // Outside config/ whether or not the file is there (a copy of the project may lack src/).
      const named = target ?? resolve(dirname(file), specifier);
      if (relative(configDir, named).startsWith('..')) return `${shown} imports ${posix(relative(projectDir, named))}, which is outside config/`;
      if (!target) return `${shown} imports ${specifier}, which is not in the project`;
      queue.push(target);
    }
  }
  return { files };
}

/** Where a project config file goes in the app: the same path, `.ts` as `.js`. */
const appPath = (projectDir: string, file: string): string => posix(relative(projectDir, file)).replace(/\.ts$/, '.js');

/** Loads the compiled files from a scratch copy, as a start would: the exported object or the function's result. */
function load(projectDir: string, collected: Collected, entry: string, env: NodeJS.ProcessEnv): unknown {
  const scratch = mkdtempSync(join(tmpdir(), 'cms-gen-config-'));
  try {
    for (const [file, code] of collected.files) {
      const target = join(scratch, appPath(projectDir, file));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, code);
    }
    return evaluateConfig(require(join(scratch, appPath(projectDir, entry))), createEnv(env));
  } finally {
    for (const file of collected.files.keys()) delete require.cache[join(scratch, appPath(projectDir, file))];
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The `config` of a plugin entry in Strapi's `{ enabled, config }` form (or the flat form). */
function pluginConfig(plugins: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const entry = plugins[name];
  if (!isObject(entry)) return undefined;
  return isObject(entry.config) ? entry.config : entry;
}

/** Why the app would not start with this loaded value, or undefined when it would. */
function refusal(name: BroughtConfigName, value: unknown, appFile: string): string | undefined {
  if (name === 'middlewares') {
    if (!Array.isArray(value)) return undefined;
    for (const entry of value as unknown[]) {
      const id = typeof entry === 'string' ? entry : isObject(entry) ? (typeof entry.name === 'string' ? entry.name : typeof entry.resolve === 'string' ? entry.resolve : undefined) : undefined;
      if (id === undefined || !BUILTIN_MIDDLEWARES.has(id)) {
        return `it lists ${id ?? 'a middleware without a name'}, which is the project's code: copy that middleware into the app's src/, then this file as ${appFile}`;
      }
    }
    return undefined;
  }
  if (name === 'server' && isObject(value) && typeof value.url === 'string' && value.url !== '' && !/^https?:\/\//i.test(value.url)) {
    return `its url ${JSON.stringify(value.url)} serves Strapi under a path; the app serves at the root (give it an absolute URL, or none)`;
  }
  if (name !== 'plugins' || !isObject(value)) return undefined;
  const email = pluginConfig(value, 'email')?.provider;
  if (email !== undefined && email !== null && emailProviderOf(email) === undefined) {
    return `its email provider ${JSON.stringify(email)} is not one cms-gen has (${EMAIL_PROVIDERS_TEXT}; most mail services take SMTP through nodemailer)`;
  }
  const upload = pluginConfig(value, 'upload')?.provider;
  if (upload !== undefined && upload !== null && uploadProviderOf(upload) === undefined) {
    return `its upload provider ${JSON.stringify(upload)} is not one cms-gen has (${UPLOAD_PROVIDERS_TEXT})`;
  }
  return undefined;
}

/** What the loaded value lacks in this environment that a start needs, or undefined. */
function unsetVariable(name: BroughtConfigName, value: unknown): string | undefined {
  if (name !== 'plugins' || !isObject(value)) return undefined;
  const upload = pluginConfig(value, 'upload');
  const provider = upload ? uploadProviderOf(upload.provider) : undefined;
  const options = upload && isObject(upload.providerOptions) ? upload.providerOptions : {};
  if (provider === 'cloudinary') {
    const unset = ['cloud_name', 'api_key', 'api_secret'].filter((key) => !options[key]);
    if (unset.length === 0) return undefined;
    return `its Cloudinary account (upload providerOptions.${unset.join(', ')}) is unset in this environment: the app starts once the variables the file reads for it are set`;
  }
  if (provider !== 'aws-s3') return undefined;
  const s3 = isObject(options.s3Options) ? options.s3Options : {};
  const params = isObject(s3.params) ? s3.params : {};
  return params.Bucket ? undefined : 'its S3 bucket (upload providerOptions.s3Options.params.Bucket) is unset in this environment: the app starts once the variable the file reads for it is set';
}

/** The environments of the project's config/env/ folders, sorted. */
function environmentsOf(projectDir: string): string[] {
  const dir = join(projectDir, 'config', 'env');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The project's config/<name>.{ts,js,json}, the first found. */
function sourceOf(projectDir: string, name: string): string | undefined {
  return EXTENSIONS.map((ext) => join(projectDir, 'config', `${name}${ext}`)).find(existsSync);
}

const header = (source: string): string =>
  `// Brought from the Strapi project's ${source} by cms-gen's first build${source.endsWith('.ts') ? ' (TypeScript compiled to JavaScript)' : ''}.\n// It is yours: builds never change it.\n`;

/**
 * Appended to a brought config/plugins.js when the project does not install Strapi's GraphQL
 * plugin: the app keeps GraphQL off as Strapi had it (app-features.ts and the runtime read it).
 */
const GRAPHQL_OFF = `
// cms-gen: GraphQL stays off, as in the Strapi project, which does not install @strapi/plugin-graphql.
// Leave out this part and build again to serve it.
const strapiPlugins = module.exports.__esModule ? module.exports.default : module.exports;
module.exports = (params) => {
  const plugins = typeof strapiPlugins === 'function' ? strapiPlugins(params) : strapiPlugins;
  return { ...plugins, graphql: { ...(plugins && plugins.graphql), enabled: false } };
};
`;

/** A config/plugins.json with GraphQL turned off (it loaded, so it is an object). */
function withGraphqlOff(text: string): string {
  const plugins = JSON.parse(text) as Record<string, unknown>;
  return `${JSON.stringify({ ...plugins, graphql: { ...(isObject(plugins.graphql) ? plugins.graphql : {}), enabled: false } }, null, 2)}\n`;
}

/**
 * Which of the project's config files a first build brings, compiled, and which it leaves behind
 * and why. `graphqlOff`: the project does not install Strapi's GraphQL plugin.
 */
export function planStrapiConfig(projectDir: string, options: { graphqlOff: boolean; env?: NodeJS.ProcessEnv }): StrapiConfigPlan {
  const env = { ...(options.env ?? process.env) };
  loadDotEnv(projectDir, env);
  const brought: BroughtConfig[] = [];
  const leftBehind: string[] = [];
  const unsetHere: string[] = [];
  const database = sourceOf(projectDir, 'database');
  if (database) leftBehind.push(`${posix(relative(projectDir, database))}: not brought: the app's database is DATABASE_URL (SQLite in .tmp/data.db when unset)`);
  // config/<name>, then each environment's config/env/<environment>/<name>, which the app merges
  // over it as Strapi does when NODE_ENV names that environment.
  const entries: Array<{ name: BroughtConfigName; entry: string; environment?: string }> = [];
  for (const name of BROUGHT_CONFIG) {
    const entry = sourceOf(projectDir, name);
    if (entry) entries.push({ name, entry });
  }
  for (const environment of environmentsOf(projectDir)) {
    const envDatabase = sourceOf(projectDir, `env/${environment}/database`);
    if (envDatabase) leftBehind.push(`${posix(relative(projectDir, envDatabase))}: not brought: the app's database is DATABASE_URL (SQLite in .tmp/data.db when unset)`);
    for (const name of BROUGHT_CONFIG) {
      const entry = sourceOf(projectDir, `env/${environment}/${name}`);
      if (entry) entries.push({ name, entry, environment });
    }
  }
  for (const { name, entry, environment } of entries) {
    const source = posix(relative(projectDir, entry));
    const collected = collect(projectDir, entry);
    if (typeof collected === 'string') {
      leftBehind.push(`${source}: not brought: ${collected}`);
      continue;
    }
    let value: unknown;
    try {
      value = load(projectDir, collected, entry, env);
    } catch (err) {
      leftBehind.push(`${source}: not brought: loading it failed: ${(err as Error).message.split('\n')[0]}`);
      continue;
    }
    const why = refusal(name, value, appPath(projectDir, entry));
    if (why) {
      leftBehind.push(`${source}: not brought: ${why}`);
      continue;
    }
    const graphqlOff = name === 'plugins' && options.graphqlOff;
    const files = [...collected.files].map(([file, code]) => {
      const path = appPath(projectDir, file);
      if (file.endsWith('.json')) return { path, contents: file === entry && graphqlOff ? withGraphqlOff(code) : code };
      return { path, contents: `${header(posix(relative(projectDir, file)))}${code.trimEnd()}\n${file === entry && graphqlOff ? GRAPHQL_OFF : ''}` };
    });
    brought.push({ name, ...(environment === undefined ? {} : { environment }), source, files });
    const unset = unsetVariable(name, value);
    if (unset) unsetHere.push(`${source}: brought, but ${unset}`);
  }
  return { brought, leftBehind, unsetHere };
}
