// What the users & permissions resolvers share: the plugin's services and the operation caller
// of a GraphQL request (the same Caller REST builds, so rate limits count in the same buckets).
import { ApplicationError } from '@cms-gen/core/errors';
import { httpCaller, type Caller } from '@cms-gen/users-permissions/operations/caller';
import type { UpServices } from '@cms-gen/users-permissions/services';
import type { PluginRequest } from './plugin-request';

export { UP } from '@cms-gen/users-permissions/services';

export function upServices(request: PluginRequest): UpServices {
  const up = request.runtime.plugins.usersPermissions;
  if (!up) throw new ApplicationError('The users-permissions plugin is disabled');
  return up;
}

/**
 * The caller as the operation running `action` sees it: resolversConfig's `auth: false` or
 * `scope` on the field allow that action (PluginRequest.authFor).
 */
export function graphqlCaller(request: PluginRequest, up: UpServices, action: string): Caller {
  const auth = request.authFor(action);
  const http = request.http;
  if (http) return httpCaller(up, http.req, http.res, auth);
  return { auth, ip: 'unknown', baseUrl: up.config.publicUrl ?? '', setHeader: () => undefined };
}
