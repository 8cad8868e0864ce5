// Security schemes: users-permissions JWTs and API tokens, both sent as `Authorization: Bearer`.
// Content routes are allowed or denied per role at run time (the Public role needs no token), so
// they list "no token" next to both schemes; the plugin routes say what they really need.
import type { JsonObject } from './openapi-registry';

export const SECURITY_SCHEMES: JsonObject = {
  bearerJWT: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A users-permissions JWT from /api/auth/local (or register, refresh).' },
  apiToken: { type: 'http', scheme: 'bearer', description: 'An API token (`cms-gen token create`): read-only, full-access or custom.' },
};

/** Allowed per role: anonymous callers get the Public role's permissions. */
export const OPTIONAL_AUTH: JsonObject[] = [{}, { bearerJWT: [] }, { apiToken: [] }];
/** Needs a logged-in user (a JWT). */
export const USER_AUTH: JsonObject[] = [{ bearerJWT: [] }];
/** Public: no token needed (login, register…). */
export const NO_AUTH: JsonObject[] = [];

export const PER_ROLE_NOTE = 'Allowed or denied per role at run time: without a token the Public role applies, with a JWT the user\'s role, with an API token its type.';
