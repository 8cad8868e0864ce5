// runtime/admin's SQL must name what the generator emits for the admin types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import type { TableSpec } from '@cms-gen/users-permissions/internal-tables';
import { ADMIN_LOGIN_ATTEMPTS, ADMIN_PERMISSIONS, ADMIN_ROLES, ADMIN_SESSIONS, ADMIN_USERS, PERMISSION_ROLE_LINKS, USER_ROLES_LINKS } from './tables';

describe.each<[string, TableSpec<string>]>([
  ['users', ADMIN_USERS],
  ['roles', ADMIN_ROLES],
  ['permissions', ADMIN_PERMISSIONS],
  ['sessions', ADMIN_SESSIONS],
  ['login attempts', ADMIN_LOGIN_ATTEMPTS],
])('admin %s table', (_name, spec) => {
  const meta = schema.contentTypes[spec.uid];

  it('is a built-in content type with the same table and columns', () => {
    expect(meta).toBeDefined();
    expect(meta.table).toBe(spec.table);
    const columns = new Map(Object.values(meta.attributes).map((a) => [a.name, a.kind === 'scalar' ? a.column : undefined]));
    for (const [name, column] of Object.entries(spec.columns)) {
      if (name === 'id' || name === 'documentId' || name === 'createdAt') continue;
      expect([name, columns.get(name)]).toEqual([name, column.column]);
    }
  });

  it('keeps secrets private', () => {
    for (const attr of Object.values(meta.attributes)) if (/password|token|hash/i.test(attr.name)) expect([attr.name, attr.private]).toEqual([attr.name, true]);
  });
});

it('names the link tables of user roles and permission roles as the generator does', () => {
  const roles = schema.contentTypes['admin::user'].attributes.roles;
  const role = schema.contentTypes['admin::permission'].attributes.role;
  expect([roles.kind === 'relation' && roles.linkTable, role.kind === 'relation' && role.linkTable]).toEqual([USER_ROLES_LINKS, PERMISSION_ROLE_LINKS]);
});

it('gives every content type the creator columns in its Prisma models', () => {
  const prisma = readFileSync(join(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'app', 'prisma', 'postgresql', 'schema.prisma'), 'utf8');
  const models = prisma.split(/\nmodel /).filter((block) => /@@map\("(articles|admin_users|up_users|files)"\)/.test(block));
  expect(models).toHaveLength(4);
  for (const block of models) expect(block).toMatch(/created_by_id\s+Int\?[\s\S]*updated_by_id\s+Int\?/);
});
