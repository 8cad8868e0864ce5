// Finds or creates the account of a provider login (Strapi's providers.connect): the user with
// this email and provider, else a new confirmed user with the default role and a username from
// the profile, made unique when taken.
import { randomInt } from 'node:crypto';
import { ApplicationError } from '@cms-gen/core/errors';
import { RoleStore } from '../roles/role-store';
import type { UpServices } from '../services';
import type { StoredUser } from '../users/user-store';
import { createUser } from '../users/user-writes';
import type { ProviderProfile } from './presets';

const MIN_USERNAME = 3;

/** `base`, else `base` with a numeric suffix, until one is free. */
export async function uniqueUsername(up: UpServices, base: string): Promise<string> {
  let candidate = base.trim();
  if (candidate.length < MIN_USERNAME) candidate = `${candidate}${'_user'.slice(0, Math.max(0, MIN_USERNAME - candidate.length + 4))}`;
  if (!(await up.users.byField('username', candidate))) return candidate;
  for (let attempt = 0; attempt < 20; attempt++) {
    const next = `${candidate}${randomInt(attempt < 10 ? 1000 : 1_000_000, attempt < 10 ? 10_000 : 10_000_000)}`;
    if (!(await up.users.byField('username', next))) return next;
  }
  throw new ApplicationError('Could not find a free username');
}

export async function connectUser(up: UpServices, provider: string, profile: ProviderProfile): Promise<StoredUser> {
  const email = profile.email?.toLowerCase();
  if (!email) throw new ApplicationError('Email was not available.');
  const users = await up.users.byEmail(email);
  const existing = users.find((u) => u.provider === provider);
  if (existing) return existing;
  const settings = await up.settings();
  if (!settings.allow_register) throw new ApplicationError('Register action is actually not available.');
  if (users.length && settings.unique_email) throw new ApplicationError('Email is already taken.');
  const role = await new RoleStore(up.engine).documentIdByType(settings.default_role);
  if (!role) throw new ApplicationError('Impossible to find the default role');
  const username = await uniqueUsername(up, profile.username?.trim() || email.split('@')[0]);
  // Checked again under the identity lock: two first logins with one email create one account.
  const key = await createUser(up.engine, { username, email, provider, role, confirmed: true, blocked: false }, up.config.bcryptRounds, async (tx) => {
    const now = await up.users.byEmail(email, tx);
    if (now.some((u) => u.provider === provider) || (now.length && settings.unique_email)) throw new ApplicationError('Email is already taken.');
  });
  const user = await up.users.byId(key.id);
  if (!user) throw new Error('the created user cannot be read back');
  return user;
}
