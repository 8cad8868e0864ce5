// The typed configuration of a generated app. Every value has a default (defaults.ts); files in
// `<appDir>/config/` and a few environment variables override them (load-config.ts).

export interface ServerConfig {
  host: string;
  port: number;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). Strapi 5's `{ koa: true }` form is accepted. */
  proxy: boolean;
}

export interface DatabaseSettings {
  /** A DATABASE_URL (`file:…`, `postgresql://…`, `mysql://…`); unset means the runtime's default. */
  url?: string;
  /** Let migrations drop columns/tables that hold data (env CMS_ALLOW_DATA_LOSS). */
  allowDataLoss: boolean;
}

export interface RestConfig {
  prefix: string;
  defaultLimit: number;
  maxLimit: number;
  withCount: boolean;
}

export interface ApiConfig {
  rest: RestConfig;
}

export interface AdminConfig {
  /** Salt of API token hashes (env API_TOKEN_SALT), as Strapi's `admin.apiToken.salt`. */
  apiToken: { salt?: string };
}

export type JwtManagement = 'legacy-support' | 'refresh';

export interface RateLimitConfig {
  enabled: boolean;
  /** Window length in milliseconds (Strapi's `{ min: 5 }` form is converted). */
  interval: number;
  /** Requests allowed per window and per identifier. */
  max: number;
}

export interface SessionsConfig {
  /** Send the refresh token as an HTTP-only cookie instead of in the body. */
  httpOnly: boolean;
  /** Seconds. */
  accessTokenLifespan: number;
  /** Seconds. */
  maxRefreshTokenLifespan: number;
  /** Seconds. */
  idleRefreshTokenLifespan: number;
}

export interface UsersPermissionsConfig {
  enabled: boolean;
  jwtSecret?: string;
  /** Options given to jsonwebtoken's sign (legacy mode). */
  jwt: { expiresIn: string | number; algorithm?: string };
  jwtManagement: JwtManagement;
  sessions: SessionsConfig;
  register: { allowedFields: string[] };
  ratelimit: RateLimitConfig;
}

export interface GraphqlConfig {
  enabled: boolean;
  endpoint: string;
  shadowCRUD: boolean;
  depthLimit: number;
  amountLimit: number;
  defaultLimit: number;
  maxLimit: number;
  /** Serve the sandbox (and allow introspection) in production too. */
  playgroundAlways: boolean;
  v4CompatibilityMode: boolean;
}

export interface UploadConfig {
  enabled: boolean;
  /** Bytes per file. */
  sizeLimit: number;
  provider: string;
  /** Responsive format widths in pixels by format name. */
  breakpoints: Record<string, number>;
  sizeOptimization: boolean;
  responsiveDimensions: boolean;
  autoOrientation: boolean;
}

export interface PluginsConfig {
  'users-permissions': UsersPermissionsConfig;
  graphql: GraphqlConfig;
  upload: UploadConfig;
}

export interface AppConfig {
  server: ServerConfig;
  database: DatabaseSettings;
  api: ApiConfig;
  admin: AdminConfig;
  plugins: PluginsConfig;
  /** NODE_ENV; 'development' unless set. */
  environment: 'development' | 'production' | (string & {});
}
