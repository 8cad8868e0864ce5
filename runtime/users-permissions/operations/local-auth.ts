// Local login and registration (POST /auth/local, /auth/local/register; GraphQL `login`,
// `register`), with Strapi's checks and messages.
import { ApplicationError, ValidationError } from '@cms-gen/core/errors';
import { asRecord, validateBody } from '../body-validation';
import { RoleStore } from '../roles/role-store';
import { UP, type UpServices } from '../services';
import { createUser } from '../users/user-writes';
import { writableRegisterFields } from '../register-fields';
import { admit } from './admit';
import type { Caller } from './caller';
import { sendConfirmationEmail } from './confirmation-email';
import { issueAuth, userDocumentOrThrow, type AuthResult, type RegisterResult } from './issue-auth';

const ALWAYS_ALLOWED = ['username', 'email', 'password'];

export async function login(up: UpServices, body: unknown, caller: Caller): Promise<AuthResult> {
  await admit(up, caller, `${UP}.auth.callback`, { route: 'login', path: '/auth/local', body });
  const { identifier, password } = validateBody(body, [
    { name: 'identifier', kind: 'string' },
    { name: 'password', kind: 'string' },
  ]);
  const user = await up.users.forLogin(identifier);
  // Always one bcrypt comparison: unknown identifiers take as long as wrong passwords.
  const valid = await up.passwords.verify(password, user?.password);
  if (!user || !valid) throw new ValidationError('Invalid identifier or password');
  const settings = await up.settings();
  if (settings.email_confirmation && user.confirmed !== true) throw new ApplicationError('Your account email is not confirmed');
  if (user.blocked) throw new ApplicationError('Your account has been blocked by an administrator');
  return issueAuth(up, user, caller.auth);
}

export async function register(up: UpServices, body: unknown, caller: Caller): Promise<RegisterResult> {
  await admit(up, caller, `${UP}.auth.register`, { route: 'register', path: '/auth/local/register', body });
  const settings = await up.settings();
  if (!settings.allow_register) throw new ApplicationError('Register action is currently disabled');
  const input = asRecord(body);
  // Only the three credentials and the fields the project lists may be sent: no role, confirmed, blocked...
  const allowed = new Set([...ALWAYS_ALLOWED, ...up.config.register.allowedFields]);
  const invalid = Object.keys(input).filter((key) => !allowed.has(key));
  if (invalid.length) throw new ValidationError(`Invalid parameters: ${invalid.join(', ')}`);
  const { email, username } = validateBody(input, [
    { name: 'email', kind: 'email' },
    { name: 'username', kind: 'string' },
    { name: 'password', kind: 'password' },
  ]);
  const role = await new RoleStore(up.engine).documentIdByType(settings.default_role);
  if (!role) throw new ApplicationError('Impossible to find the default role');
  if (await up.users.identifierTaken(email, username, 'local')) throw new ApplicationError('Email or Username are already taken');
  if (settings.unique_email && (await up.users.identifierTaken(email, username))) throw new ApplicationError('Email or Username are already taken');
  // A listed field the user type does not have is dropped, as Strapi does (the app warns at start).
  const writable = writableRegisterFields(up.engine.schema, up.config.register.allowedFields);
  const fields = Object.fromEntries(Object.entries(input).filter(([key]) => ALWAYS_ALLOWED.includes(key) || writable.has(key)));
  // Checked again inside the creating transaction: concurrent registrations for one name all
  // pass the checks above, and only the first may create the account.
  const key = await createUser(
    up.engine,
    { ...fields, email: email.toLowerCase(), username, provider: 'local', role, confirmed: !settings.email_confirmation, blocked: false },
    up.config.bcryptRounds,
    async (tx) => {
      if (await up.users.identifierTaken(email, username, settings.unique_email ? undefined : 'local', tx)) throw new ApplicationError('Email or Username are already taken');
    },
  );
  if (!settings.email_confirmation) return issueAuth(up, key, caller.auth, { populateRole: true });
  const user = await up.users.byId(key.id);
  try {
    if (user) await sendConfirmationEmail(up, caller.baseUrl, user);
  } catch (err) {
    up.log(`error: users-permissions: confirmation email to user ${key.id} failed: ${(err as Error).message}`);
    throw new ApplicationError('Error sending confirmation email');
  }
  return { user: await userDocumentOrThrow(up, key.documentId, caller.auth, true) };
}
