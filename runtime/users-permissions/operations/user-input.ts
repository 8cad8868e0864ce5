// Checks of user bodies (create/update), shared by REST and GraphQL.
//
// Fields that decide privilege or account state (role, confirmed, blocked, provider and the
// codes) are only accepted from privileged callers: API tokens, and users whose role may edit
// roles (they could grant themselves anything anyway). Anyone else sending them gets a 403.
import type { AuthContext } from '@cms-gen/core/engine/types';
import { ForbiddenError, ValidationError } from '@cms-gen/core/errors';
import { UP } from '../services';

const SENSITIVE_FIELDS = ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPrivileged(auth: AuthContext): boolean {
  return auth.kind === 'api-token' || auth.can(`${UP}.role.updateRole`);
}

export function refuseSensitive(auth: AuthContext, body: Record<string, unknown>): void {
  const sent = SENSITIVE_FIELDS.filter((f) => f in body);
  if (sent.length && !isPrivileged(auth)) throw new ForbiddenError('Forbidden', { fields: sent });
}

export function validateUserBody(body: Record<string, unknown>, mode: 'create' | 'update'): void {
  const check = (name: string, value: unknown, required: boolean, email = false) => {
    if (value === undefined) {
      if (required) throw new ValidationError(`${name} is a required field`, { errors: [{ path: [name], message: `${name} is a required field`, name: 'ValidationError' }] });
      return;
    }
    if (typeof value !== 'string' || value.length < 1) throw new ValidationError(`${name} must be at least 1 characters`, { errors: [{ path: [name], message: `${name} must be at least 1 characters`, name: 'ValidationError', value }] });
    // NUL: a driver error on PostgreSQL; GraphQL arguments skip the REST input guard.
    if (value.includes('\u0000')) throw new ValidationError(`${name} must not contain NUL characters (\\u0000)`, { errors: [{ path: [name], message: `${name} must not contain NUL characters (\\u0000)`, name: 'ValidationError' }] });
    if (email && !EMAIL.test(value)) throw new ValidationError(`${name} must be a valid email`, { errors: [{ path: [name], message: `${name} must be a valid email`, name: 'ValidationError', value }] });
  };
  check('email', body.email, mode === 'create', true);
  check('username', body.username, mode === 'create');
  if (mode === 'create') {
    check('password', body.password, true);
    // Strapi 5.54's POST /api/users (and createUsersPermissionsUser) gives no default role: the
    // body must name one (registration is what gives the default role).
    if (body.role === undefined || body.role === null) throw new ValidationError('role is a required field', { errors: [{ path: ['role'], message: 'role is a required field', name: 'ValidationError' }] });
  }
}
