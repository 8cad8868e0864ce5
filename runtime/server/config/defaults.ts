// Default configuration: Strapi 5's defaults where Strapi has one (REST limits, users-permissions
// plugin config.ts, upload breakpoints), ours otherwise (host 127.0.0.1 so a fresh app is not
// exposed on every interface).
import type { AppConfig } from './types';

export function defaultConfig(): AppConfig {
  return {
    server: { host: '127.0.0.1', port: 1337, proxy: false },
    openapi: { path: '/documentation' },
    // Strapi's default level: request lines (http) and everything more severe.
    logger: { level: 'http' },
    database: { allowDataLoss: false },
    api: { rest: { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false } },
    admin: { apiToken: {} },
    plugins: {
      'users-permissions': {
        enabled: true,
        jwt: { expiresIn: '30d' },
        jwtManagement: 'legacy-support',
        sessions: {
          httpOnly: false,
          accessTokenLifespan: 30 * 60,
          maxRefreshTokenLifespan: 30 * 24 * 3600,
          idleRefreshTokenLifespan: 7 * 24 * 3600,
          cookie: { name: 'strapi_up_refresh', sameSite: 'lax', path: '/' },
        },
        register: { allowedFields: [] },
        // Strapi's plugin config (10 per minute) for every auth route but login, which the spec
        // ("Limits") gives 5 requests per 5 minutes.
        ratelimit: {
          enabled: true,
          interval: 60_000,
          max: 10,
          routes: { login: { interval: 5 * 60_000, max: 5 } },
          store: 'memory',
          redis: { url: 'redis://127.0.0.1:6379', prefix: 'cms-gen:ratelimit:' },
        },
        bcryptRounds: 10,
        resetPasswordTokenLifespan: 3600,
        emailConfirmationTokenLifespan: 7 * 24 * 3600,
        emailTemplates: { resetPassword: {}, emailConfirmation: {} },
        providers: {},
      },
      email: { provider: 'dev', providerOptions: {}, settings: {} },
      graphql: {
        enabled: true,
        endpoint: '/graphql',
        shadowCRUD: true,
        depthLimit: 10,
        amountLimit: 100,
        defaultLimit: 10,
        maxLimit: 100,
        complexityLimit: 0,
        playgroundAlways: false,
        apolloServer: {},
        v4CompatibilityMode: false,
      },
      upload: {
        enabled: true,
        sizeLimit: 200 * 1024 * 1024,
        provider: 'local',
        providerOptions: { maxAge: 60 },
        actionOptions: {},
        breakpoints: { large: 1000, medium: 750, small: 500 },
        sizeOptimization: true,
        responsiveDimensions: true,
        autoOrientation: false,
        security: { allowedTypes: [], deniedTypes: [] },
        imageLimits: { maxPixels: 50_000_000, concurrency: 1, timeout: 30 },
      },
    },
    // Delivery: five attempts 1, 2, 4 and 8 s apart; Strapi's 10 s per request.
    webhooks: {
      webhooks: [],
      delivery: { maxAttempts: 5, initialDelayMs: 1000, maxDelayMs: 30_000, timeoutMs: 10_000, queueSize: 1000, concurrency: 4, closeTimeoutMs: 5000 },
    },
    environment: 'development',
  };
}
