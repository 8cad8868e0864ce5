// What a build reads of the app it writes into: whether the app serves GraphQL. The switch is the
// one the runtime obeys, `graphql.enabled` in the app's config/plugins.{json,js} (Strapi's form
// `{ enabled, config }` or the flat object), read with the app's .env and environment as a start
// reads it. Turned off, the build emits no GraphQL code and the app does not install
// @cms-gen/graphql (Apollo, graphql, TypeGraphQL): build.ts and vendoring/app-vendor.ts.
import { ConfigError, isPlainObject } from '@cms-gen/core/config-error';
import { readConfigFile } from '../runtime/server/config/config-files';
import { loadDotEnv } from '../runtime/server/config/dot-env';
import { createEnv } from '../runtime/server/config/env';

/** The build cannot read the app's config/plugins file; the message names the file. */
export class AppConfigUnreadable extends Error {}

/** Whether the app in `appDir` serves GraphQL: unless its config/plugins sets `graphql.enabled` to false. */
export function appServesGraphql(appDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const plugins = readPlugins(appDir, env);
  const entry = plugins?.graphql;
  return !(isPlainObject(entry) && entry.enabled === false);
}

/** config/plugins.json or .js, read by the runtime's own reader; undefined without one. */
function readPlugins(appDir: string, env: NodeJS.ProcessEnv): Record<string, unknown> | undefined {
  try {
    return readConfigFile(appDir, 'plugins', createEnv(withDotEnv(appDir, env)))?.value;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // The runtime's message names the file (`config/plugins.js: …`), as a start would report it.
    throw new AppConfigUnreadable(`${err.message} (the build reads it to tell whether the app serves GraphQL)`);
  }
}

/** The environment a start sees: the app's .env fills in the variables the environment lacks. */
function withDotEnv(appDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const seen = { ...env };
  loadDotEnv(appDir, seen);
  return seen;
}
