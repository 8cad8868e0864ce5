// The typed configuration of a generated app. Every value has a default (defaults.ts); files in
// `<appDir>/config/` and a few environment variables override them (load-config.ts).
import type { CronConfig } from '@cms-gen/cron/types';

export type { CronConfig } from '@cms-gen/cron/types';

export interface ServerConfig {
  host: string;
  port: number;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). Strapi 5's `{ koa: true }` form is accepted. */
  proxy: boolean;
  /** Strapi's `server.url`: the public URL, which emailed links and OAuth redirects use unless users-permissions' `publicUrl` says otherwise. */
  url?: string;
  /** Strapi's `server.webhooks`: headers sent with every webhook, under each webhook's own headers. */
  webhooks?: { defaultHeaders?: Record<string, string> };
  /** Strapi's `server.cron`: scheduled tasks (runtime/cron). Unset means Strapi's default, disabled. */
  cron?: CronConfig;
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
  /** Refuse unknown top-level query parameters with a 400 instead of ignoring them. */
  strictParams: boolean;
}

export interface ApiConfig {
  rest: RestConfig;
}

export interface AdminConfig {
  /** Serve the admin panel (/admin and /admin/api); unset: on unless NODE_ENV is production (runtime/admin). */
  enabled?: boolean;
  /** Salt of API token hashes (env API_TOKEN_SALT), as Strapi's `admin.apiToken.salt`. */
  apiToken: { salt?: string };
}

export type JwtManagement = 'legacy-support' | 'refresh';

/** Algorithms signed with the shared secret; `none` and key-pair algorithms are refused. */
export type JwtAlgorithm = 'HS256' | 'HS384' | 'HS512';

/** The rate-limited auth routes (Strapi's `rateLimit` middleware routes). */
export type RateLimitedRoute = 'login' | 'register' | 'forgotPassword' | 'resetPassword' | 'changePassword' | 'sendEmailConfirmation' | 'connect';

export interface RateLimitWindow {
  /** Window length in milliseconds. */
  interval: number;
  /** Requests allowed per window and per key. */
  max: number;
}

export interface RateLimitConfig extends RateLimitWindow {
  enabled: boolean;
  /** Windows of single routes; a route without one uses `interval`/`max`. */
  routes: Partial<Record<RateLimitedRoute, RateLimitWindow>>;
  /** Where counters live: this process, or Redis so that several instances share them. */
  store: 'memory' | 'redis';
  redis: { url: string; prefix: string };
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
  /** The refresh-token cookie (httpOnly mode). */
  cookie: { name: string; sameSite: 'lax' | 'strict' | 'none'; path: string; domain?: string };
}

export interface EmailTemplate {
  subject: string;
  /** Handlebars source of the plain-text part (rendered without HTML escaping). */
  text: string;
  /** Handlebars source of the HTML part. */
  html: string;
}

/** An OAuth2 login provider (Strapi keeps these in the admin's "Providers" settings). */
export interface OAuthProviderConfig {
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  /** Built-in preset (github, google, discord, facebook, microsoft) or `generic`; defaults to the provider's name. */
  preset?: string;
  /** Front-end URL the callback redirects to with `?access_token=` (Strapi's "redirect URL to your front-end app"). */
  callback?: string;
  /** redirect_uri given to the provider; defaults to `<publicUrl><prefix>/connect/<name>/callback`. */
  redirectUri?: string;
  scope?: string[];
  authorizeUrl?: string;
  tokenUrl?: string;
  profileUrl?: string;
  /** Profile fields holding the username and email (generic provider). */
  usernameField?: string;
  emailField?: string;
}

export interface UsersPermissionsConfig {
  enabled: boolean;
  jwtSecret?: string;
  /** Options given to jsonwebtoken's sign (legacy mode). */
  jwt: { expiresIn: string | number; algorithm?: JwtAlgorithm };
  jwtManagement: JwtManagement;
  sessions: SessionsConfig;
  register: { allowedFields: string[] };
  ratelimit: RateLimitConfig;
  /** bcrypt cost of password hashes. */
  bcryptRounds: number;
  /** Absolute URL of the server as clients reach it (links in emails, OAuth redirect_uri); the request's origin when unset. */
  publicUrl?: string;
  /** Seconds a reset-password code stays valid. */
  resetPasswordTokenLifespan: number;
  /** Seconds an email-confirmation link stays valid. */
  emailConfirmationTokenLifespan: number;
  /** Overrides of the built-in email templates (handlebars). */
  emailTemplates: { resetPassword: Partial<EmailTemplate>; emailConfirmation: Partial<EmailTemplate> };
  /** OAuth2 login providers by name (the `:provider` path segment). */
  providers: Record<string, OAuthProviderConfig>;
}

