// The GraphQL endpoint: Apollo Server 5 behind Express. Apollo brings what Strapi's endpoint does
// (it runs Apollo too): CSRF prevention, a bounded document cache, 400 for invalid documents, and
// the `apolloServer` option passes straight through. Requests are authenticated exactly like REST.
import { ApolloServer, type ApolloServerOptions, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { GraphQLSchema, ValidationRule } from 'graphql';
import type { PluginContext } from '@cms-gen/server/app/plugin';
import type { GraphqlConfig } from '@cms-gen/server/config/types';
import { UnauthorizedError } from '@cms-gen/core/errors';
import { authOf, setAuth } from '@cms-gen/server/http/locals';
import type { AuthContext } from '@cms-gen/core/engine/types';
import type { GraphqlLimits } from './args';
import type { GraphqlContext } from './context';
import { withPlainAccept } from './accept-header';
import { formatGraphqlError } from './errors';
import { CompiledExecution } from './executor';
import { landingPagePlugin, SANDBOX_CSP, type LandingPageOption } from './landing-page';
import { documentGuard, MAX_DOCUMENT_TOKENS } from './document-guard';
import { depthRule, requestLimitsCheck, requestLimitsPlugin } from './limits';
import { graphqlFastPath } from './fast-path';
import { pluginServices } from './plugins/services';
import { GraphqlRequest } from './request';
import { GraphqlRuntime } from './runtime';

export interface GraphqlServer {
  router: Router;
  stop(): Promise<void>;
}

/** Apollo options an app may set under `apolloServer` (the rest is ours: schema, context, formatting). */
type PassThrough = Partial<Omit<ApolloServerOptions<GraphqlContext>, 'schema' | 'typeDefs' | 'resolvers' | 'gateway'>>;

export function graphqlLimits(config: GraphqlConfig): GraphqlLimits {
  return { defaultLimit: config.defaultLimit, amountLimit: Math.min(config.amountLimit, config.maxLimit) };
}

/** 401 in GraphQL's shape for a present but invalid token (REST answers its envelope). */
function authenticate(ctx: PluginContext) {
  return async function authenticateGraphql(req: Request, res: Response, next: NextFunction): Promise<void> {
    let auth: AuthContext;
    try {
      auth = await ctx.authenticate(req.headers.authorization);
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) throw err;
      res.status(401).json({ errors: [{ message: err.message, extensions: { code: 'UNAUTHENTICATED', error: { name: err.name, message: err.message, details: err.details } } }] });
      return;
    }
    setAuth(res, auth);
    next();
  };
}

