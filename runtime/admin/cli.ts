// `cms-gen admin create-user --email --password --firstname [--lastname] [--role]`: an admin user
// made from the command line in an app directory (scripted set-ups, a lost Super Admin). The
// database is migrated first, as a start would do; the role is a code or name (default Super Admin).
import type { CliIo } from '@cms-gen/users-permissions/api-tokens/token-cli';
import { CliError, withAppDatabase } from '@cms-gen/users-permissions/api-tokens/token-cli';
import { ValidationError } from '@cms-gen/core/errors';
import { SUPER_ADMIN_CODE, listRoles, seedRoles } from './roles';
import { createUser, publicUser } from './users';

export interface CreateUserOptions {
  app: string;
  email: string;
  password: string;
  firstname: string;
  lastname?: string;
  role?: string;
  json?: boolean;
}

const normalize = (text: string) => text.trim().toLowerCase().replace(/[\s_]+/g, '-');

export async function adminCreateUser(options: CreateUserOptions, io: CliIo): Promise<number> {
  try {
    await withAppDatabase(options.app, async (db) => {
      await seedRoles(db, null);
      const wanted = normalize(options.role ?? SUPER_ADMIN_CODE);
      const roles = await listRoles(db);
      const role = roles.find((r) => normalize(r.code) === wanted || normalize(r.name) === wanted || normalize(r.code) === `strapi-${wanted}`);
      if (!role) throw new CliError(`no admin role ${JSON.stringify(options.role)} (roles: ${roles.map((r) => r.name).join(', ')}; Editor and Author exist once the app has started)`);
      const user = await createUser(db, { email: options.email, password: options.password, firstname: options.firstname, lastname: options.lastname, isActive: true }, { roles: [role] });
      if (options.json) io.out(JSON.stringify(publicUser(user)));
      else io.err(`created admin user ${user.email} (id ${user.id}, role ${role.name}); sign in at /admin`);
    });
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`cms-gen admin: ${err.message}`);
      return 1;
    }
    if (err instanceof ValidationError) {
      const issues = (err.details.errors as { path: string[]; message: string }[] | undefined) ?? [];
      io.err(`cms-gen admin: ${issues.length ? issues.map((i) => `--${i.path[0]}: ${i.message}`).join('; ') : err.message}`);
      return 1;
    }
    throw err;
  }
}
