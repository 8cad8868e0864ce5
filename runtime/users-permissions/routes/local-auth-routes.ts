// POST /auth/local (login) and POST /auth/local/register.
import { Router } from 'express';
import { ApplicationError, ValidationError } from '../../errors';
import { authOf } from '../../http/locals';
import { sendJson } from '../../http/envelope';
import { asRecord, validateBody } from '../body-validation';
import { RoleStore } from '../roles/role-store';
import { UP, type UpServices } from '../services';
import { createUser } from '../users/user-writes';
import { sendConfirmationEmail } from './confirmation-email';
import { sendAuthResponse, userDocumentOrThrow } from './auth-response';
import { allow } from './permission-middleware';

const ALWAYS_ALLOWED = ['username', 'email', 'password'];

export function localAuthRouter(up: UpServices): Router {
  const router = Router();
  const roles = new RoleStore(up.engine);

  router.post('/auth/local', allow(`${UP}.auth.callback`), up.limiter.middleware('login'), async (req, res) => {
    const { identifier, password } = validateBody(req.body, [
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
    await sendAuthResponse(up, req, res, user, { auth: authOf(res) });
  });

  router.post('/auth/local/register', allow(`${UP}.auth.register`), up.limiter.middleware('register'), async (req, res) => {
    const settings = await up.settings();
    if (!settings.allow_register) throw new ApplicationError('Register action is currently disabled');
    const body = asRecord(req.body);
    // Only the three credentials and the fields the project lists may be sent: no role, confirmed, blocked...
    const allowed = new Set([...ALWAYS_ALLOWED, ...up.config.register.allowedFields]);
    const invalid = Object.keys(body).filter((key) => !allowed.has(key));
    if (invalid.length) throw new ValidationError(`Invalid parameters: ${invalid.join(', ')}`);
    const { email, username } = validateBody(body, [
      { name: 'email', kind: 'email' },
      { name: 'username', kind: 'string' },
      { name: 'password', kind: 'password' },
    ]);
    const role = await roles.documentIdByType(settings.default_role);
    if (!role) throw new ApplicationError('Impossible to find the default role');
    if (await up.users.identifierTaken(email, username, 'local')) throw new ApplicationError('Email or Username are already taken');
    if (settings.unique_email && (await up.users.identifierTaken(email, username))) throw new ApplicationError('Email or Username are already taken');
    const fields = Object.fromEntries(Object.entries(body).filter(([key]) => allowed.has(key)));
    const key = await createUser(
      up.engine,
      { ...fields, email: email.toLowerCase(), username, provider: 'local', role, confirmed: !settings.email_confirmation, blocked: false },
      up.config.bcryptRounds,
    );
    const auth = authOf(res);
    if (settings.email_confirmation) {
      const user = await up.users.byId(key.id);
      try {
        if (user) await sendConfirmationEmail(up, req, user);
      } catch (err) {
        up.log(`users-permissions: confirmation email to user ${key.id} failed: ${(err as Error).message}`);
        throw new ApplicationError('Error sending confirmation email');
      }
      sendJson(res, 200, { user: await userDocumentOrThrow(up, key.documentId, auth, true) });
      return;
    }
    await sendAuthResponse(up, req, res, key, { auth, populateRole: true });
  });

  return router;
}
