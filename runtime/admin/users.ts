// Admin users (Strapi's admin::user): email + bcrypt password, active flag, roles. Emails are
// stored lowercased, so signing in is case-insensitive.
import bcrypt from 'bcrypt';
import type { Db } from '@cms-gen/db/types';
import { ApplicationError, NotFoundError, ValidationError, type ValidationIssue } from '@cms-gen/core/errors';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import { deleteRows, insertRow, selectRows, updateRows } from '@cms-gen/users-permissions/internal-tables';
import { ADMIN_ROLES, ADMIN_USERS, USER_ROLES_LINKS, insertLinks } from './tables';
import { SUPER_ADMIN_CODE, findRole, type Role } from './roles';

export const BCRYPT_ROUNDS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AdminUser {
  id: number;
  documentId: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  isActive: boolean;
  blocked: boolean;
  roles: Role[];
}

/** What the API shows of an admin user (never the password or tokens). */
export function publicUser(user: AdminUser) {
  return {
    id: user.id,
    documentId: user.documentId,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    isActive: user.isActive,
    blocked: user.blocked,
    roles: user.roles.map((r) => ({ id: r.id, code: r.code, name: r.name })),
  };
}

export const isSuperAdmin = (user: AdminUser): boolean => user.roles.some((r) => r.code === SUPER_ADMIN_CODE);

async function rolesOf(db: Db, userId: number): Promise<Role[]> {
  const q = dialectFor(db.dialect).quote;
  const rows = await db.query(
    `SELECT r.id, r.document_id, r.code, r.name, r.description FROM ${q(USER_ROLES_LINKS)} l JOIN ${q(ADMIN_ROLES.table)} r ON r.document_id = l.target_document_id WHERE l.source_id = ? ORDER BY l.position`,
    [userId],
  );
  return rows.map((r) => ({ id: Number(r.id), documentId: String(r.document_id), code: String(r.code), name: String(r.name), description: (r.description as string | null) ?? null }));
}

async function withRoles(db: Db, row: Record<string, unknown>): Promise<AdminUser & { password: string | null; resetPasswordToken: string | null }> {
  const id = Number(row.id);
  return {
    id,
    documentId: String(row.documentId),
    firstname: (row.firstname as string | null) ?? null,
    lastname: (row.lastname as string | null) ?? null,
    email: String(row.email),
    isActive: row.isActive === true,
    blocked: row.blocked === true,
    password: (row.password as string | null) ?? null,
    resetPasswordToken: (row.resetPasswordToken as string | null) ?? null,
    roles: await rolesOf(db, id),
  };
}

export async function findUser(db: Db, id: number) {
  const [row] = await selectRows(db, ADMIN_USERS, { id });
  return row ? withRoles(db, row) : undefined;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await selectRows(db, ADMIN_USERS, { email: email.trim().toLowerCase() });
  return row ? withRoles(db, row) : undefined;
}

export async function findUserByResetToken(db: Db, tokenHash: string) {
  const [row] = await selectRows(db, ADMIN_USERS, { resetPasswordToken: tokenHash });
  return row ? withRoles(db, row) : undefined;
}

export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await selectRows(db, ADMIN_USERS, {});
  return Promise.all(rows.map((row) => withRoles(db, row)));
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.query(`SELECT COUNT(*) AS n FROM ${dialectFor(db.dialect).quote(ADMIN_USERS.table)}`);
  return Number(rows[0].n);
}

export interface UserInput {
  firstname?: unknown;
  lastname?: unknown;
  email?: unknown;
  password?: unknown;
  roles?: unknown;
  isActive?: unknown;
}

/** Strapi's admin password rule: 8+ characters with a lowercase and an uppercase letter and a digit. */
export function passwordIssue(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'password must be a string';
  if (password.length < 8) return 'password must be at least 8 characters';
  if (Buffer.byteLength(password, 'utf8') > 72) return 'password must be at most 72 bytes';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) return 'password must contain a lowercase letter, an uppercase letter and a number';
  return undefined;
}

/** Validates a user body; `creating` requires every field a new user needs. Issues name their field. */
function checkInput(input: UserInput, creating: boolean, needPassword: boolean): void {
  const issues: ValidationIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ path: [field], message, name: 'ValidationError' });
  for (const field of ['firstname', 'lastname'] as const) {
    const value = input[field];
    if (value === undefined) {
      if (creating && field === 'firstname') issue(field, 'firstname is required');
    } else if (value !== null && typeof value !== 'string') issue(field, `${field} must be a string`);
    else if (field === 'firstname' && (value === null || value.trim() === '')) issue(field, 'firstname is required');
  }
  if (input.email !== undefined || creating) {
    if (typeof input.email !== 'string' || !EMAIL.test(input.email.trim())) issue('email', 'email must be a valid email');
  }
  if (input.password !== undefined || needPassword) {
    const problem = passwordIssue(input.password);
    if (problem) issue('password', problem);
  }
  if (input.isActive !== undefined && typeof input.isActive !== 'boolean') issue('isActive', 'isActive must be a boolean');
  if (input.roles !== undefined && (!Array.isArray(input.roles) || input.roles.some((r) => !Number.isInteger(r)))) issue('roles', 'roles must be an array of role ids');
  if (issues.length) throw new ValidationError(issues.length === 1 ? issues[0].message : `${issues.length} errors occurred`, { errors: issues });
}

async function emailTaken(db: Db, email: string, except?: number): Promise<void> {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== except) {
    throw new ValidationError('Email already taken', { errors: [{ path: ['email'], message: 'Email already taken', name: 'ValidationError' }] });
  }
}

