// What a build reads of the app it writes into: whether the app serves GraphQL, and which upload
// providers its configuration picks. The GraphQL switch is the one the runtime obeys,
// `graphql.enabled` in the app's config/plugins.{json,js} (Strapi's form `{ enabled, config }` or the
// flat object), read with the app's .env and environment as a start reads it. Turned off, the build
// emits no GraphQL code and the app does not install @cms-gen/graphql (Apollo, graphql,
// TypeGraphQL): build.ts and vendoring/app-vendor.ts. An app whose config picks the aws-s3 upload
// provider lists the AWS SDK (vendoring/provider-packages.ts); others install none of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { uploadProviderOf } from '../runtime/server/config/provider-names';
import { loadDotEnv } from '../runtime/server/config/dot-env';
import { evaluateConfig } from '../runtime/server/config/config-module';
import { createEnv } from '../runtime/server/config/env';

/** The build cannot read the app's config/plugins file; the message names the file. */
export class AppConfigUnreadable extends Error {}

/** Whether the app in `appDir` serves GraphQL: unless its config/plugins sets `graphql.enabled` to false. */
export function appServesGraphql(appDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const plugins = readPlugins(appDir, 'config', env, 'cannot tell whether the app serves GraphQL');
  const entry = plugins?.graphql;
  return !(isObject(entry) && entry.enabled === false);
}

/** Whether the app has a config/plugins file (json or js) of its own. */
export function appHasPluginsConfig(appDir: string): boolean {
  return existsSync(join(appDir, 'config', 'plugins.json')) || existsSync(join(appDir, 'config', 'plugins.js'));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The upload providers the app's config/plugins picks, in the base file and in each environment's
 * (`config/env/<name>/plugins`): a start in any of those environments may use one. Names as the
 * runtime knows them (`@strapi/provider-upload-aws-s3` is `aws-s3`); an unknown name is left to the
 * start, which refuses it.
 */
export function appUploadProviders(appDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const envRoot = join(appDir, 'config', 'env');
  const environments = existsSync(envRoot) ? readdirSync(envRoot, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];
  const found = new Set<string>();
  for (const dir of ['config', ...environments.map((name) => join('config', 'env', name))]) {
    const entry = readPlugins(appDir, dir, env, 'cannot tell which upload provider the app uses')?.upload;
    if (!isObject(entry)) continue;
    const config = isObject(entry.config) ? entry.config : entry;
    const provider = uploadProviderOf(config.provider);
    if (provider) found.add(provider);
  }
  return [...found].sort();
}

/**
 * `<dir>/plugins.json` or `.js` (an object, or `({ env }) => object`), as the runtime reads it;
 * undefined without one. Not the runtime's own reader (server/config/config-files.ts): a checkout's
 * CLI runs the sources under tsx from any folder, where `@cms-gen/*` imports resolve to the
 * packages' unbuilt dist/, so the generator loads only runtime files that import no package.
 */
function readPlugins(appDir: string, dir: string, env: NodeJS.ProcessEnv, purpose: string): Record<string, unknown> | undefined {
  const json = join(appDir, dir, 'plugins.json');
  const js = join(appDir, dir, 'plugins.js');
  try {
    if (existsSync(js)) {
      delete require.cache[require.resolve(js)];
      const value = evaluateConfig(require(js), createEnv(withDotEnv(appDir, env)));
      return isObject(value) ? value : undefined;
    }
    if (existsSync(json)) {
      const value = JSON.parse(readFileSync(json, 'utf8')) as unknown;
      return isObject(value) ? value : undefined;
    }
  } catch (err) {
    throw new AppConfigUnreadable(`${dir}/${existsSync(js) ? 'plugins.js' : 'plugins.json'}: ${purpose}: ${(err as Error).message}`);
  }
  return undefined;
}

/** The environment a start sees: the app's .env fills in the variables the environment lacks. */
function withDotEnv(appDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const seen = { ...env };
  loadDotEnv(appDir, seen);
  return seen;
}
