// The sandbox served at the endpoint to browsers: GraphiQL with every script, style and worker
// inlined (@graphql-yoga/render-graphiql), so it works with no internet access. Apollo's own
// landing pages load from CDNs and stay blank offline.
//
// `landingPage` (Strapi's option): true/false, or a function returning a boolean or an Apollo
// plugin that renders a landing page. Unset: on outside production. `playgroundAlways` is its
// deprecated alias for "on in production too".
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';

export type LandingPageOption = boolean | ((context: { environment: string }) => boolean | ApolloServerPlugin);

/**
 * The page's content security policy, as tight as the page allows (checked in Chromium): GraphiQL
 * runs inline scripts and styles, its editor starts web workers from blob: URLs and its icons are
 * data: URIs; nothing may come from elsewhere, and it only talks to this server.
 */
export const SANDBOX_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const DEFAULT_QUERY = `# Queries run against this server with the headers of the Headers tab
# (e.g. {"Authorization": "Bearer <token>"}).
query {
  __typename
}
`;

/** The page renderer, loaded on first use: its module is 9 MB (34 MB of heap) that production rarely needs. */
function renderGraphiQL(options: { title: string; endpoint: string; defaultQuery: string }): string {
  const module = require('@graphql-yoga/render-graphiql') as typeof import('@graphql-yoga/render-graphiql');
  return module.renderGraphiQL(options);
}

/** The GraphiQL page for an endpoint (about 9 MB: rendered once, on first request). */
export function sandboxPlugin(endpoint: string): ApolloServerPlugin {
  let html: string | undefined;
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: async () => (html ??= renderGraphiQL({ title: 'GraphQL sandbox', endpoint, defaultQuery: DEFAULT_QUERY })) };
        },
      };
    },
  };
}

export interface LandingPageSettings {
  landingPage?: LandingPageOption;
  playgroundAlways: boolean;
  environment: string;
  endpoint: string;
}

/** The landing-page plugin to install, and whether a page is served (introspection follows it). */
export function landingPagePlugin(settings: LandingPageSettings): { plugin: ApolloServerPlugin; enabled: boolean } {
  const production = settings.environment === 'production';
  let choice: boolean | ApolloServerPlugin;
  if (typeof settings.landingPage === 'function') choice = settings.landingPage({ environment: settings.environment });
  else if (typeof settings.landingPage === 'boolean') choice = settings.landingPage;
  else choice = !production || settings.playgroundAlways;
  if (typeof choice === 'object' && choice !== null) return { plugin: choice, enabled: true };
  return choice ? { plugin: sandboxPlugin(settings.endpoint), enabled: true } : { plugin: ApolloServerPluginLandingPageDisabled(), enabled: false };
}