async function rolesByIds(db: Db, ids: number[]): Promise<Role[]> {
  const roles: Role[] = [];
  for (const id of ids) {
    const role = await findRole(db, id);
    if (!role) throw new ValidationError(`role ${id} does not exist`, { errors: [{ path: ['roles'], message: `role ${id} does not exist`, name: 'ValidationError' }] });
    roles.push(role);
  }
  return roles;
}

export async function createUser(db: Db, input: UserInput, options: { requirePassword?: boolean; roles?: Role[] } = {}): Promise<AdminUser> {
  checkInput(input, true, options.requirePassword ?? true);
  const email = (input.email as string).trim().toLowerCase();
  await emailTaken(db, email);
  const roles = options.roles ?? (await rolesByIds(db, (input.roles as number[] | undefined) ?? []));
  if (roles.length === 0) throw new ValidationError('a user needs at least one role', { errors: [{ path: ['roles'], message: 'a user needs at least one role', name: 'ValidationError' }] });
  const password = typeof input.password === 'string' ? await bcrypt.hash(input.password, BCRYPT_ROUNDS) : null;
  const id = await db.transaction(async (tx) => {
    const id = await insertRow(tx, ADMIN_USERS, {
      firstname: (input.firstname as string).trim(),
      lastname: typeof input.lastname === 'string' ? input.lastname.trim() : null,
      email,
      password,
      isActive: input.isActive === undefined ? true : input.isActive,
      blocked: false,
    });
    await insertLinks(tx, USER_ROLES_LINKS, id, roles.map((r) => r.documentId));
    return id;
  });
  return (await findUser(db, id)) as AdminUser;
}

export async function updateUser(db: Db, id: number, input: UserInput): Promise<AdminUser> {
  const user = await findUser(db, id);
  if (!user) throw new NotFoundError('user.notFound');
  checkInput(input, false, false);
  const values: Record<string, unknown> = {};
  if (input.firstname !== undefined) values.firstname = (input.firstname as string).trim();
  if (input.lastname !== undefined) values.lastname = input.lastname;
  if (input.email !== undefined) {
    values.email = (input.email as string).trim().toLowerCase();
    await emailTaken(db, values.email as string, id);
  }
  if (input.password !== undefined) values.password = await bcrypt.hash(input.password as string, BCRYPT_ROUNDS);
  if (input.isActive !== undefined) values.isActive = input.isActive;
  const roles = input.roles !== undefined ? await rolesByIds(db, input.roles as number[]) : undefined;
  if (roles && roles.length === 0) throw new ValidationError('a user needs at least one role', { errors: [{ path: ['roles'], message: 'a user needs at least one role', name: 'ValidationError' }] });
  await lastSuperAdminGuard(db, user, roles, input.isActive === false);
  await db.transaction(async (tx) => {
    if (Object.keys(values).length) await updateRows(tx, ADMIN_USERS, values, { id });
    if (roles) {
      await tx.execute(`DELETE FROM ${dialectFor(tx.dialect).quote(USER_ROLES_LINKS)} WHERE source_id = ?`, [id]);
      await insertLinks(tx, USER_ROLES_LINKS, id, roles.map((r) => r.documentId));
    }
  });
  return (await findUser(db, id)) as AdminUser;
}

/** Sets a password (reset flow) and clears the reset token. */
export async function setPassword(db: Db, id: number, password: string): Promise<void> {
  await updateRows(db, ADMIN_USERS, { password: await bcrypt.hash(password, BCRYPT_ROUNDS), resetPasswordToken: null }, { id });
}

export async function setResetToken(db: Db, id: number, tokenHash: string): Promise<void> {
  await updateRows(db, ADMIN_USERS, { resetPasswordToken: tokenHash }, { id });
}

/** The app keeps at least one active Super Admin. */
async function lastSuperAdminGuard(db: Db, user: AdminUser, newRoles: Role[] | undefined, deactivating: boolean, deleting = false): Promise<void> {
  if (!isSuperAdmin(user)) return;
  const losing = deleting || deactivating || (newRoles !== undefined && !newRoles.some((r) => r.code === SUPER_ADMIN_CODE));
  if (!losing) return;
  const others = (await listUsers(db)).filter((u) => u.id !== user.id && u.isActive && isSuperAdmin(u));
  if (others.length === 0) throw new ApplicationError('You must have at least one active Super Admin');
}

export async function deleteUser(db: Db, id: number, contentTables: string[]): Promise<AdminUser> {
  const user = await findUser(db, id);
  if (!user) throw new NotFoundError('user.notFound');
  await lastSuperAdminGuard(db, user, undefined, false, true);
  const q = dialectFor(db.dialect).quote;
  await db.transaction(async (tx) => {
    // Strapi's creator columns are set to null when their user goes (ON DELETE SET NULL there).
    for (const table of contentTables) {
      await tx.execute(`UPDATE ${q(table)} SET created_by_id = NULL WHERE created_by_id = ?`, [id]);
      await tx.execute(`UPDATE ${q(table)} SET updated_by_id = NULL WHERE updated_by_id = ?`, [id]);
    }
    await tx.execute(`DELETE FROM ${q('admin_sessions')} WHERE user_id = ?`, [id]);
    await deleteRows(tx, ADMIN_USERS, { id });
  });
  return user;
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash && hash.startsWith('$2')) return bcrypt.compare(password, hash);
  // Same time for an unknown user as for a wrong password.
  await bcrypt.compare(password, '$2b$10$CwTycUXWue0Thq9StjUM0uJ8b1J2bY2bYp4x1b8jQ7r0q7e8yQ1Wm');
  return false;
}
