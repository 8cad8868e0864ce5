// The caller of a service call made by server code (a custom controller, a hook): trusted, so
// every action is allowed, as the Document Service runs without permission checks in Strapi.
// Requests never get it: controllers pass the request's caller (`ctx.serviceParams()`).
import type { AuthContext } from '@cms-gen/core/engine/types';

export const TRUSTED_SERVER: AuthContext = Object.freeze({ kind: 'api-token' as const, can: () => true });