export async function startGraphqlServer(schema: GraphQLSchema, ctx: PluginContext, extraPlugins: ApolloServerPlugin[]): Promise<GraphqlServer> {
  const config = ctx.config.plugins.graphql;
  const environment = ctx.config.environment;
  const limits = graphqlLimits(config);
  const runtime = new GraphqlRuntime(ctx.engine, limits, pluginServices(ctx));
  /** Every GraphQL request's context value: the caller as authenticated above, and its operation layer. */
  const contextFor = (req: Request, res: Response): GraphqlContext => {
    const auth = authOf(res);
    return { cms: new GraphqlRequest(runtime, auth, { kind: 'none' }, { req, res }), auth, http: { req, res }, state: { auth, user: auth.user } };
  };
  const landing = landingPagePlugin({ landingPage: config.landingPage as LandingPageOption | undefined, playgroundAlways: config.playgroundAlways, environment, endpoint: config.endpoint });
  const passThrough = (config.apolloServer ?? {}) as PassThrough;
  const { plugins: ownPlugins = [], validationRules: ownRules = [], stopOnTerminationSignals, ...apolloOptions } = passThrough;
  if (stopOnTerminationSignals) ctx.log('warning: graphql: apolloServer.stopOnTerminationSignals is ignored: the app stops GraphQL itself once requests in flight have finished');

  // An app that sets its own root value or default field resolver gets graphql-js as Apollo runs it.
  const compiled = !('rootValue' in apolloOptions) && !('fieldResolver' in apolloOptions);
  const compiledExecution = compiled ? new CompiledExecution(schema) : undefined;
  const execution = compiledExecution ? { gateway: compiledExecution.asGateway() } : { schema };
  // Compiled queries are answered before Apollo's executor hook (executor.ts, answeringPlugin:
  // the hook retains each request until a full collection), unless another plugin could watch
  // execution (executionDidStart, willResolveField): an extension's or the app's own plugins, a
  // landing page plugin the app's `landingPage` function returned, Apollo's usage reporting (an
  // Apollo key turns it on) or its inline tracing (on for a federated subgraph's schema).
  const watched = extraPlugins.length > 0 || ownPlugins.length > 0 || landing.custom || Boolean(apolloOptions.apollo) || Boolean(process.env.APOLLO_KEY) || schema.getType('_Service') !== undefined;
  const answering = compiledExecution && !watched ? compiledExecution : undefined;
  const checkLimits = requestLimitsCheck(config.complexityLimit, limits);
  const server = new ApolloServer<GraphqlContext>({
    cache: 'bounded',
    csrfPrevention: true,
    // Strapi rejects introspection in production; a sandbox enabled there needs it.
    introspection: environment !== 'production' || landing.enabled,
    includeStacktraceInErrorResponses: environment === 'development',
    logger: { debug: () => undefined, info: () => undefined, warn: (m: unknown) => ctx.log(`warning: graphql: ${String(m)}`), error: (m: unknown) => ctx.log(`error: graphql: ${String(m)}`) },
    ...apolloOptions,
    // graphql-js stops parsing beyond this many tokens (nesting is bounded before: documentGuard).
    parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS, ...apolloOptions.parseOptions },
    ...execution,
    // Outside NODE_ENV=test Apollo would stop itself on SIGTERM/SIGINT and raise the signal again,
    // ending the process before requests in flight finish. The app owns shutdown (run-app.ts) and
    // stops Apollo when the plugin closes, after the HTTP server has drained.
    stopOnTerminationSignals: false,
    validationRules: [depthRule(config.depthLimit), ...(ownRules as ValidationRule[])],
    // Cache-control hints are not part of the API, and computing them wraps every field resolver.
    plugins: [landing.plugin, requestLimitsPlugin(checkLimits), ApolloServerPluginCacheControlDisabled(), ...extraPlugins, ...ownPlugins, ...(answering ? [answering.answeringPlugin()] : [])],
    formatError: (formatted, error) => formatGraphqlError(formatted, error, ctx.log),
  });
  await server.start();
  let serving = true;

  const router = Router();
  if (landing.enabled) {
    // Only this path serves a page with scripts; the JSON API keeps its `default-src 'none'`.
    router.all(config.endpoint, (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Content-Security-Policy', SANDBOX_CSP);
      next();
    });
    if (landing.page) router.get(config.endpoint, landing.page);
  }
  router.all(
    config.endpoint,
    authenticate(ctx),
    (req: Request, res: Response, next: NextFunction) => {
      // Apollo's Express integration insists on a body; GET and non-JSON requests have none.
      if (!('body' in req)) (req as { body?: unknown }).body = undefined;
      // Answers depend on the caller and the data: no cache may keep them (Strapi sends the same).
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    // Before Apollo parses: graphql-js's recursive parser overflowed the stack on deep nesting.
    documentGuard(),
    // Repeated compiled queries are answered here, as Apollo would (fast-path.ts); not when the
    // app changes how Apollo writes answers.
    ...(answering && !apolloOptions.stringifyResult ? [graphqlFastPath({ schema, execution: answering, checkLimits, context: contextFor, serving: () => serving })] : []),
    withPlainAccept(expressMiddleware(server, { context: async ({ req, res }) => contextFor(req, res) })),
  );
  return {
    router,
    stop: () => {
      serving = false;
      return server.stop();
    },
  };
}
