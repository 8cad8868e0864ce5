// The checks every operation starts with, in Strapi's order: the route's action for the caller's
// role first, then the rate limit (so a caller without the right does not use up the counters).
// Both transports count in the same buckets: the key names the REST path of the operation.
import type { RateLimitedRoute } from '@cms-gen/server/config/types';
import { ForbiddenError } from '@cms-gen/core/errors';
import { rateLimitKey } from '../rate-limit/rate-limit-key';
import type { UpServices } from '../services';
import type { Caller } from './caller';

export interface RateLimit {
  route: RateLimitedRoute;
  /** The operation's REST path under the prefix (`/auth/local`), which the counter is keyed by. */
  path: string;
  /** The request body: email routes count per address. */
  body: unknown;
}

export async function admit(up: UpServices, caller: Caller, action: string, limit?: RateLimit): Promise<void> {
  if (!caller.auth.can(action)) throw new ForbiddenError();
  if (limit) await up.limiter.consume(limit.route, rateLimitKey(`${up.prefix}${limit.path}`, caller.ip, limit.body), caller.setHeader);
}