export type EmailProviderName = 'dev' | 'nodemailer' | 'sendmail' | 'sendgrid' | 'mailgun';

/** Strapi's `plugins.email.config`. */
export interface EmailConfig {
  provider: EmailProviderName;
  /** Options of the provider: nodemailer transport options (host, port, auth, ...), `apiKey` (SendGrid), `key`, `domain`, `url` (Mailgun), or `outputDir` for dev. */
  providerOptions: Record<string, unknown>;
  settings: { defaultFrom?: string; defaultReplyTo?: string };
}

export interface GraphqlConfig {
  enabled: boolean;
  endpoint: string;
  shadowCRUD: boolean;
  depthLimit: number;
  /** Largest page size / limit, top level and nested (capped silently, like Strapi). */
  amountLimit: number;
  defaultLimit: number;
  maxLimit: number;
  /** Largest query cost: each field counts 1, times the page size of every list above it; 0 (the default, as Strapi has no such limit) disables. */
  complexityLimit: number;
  /** Deprecated alias of `landingPage: true` in production: serve the sandbox (and allow introspection) there too. */
  playgroundAlways: boolean;
  /**
   * The sandbox at the endpoint: unset means on outside production; a function receives
   * `{ environment }` and returns a boolean or an Apollo Server landing-page plugin.
   */
  landingPage?: boolean | ((context: { environment: string }) => unknown);
  /** Options passed to Apollo Server (e.g. plugins, validationRules, persistedQueries). */
  apolloServer: Record<string, unknown>;
  v4CompatibilityMode: boolean;
}

/** Storage of uploaded files: the app's disk, an S3-compatible object store, or Cloudinary. */
export type UploadProviderName = 'local' | 'aws-s3' | 'cloudinary';

/** Extra Cloudinary API parameters (`folder`, `tags`, `overwrite`, …), sent and signed as given. */
export type CloudinaryParams = Record<string, string | number | boolean | Array<string | number>>;

/** S3 canned ACLs the provider may set; `private` makes every returned URL a signed one. */
export type S3Acl = 'private' | 'public-read' | 'public-read-write' | 'authenticated-read' | 'bucket-owner-read' | 'bucket-owner-full-control';

/** Strapi's `@strapi/provider-upload-aws-s3` `s3Options` (the subset this runtime uses). */
export interface S3Options {
  region?: string;
  /** An S3-compatible server (MinIO, R2, a test server); unset means AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  params: {
    Bucket: string;
    /** Default `public-read` (as Strapi); `private` signs URLs on every read. */
    ACL?: S3Acl;
    /** Lifetime of signed URLs in seconds (default 900, 15 minutes). */
    signedUrlExpires?: number;
  };
  /**
   * When the SDK computes request/response checksums. `WHEN_REQUIRED` (our default) keeps plain
   * bodies; the SDK's own default streams aws-chunked bodies that S3-compatible servers store corrupted.
   */
  requestChecksumCalculation?: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED';
  responseChecksumValidation?: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED';
}

export interface UploadProviderOptions {
  /** local: where files are stored (absolute, or relative to the app dir); default `public/uploads`. */
  directory?: string;
  /** local: `Cache-Control: max-age` of served files, in seconds. */
  maxAge?: number;
  /** aws-s3: public URL prefix (a CDN or custom domain) used instead of the bucket's URL. */
  baseUrl?: string;
  /** aws-s3: key prefix of every object. */
  rootPath?: string;
  /** aws-s3: client options and bucket parameters. */
  s3Options?: S3Options;
  /** cloudinary: the account (required, with api_key and api_secret). */
  cloud_name?: string;
  api_key?: string;
  api_secret?: string;
  /** cloudinary: API base, default `https://api.cloudinary.com` (Cloudinary's own option name). */
  upload_prefix?: string;
}

