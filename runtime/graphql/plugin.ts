// The GraphQL runtime plugin a generated app lists in its `plugins`: at start-up it loads the
// configured schema shape, applies the app's extension file and serves the endpoint.
import { existsSync } from 'node:fs';
import type { PluginContext, RuntimePlugin } from '@cms-gen/server/app/plugin';
import { registerBuiltins } from './builtins';
import type { GraphqlSchemas } from './context';
import { extensionApp } from './extension/app';
import { ExtensionService } from './extension/service';
import type { GraphqlExtensionRegister } from './extension/types';
import { buildServedSchema } from './schema';
import { startGraphqlServer, type GraphqlServer } from './server';

export interface GraphqlPluginOptions {
  /** The generated resolver classes of each shape (src/graphql/index.ts). */
  schemas: GraphqlSchemas;
  /** Path of the app's optional extension module, without extension (`src/extensions/graphql`). */
  extensionFile?: string;
  /** An extension register given directly (tests, or apps that prefer code over a file). */
  extension?: GraphqlExtensionRegister;
}

const SOURCE_EXTENSIONS = ['.ts', '.js', '.cjs', '.mts', '.mjs'];

/** The register function an extension module exports (default export, or `register`). */
export function loadExtensionFile(path: string): GraphqlExtensionRegister | undefined {
  if (!SOURCE_EXTENSIONS.some((ext) => existsSync(`${path}${ext}`))) return undefined;
  const exported = require(path) as { default?: unknown; register?: unknown } | ((...args: never[]) => unknown);
  const register = typeof exported === 'function' ? exported : (exported.default ?? exported.register);
  if (typeof register !== 'function') throw new Error(`${path}: must export a function receiving the GraphQL extension service (export default (extension, { strapi }) => { … })`);
  return register as GraphqlExtensionRegister;
}

export function graphqlPlugin(options: GraphqlPluginOptions): RuntimePlugin {
  // A generated app's definition (and so this plugin) may start several times in one process
  // (tests): each start keeps its own server, keyed by its context.
  const servers = new Map<PluginContext, GraphqlServer>();
  return {
    name: 'graphql',
    async bootstrap(ctx: PluginContext) {
      const config = ctx.config.plugins.graphql;
      if (!config.enabled) return;
      const service = new ExtensionService();
      registerBuiltins(service, ctx.engine, { shadowCrud: config.shadowCRUD });
      const register = options.extension ?? (options.extensionFile ? loadExtensionFile(options.extensionFile) : undefined);
      // Extension code gets the app's `strapi`, the object REST controllers and services get.
      if (register) await register(service, extensionApp(ctx.engine, ctx.strapi));
      const mode = config.v4CompatibilityMode ? 'v4' : 'v5';
      const generated = config.shadowCRUD ? await options.schemas[mode]() : undefined;
      const built = await buildServedSchema({ engine: ctx.engine, strapi: ctx.strapi, mode, generated, service });
      servers.set(ctx, await startGraphqlServer(built.schema, ctx, built.apolloPlugins));
    },
    rootRoutes: (ctx) => {
      const server = servers.get(ctx);
      return server ? [server.router] : [];
    },
    async close(ctx) {
      // Without a context (older callers), every server this plugin started is stopped.
      const stopping = ctx ? [servers.get(ctx)] : [...servers.values()];
      if (ctx) servers.delete(ctx);
      else servers.clear();
      for (const server of stopping) await server?.stop();
    },
  };
}
