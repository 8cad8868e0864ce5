// Content types of the plugins every generated app has (upload, users & permissions, i18n).
// They are written as Strapi schema files and go through the same parsing, validation and
// normalization as the project's own, so filters, sort and populate treat them alike.
import { compareText } from './compare-text';
import type { SchemaFile } from './schema-files';

export const FILE_UID = 'plugin::upload.file';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
export const ROLE_UID = 'plugin::users-permissions.role';
export const USER_UID = 'plugin::users-permissions.user';
export const LOCALE_UID = 'plugin::i18n.locale';

interface BuiltinType {
  uid: string;
  /** Permission action prefix; the plugins' controllers do not all follow the uid. */
  actionPrefix: string;
  schema: object;
}

const string = { type: 'string' };
const privateString = { type: 'string', private: true };

const BUILTIN_TYPES: BuiltinType[] = [
  {
    uid: LOCALE_UID,
    actionPrefix: 'plugin::i18n.locales',
    schema: {
      kind: 'collectionType',
      collectionName: 'i18n_locale',
      info: { singularName: 'locale', pluralName: 'locales', displayName: 'Locale' },
      options: { draftAndPublish: false },
      attributes: {
        name: string,
        code: { type: 'string', unique: true },
        isDefault: { type: 'boolean', default: false },
      },
    },
  },
  {
    uid: FILE_UID,
    actionPrefix: 'plugin::upload.content-api',
    schema: {
      kind: 'collectionType',
      collectionName: 'files',
      info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
      options: { draftAndPublish: false },
      attributes: {
        name: string,
        alternativeText: string,
        caption: string,
        width: { type: 'integer' },
        height: { type: 'integer' },
        formats: { type: 'json' },
        hash: { type: 'string', required: true },
        ext: string,
        mime: string,
        size: { type: 'decimal' },
        url: { type: 'string', required: true },
        previewUrl: string,
        provider: { type: 'string', required: true },
        provider_metadata: { type: 'json' },
        folderPath: privateString,
      },
    },
  },
  {
    uid: PERMISSION_UID,
    actionPrefix: 'plugin::users-permissions.permission',
    schema: {
      kind: 'collectionType',
      collectionName: 'up_permissions',
      info: { singularName: 'permission', pluralName: 'permissions', displayName: 'Permission' },
      options: { draftAndPublish: false },
      attributes: {
        action: { type: 'string', required: true },
        role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'permissions' },
      },
    },
  },
  {
    uid: ROLE_UID,
    actionPrefix: 'plugin::users-permissions.role',
    schema: {
      kind: 'collectionType',
      collectionName: 'up_roles',
      info: { singularName: 'role', pluralName: 'roles', displayName: 'Role' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', required: true, minLength: 3 },
        description: string,
        type: { type: 'string', unique: true },
        permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role' },
        users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role' },
      },
    },
  },
  {
    uid: USER_UID,
    actionPrefix: 'plugin::users-permissions.user',
    schema: {
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
      options: { draftAndPublish: false },
      attributes: {
        username: { type: 'string', required: true, unique: true, minLength: 3 },
        email: { type: 'email', required: true, minLength: 6 },
        provider: string,
        password: { type: 'password', private: true, minLength: 6 },
        resetPasswordToken: privateString,
        confirmationToken: privateString,
        confirmed: { type: 'boolean', default: false },
        blocked: { type: 'boolean', default: false },
        role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'users' },
      },
    },
  },
];

/** Built-in types as schema files, sorted by uid like loaded ones. */
export function builtinSchemaFiles(): SchemaFile[] {
  return BUILTIN_TYPES.map(({ uid, schema }) => ({ uid, file: `(built-in ${uid})`, origin: 'builtin' as const, json: schema })).sort((a, b) =>
    compareText(a.uid, b.uid),
  );
}

export function isBuiltinType(uid: string): boolean {
  return BUILTIN_TYPES.some((t) => t.uid === uid);
}

/** Permission action prefix of a content type: the uid, except for plugin controllers named otherwise. */
export function actionPrefixOf(uid: string): string {
  return BUILTIN_TYPES.find((t) => t.uid === uid)?.actionPrefix ?? uid;
}

/**
 * Names a project type may not take: the built-in types' own names (checked like any other type's)
 * plus path segments the plugins' REST routes use under /api.
 */
export const RESERVED_ROUTE_NAMES = ['auth', 'connect', 'i18n', 'upload', 'users-permissions'] as const;
