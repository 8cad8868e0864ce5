// What the plugin operations use of a GraphQL request (request.ts's GraphqlRequest, which builds
// them): named here so that they need not import the request that imports them.
import type { Request, Response } from 'express';
import type { AuthContext } from '@cms-gen/core/engine/types';
import type { GraphqlRuntime } from '../runtime';

export interface PluginRequest {
  readonly auth: AuthContext;
  readonly runtime: GraphqlRuntime;
  readonly http: { req: Request; res: Response } | undefined;
  /** The caller as the operation running `action` sees it (resolversConfig's auth rule applied). */
  authFor(action: string): AuthContext;
}
