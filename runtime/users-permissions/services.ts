// What the plugin's routes share, built once when the app starts (plugin.ts).
import type { Request } from 'express';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AppConfig, UsersPermissionsConfig } from '@cms-gen/server/config/types';
import type { PermissionStore } from '@cms-gen/server/auth/permission-store';
import { readAdvancedSettings, type AdvancedSettings } from './advanced-settings';
import { AuthMailer } from './email/auth-mailer';
import { createEmailProvider } from './email/email-provider';
import { EmailTemplates } from './email/templates';
import { JwtService } from './jwt';
import { PasswordHasher } from './passwords';
import { publicBaseUrl } from './public-url';
import { AuthRateLimiter } from './rate-limit/rate-limiter';
import { SessionStore } from './sessions';
import { UserStore } from './users/user-store';

export interface UpServices {
  engine: Engine;
  config: UsersPermissionsConfig;
  /** REST prefix (`/api`). */
  prefix: string;
  environment: string;
  permissions: PermissionStore;
  passwords: PasswordHasher;
  jwt: JwtService;
  /** Present in refresh mode. */
  sessions: SessionStore | undefined;
  users: UserStore;
  mailer: AuthMailer;
  limiter: AuthRateLimiter;
  log(line: string): void;
  /** Advanced settings, read from the database on every use so that instances agree. */
  settings(): Promise<AdvancedSettings>;
  /** Absolute base URL for links sent away. */
  baseUrl(req: Request): string;
  close(): Promise<void>;
}

export interface ServicesInput {
  engine: Engine;
  appConfig: AppConfig;
  permissions: PermissionStore;
  jwtSecret: string;
  log(line: string): void;
}

export function createServices(input: ServicesInput): UpServices {
  const config = input.appConfig.plugins['users-permissions'];
  const sessions =
    config.jwtManagement === 'refresh' ? new SessionStore(input.engine.db, { idle: config.sessions.idleRefreshTokenLifespan, max: config.sessions.maxRefreshTokenLifespan }) : undefined;
  const mailer = new AuthMailer(createEmailProvider(input.appConfig.plugins.email, { environment: input.appConfig.environment, log: input.log }), new EmailTemplates(config.emailTemplates));
  const limiter = AuthRateLimiter.create(config.ratelimit, input.log);
  return {
    engine: input.engine,
    config,
    prefix: input.appConfig.api.rest.prefix,
    environment: input.appConfig.environment,
    permissions: input.permissions,
    passwords: new PasswordHasher(config.bcryptRounds),
    jwt: new JwtService({
      secret: input.jwtSecret,
      algorithm: config.jwt.algorithm ?? 'HS256',
      mode: config.jwtManagement,
      expiresIn: config.jwt.expiresIn,
      accessTokenLifespan: config.sessions.accessTokenLifespan,
    }),
    sessions,
    users: new UserStore(input.engine),
    mailer,
    limiter,
    log: input.log,
    settings: () => readAdvancedSettings(input.engine.db),
    baseUrl: (req) => publicBaseUrl(req, config.publicUrl),
    close: async () => {
      await limiter.close();
      await mailer.close();
    },
  };
}

/** Prefix of the plugin's action uids. */
export const UP = 'plugin::users-permissions';
