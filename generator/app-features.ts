// What a build reads of the app it writes into: whether the app serves GraphQL. The switch is the
// one the runtime obeys, `graphql.enabled` in the app's config/plugins.{json,js} (Strapi's form
// `{ enabled, config }` or the flat object), read with the app's .env and environment as a start
// reads it. Turned off, the build emits no GraphQL code and the app does not install
// @cms-gen/graphql (Apollo, graphql, TypeGraphQL): build.ts and vendoring/app-vendor.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv } from '../runtime/server/config/dot-env';
import { evaluateConfig } from '../runtime/server/config/config-module';
import { createEnv } from '../runtime/server/config/env';

/** The build cannot read the app's config/plugins file; the message names the file. */
export class AppConfigUnreadable extends Error {}

/** Whether the app in `appDir` serves GraphQL: unless its config/plugins sets `graphql.enabled` to false. */
export function appServesGraphql(appDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const plugins = readPlugins(appDir, env);
  const entry = plugins?.graphql;
  return !(isObject(entry) && entry.enabled === false);
}

/** Whether the app has a config/plugins file (json or js) of its own. */
export function appHasPluginsConfig(appDir: string): boolean {
  return existsSync(join(appDir, 'config', 'plugins.json')) || existsSync(join(appDir, 'config', 'plugins.js'));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * config/plugins.json or .js (an object, or `({ env }) => object`), as the runtime reads it;
 * undefined without one. Not the runtime's own reader (server/config/config-files.ts): a checkout's
 * CLI runs the sources under tsx from any folder, where `@cms-gen/*` imports resolve to the
 * packages' unbuilt dist/, so the generator loads only runtime files that import no package.
 */
function readPlugins(appDir: string, env: NodeJS.ProcessEnv): Record<string, unknown> | undefined {
  const json = join(appDir, 'config', 'plugins.json');
  const js = join(appDir, 'config', 'plugins.js');
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
    throw new AppConfigUnreadable(`${existsSync(js) ? 'config/plugins.js' : 'config/plugins.json'}: cannot tell whether the app serves GraphQL: ${(err as Error).message}`);
  }
  return undefined;
}

/** The environment a start sees: the app's .env fills in the variables the environment lacks. */
function withDotEnv(appDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const seen = { ...env };
  loadDotEnv(appDir, seen);
  return seen;
}
