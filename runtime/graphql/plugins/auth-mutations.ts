// register, login, forgotPassword, resetPassword, changePassword, emailConfirmation: the users &
// permissions operations REST runs, answered as Strapi's GraphQL payloads. Each operation checks
// its REST action and rate limit itself.
import { ApplicationError } from '@cms-gen/core/errors';
import { issueAuth, type RegisterResult } from '@cms-gen/users-permissions/operations/issue-auth';
import { login, register } from '@cms-gen/users-permissions/operations/local-auth';
import { changePassword, forgotPassword, resetPassword } from '@cms-gen/users-permissions/operations/password-flows';
import { emailConfirmation } from '@cms-gen/users-permissions/operations/email-confirmation';
import { setRefreshCookie } from '@cms-gen/users-permissions/refresh-cookie';
import type { UpServices } from '@cms-gen/users-permissions/services';
import { toPlainInput } from '../args';
import type { PluginRequest } from './plugin-request';
import type { AuthPayload, OkPayload } from '../results';
import { graphqlCaller, UP, upServices } from './up-context';

/** Refresh mode: the payload has no refresh-token field, so the token travels as the HTTP-only cookie. */
function payload(request: PluginRequest, up: UpServices, result: RegisterResult): AuthPayload {
  const http = request.http;
  if (result.refreshToken !== undefined && http) setRefreshCookie(up, http.req, http.res, result.refreshToken);
  return { jwt: result.jwt ?? null, user: result.user };
}

export async function loginMutation(request: PluginRequest, args: { input: object }): Promise<AuthPayload> {
  const up = upServices(request);
  const input = toPlainInput(args.input) as Record<string, unknown>;
  // Provider logins are a browser redirect flow (/api/connect/:provider), not a mutation.
  if (input.provider !== undefined && input.provider !== 'local') throw new ApplicationError('This provider is disabled');
  return payload(request, up, await login(up, input, graphqlCaller(request, up, `${UP}.auth.callback`)));
}

export async function registerMutation(request: PluginRequest, args: { input: object }): Promise<AuthPayload> {
  const up = upServices(request);
  return payload(request, up, await register(up, toPlainInput(args.input), graphqlCaller(request, up, `${UP}.auth.register`)));
}

export async function forgotPasswordMutation(request: PluginRequest, args: { email: string }): Promise<OkPayload> {
  const up = upServices(request);
  return forgotPassword(up, { email: args.email }, graphqlCaller(request, up, `${UP}.auth.forgotPassword`));
}

export async function resetPasswordMutation(request: PluginRequest, args: { password: string; passwordConfirmation: string; code: string }): Promise<AuthPayload> {
  const up = upServices(request);
  const body = { password: args.password, passwordConfirmation: args.passwordConfirmation, code: args.code };
  return payload(request, up, await resetPassword(up, body, graphqlCaller(request, up, `${UP}.auth.resetPassword`)));
}

export async function changePasswordMutation(request: PluginRequest, args: { currentPassword: string; password: string; passwordConfirmation: string }): Promise<AuthPayload> {
  const up = upServices(request);
  const body = { currentPassword: args.currentPassword, password: args.password, passwordConfirmation: args.passwordConfirmation };
  return payload(request, up, await changePassword(up, body, graphqlCaller(request, up, `${UP}.auth.changePassword`)));
}

/** Confirms the address and, as Strapi's GraphQL does, logs the user in (REST redirects instead). */
export async function emailConfirmationMutation(request: PluginRequest, args: { confirmation: string }): Promise<AuthPayload> {
  const up = upServices(request);
  const caller = graphqlCaller(request, up, `${UP}.auth.emailConfirmation`);
  const confirmed = await emailConfirmation(up, { confirmation: args.confirmation }, caller);
  return payload(request, up, await issueAuth(up, confirmed.user, caller.auth));
}