/**
 * Strapi's per-action provider options. Used by the cloudinary provider: extra upload parameters
 * (`upload`, `uploadStream`, the latter winning) and destroy parameters (`delete`).
 */
export interface UploadActionOptions {
  upload?: CloudinaryParams;
  uploadStream?: CloudinaryParams;
  delete?: CloudinaryParams;
}

export interface UploadSecurityConfig {
  /** Mime types (or `type/*` patterns) accepted; empty means all. Checked on the sniffed type. */
  allowedTypes: string[];
  /** Mime types (or `type/*` patterns) refused; wins over allowedTypes. */
  deniedTypes: string[];
}

/** Bounds on what image processing (sharp) may cost per upload; see docs/upload.md. */
export interface UploadImageLimits {
  /** Largest width × height (read from the header, before decoding) an image may have. */
  maxPixels: number;
  /** Images processed at the same time by this app; others wait their turn. */
  concurrency: number;
  /** Seconds one sharp operation may take. */
  timeout: number;
}

export interface UploadConfig {
  enabled: boolean;
  /** Bytes per file. */
  sizeLimit: number;
  provider: UploadProviderName;
  providerOptions: UploadProviderOptions;
  actionOptions: UploadActionOptions;
  /** Responsive format widths in pixels by format name. */
  breakpoints: Record<string, number>;
  sizeOptimization: boolean;
  responsiveDimensions: boolean;
  autoOrientation: boolean;
  security: UploadSecurityConfig;
  imageLimits: UploadImageLimits;
}

export interface PluginsConfig {
  'users-permissions': UsersPermissionsConfig;
  email: EmailConfig;
  graphql: GraphqlConfig;
  upload: UploadConfig;
}

/** One outgoing webhook (Strapi keeps these in its admin database; here they are configuration). */
export interface WebhookConfig {
  /** Names the webhook in logs; unique. */
  name: string;
  /** http(s) URL the events are POSTed to (may be unset only on a disabled webhook). */
  url?: string;
  /** Event names it receives (`entry.create`, `media.delete`, ...). */
  events: string[];
  /** Request headers, over `server.webhooks.defaultHeaders`. */
  headers: Record<string, string>;
  enabled: boolean;
}

/** How webhooks are delivered: retries with exponential backoff, bounded queues and time. */
export interface WebhookDeliveryConfig {
  /** Attempts per event and webhook, the first included. */
  maxAttempts: number;
  /** Wait before the first retry; doubled for each further retry. */
  initialDelayMs: number;
  /** Longest wait between two attempts (also caps a receiver's Retry-After). */
  maxDelayMs: number;
  /** One attempt (connect, send, response) may take this long. */
  timeoutMs: number;
  /** Events waiting per webhook; when full, the oldest waiting event is dropped. */
  queueSize: number;
  /** Requests in flight at once, across all webhooks. */
  concurrency: number;
  /** On close, how long deliveries in flight may still finish. */
  closeTimeoutMs: number;
}

/** `config/webhooks.{json,js}`. */
export interface WebhooksConfig {
  webhooks: WebhookConfig[];
  delivery: WebhookDeliveryConfig;
}

/** Levels from most to least severe; `http` (between info and debug) is the request lines' level, as in Strapi. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'http', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `config/logger`: how the app logs (runtime/app/logger.ts). */
export interface LoggerConfig {
  /** Lines below this level are dropped (env LOG_LEVEL). */
  level: LogLevel;
  /** JSON lines, or one readable line per entry; unset means JSON in production, pretty elsewhere (env LOG_FORMAT). */
  format?: 'json' | 'pretty';
}

/** `config/openapi`: the OpenAPI document (/api/openapi.json) and its documentation page. */
export interface OpenapiConfig {
  /** Unset: served outside production only (env OPENAPI_ENABLED). */
  enabled?: boolean;
  /** Path of the documentation page ('/documentation'). */
  path: string;
}

export interface AppConfig {
  server: ServerConfig;
  openapi: OpenapiConfig;
  logger: LoggerConfig;
  database: DatabaseSettings;
  api: ApiConfig;
  admin: AdminConfig;
  plugins: PluginsConfig;
  webhooks: WebhooksConfig;
  /** NODE_ENV; 'development' unless set. */
  environment: 'development' | 'production' | (string & {});
}
