// The salt of API token hashes: API_TOKEN_SALT (or admin.apiToken.salt). Development falls back
// to a fixed, documented salt so tokens work out of the box; production without a salt has API
// tokens disabled rather than protected by a public value.
import type { AppConfig } from '@cms-gen/server/config/types';

export const DEVELOPMENT_API_TOKEN_SALT = 'cms-gen-development-api-token-salt';

export function apiTokenSalt(config: AppConfig): string | null {
  const configured = config.admin.apiToken.salt;
  if (configured) return configured;
  return config.environment === 'production' ? null : DEVELOPMENT_API_TOKEN_SALT;
}

/** The start-up warning for an app whose API tokens cannot work (production without a salt). */
export function apiTokenSaltWarning(config: AppConfig): string | undefined {
  if (apiTokenSalt(config) !== null) return undefined;
  return 'API_TOKEN_SALT is not set: API tokens are refused in production until it is (env API_TOKEN_SALT or admin.apiToken.salt)';
}
