// Content types of the plugins every generated app has (upload, users & permissions, i18n).
// They are written as Strapi schema files and go through the same parsing, validation and
// normalization as the project's own, so filters, sort and populate treat them alike.
import { compareText } from './compare-text';
import type { SchemaFile } from './schema-files';

export const FILE_UID = 'plugin::upload.file';
export const FOLDER_UID = 'plugin::upload.folder';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
export const ROLE_UID = 'plugin::users-permissions.role';
export const USER_UID = 'plugin::users-permissions.user';
export const LOCALE_UID = 'plugin::i18n.locale';
export const SESSION_UID = 'plugin::users-permissions.session';
export const API_TOKEN_UID = 'plugin::users-permissions.api-token';
export const SETTING_UID = 'plugin::users-permissions.setting';
export const ADMIN_USER_UID = 'admin::user';
export const ADMIN_ROLE_UID = 'admin::role';
export const ADMIN_PERMISSION_UID = 'admin::permission';
export const ADMIN_SESSION_UID = 'admin::session';
export const ADMIN_LOGIN_ATTEMPT_UID = 'admin::login-attempt';

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
        // Stored for apps built before, but private: Strapi's API has no such attribute (its GraphQL
        // I18NLocale has no isDefault); the REST listing computes it from the default locale.
        isDefault: { type: 'boolean', default: false, private: true },
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
        focalPoint: { type: 'json' },
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
        // Media-library folders are admin-only in Strapi: the link exists, no API shows it.
        folder: { type: 'relation', relation: 'manyToOne', target: FOLDER_UID, inversedBy: 'files', private: true },
      },
    },
  },
  {
    // Holds the 'API Uploads' folder every REST upload lands in; no routes of its own.
    uid: FOLDER_UID,
    actionPrefix: FOLDER_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'upload_folders',
      info: { singularName: 'folder', pluralName: 'folders', displayName: 'Folder' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', required: true },
        pathId: { type: 'integer', required: true, unique: true },
        path: { type: 'string', required: true },
        files: { type: 'relation', relation: 'oneToMany', target: FILE_UID, mappedBy: 'folder', private: true },
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
  // Internal users-permissions tables: no REST routes (only api:: types get them) and no place in
  // the permission tree; the runtime reads them with its own SQL (runtime/users-permissions/internal-tables.ts).
  {
    // One row per refresh-token session; the token carries the session id, the row its current hash.
    uid: SESSION_UID,
    actionPrefix: SESSION_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'up_sessions',
      info: { singularName: 'up-session', pluralName: 'up-sessions', displayName: 'Session' },
      options: { draftAndPublish: false },
      attributes: {
        sessionId: { type: 'string', required: true, unique: true, private: true },
        userId: { type: 'integer', required: true },
        tokenHash: { type: 'string', required: true, private: true },
        status: { type: 'enumeration', enum: ['active', 'revoked'], default: 'active' },
        expiresAt: { type: 'datetime' },
        absoluteExpiresAt: { type: 'datetime' },
      },
    },
  },
  {
    // Failed admin sign-ins (and reset-email requests) per email and client address, counted in
    // the database so that every instance of the app sees the same count (runtime/admin/login-limiter.ts).
    uid: ADMIN_LOGIN_ATTEMPT_UID,
    actionPrefix: ADMIN_LOGIN_ATTEMPT_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'admin_login_attempts',
      info: { singularName: 'admin-login-attempt', pluralName: 'admin-login-attempts', displayName: 'Admin login attempt' },
      options: { draftAndPublish: false },
      attributes: {
        key: { type: 'string', required: true, unique: true, private: true },
        failures: { type: 'integer', required: true },
        expiresAt: { type: 'datetime' },
      },
    },
  },
  {
    // Content-API tokens managed by `cms-gen token`; only an HMAC of the key is stored.
    uid: API_TOKEN_UID,
    actionPrefix: API_TOKEN_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'strapi_api_tokens',
      info: { singularName: 'api-token', pluralName: 'api-tokens', displayName: 'API Token' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', required: true, unique: true },
        description: string,
        type: { type: 'enumeration', enum: ['read-only', 'full-access', 'custom'], required: true },
        accessKey: { type: 'string', required: true, unique: true, private: true },
        permissions: { type: 'json' },
        expiresAt: { type: 'datetime' },
        lastUsedAt: { type: 'datetime' },
      },
    },
  },
  {
    // Key-value store of the plugin's advanced settings (Strapi's core store), shared by instances.
    uid: SETTING_UID,
    actionPrefix: SETTING_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'up_settings',
      info: { singularName: 'up-setting', pluralName: 'up-settings', displayName: 'Setting' },
      options: { draftAndPublish: false },
      attributes: {
        key: { type: 'string', required: true, unique: true },
        value: { type: 'json' },
      },
    },
  },
  // The admin panel's users, roles and permissions (Strapi's admin::user, admin::role,
  // admin::permission) and its sessions: no REST routes, no place in the content API's permission
  // tree; runtime/admin reads and writes them with its own SQL (runtime/admin/tables.ts), and
  // project relations to admin::user point at them.
  {
    uid: ADMIN_PERMISSION_UID,
    actionPrefix: ADMIN_PERMISSION_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'admin_permissions',
      info: { singularName: 'admin-permission', pluralName: 'admin-permissions', displayName: 'Permission' },
      options: { draftAndPublish: false },
      attributes: {
        action: { type: 'string', required: true },
        subject: string,
        properties: { type: 'json' },
        conditions: { type: 'json' },
        role: { type: 'relation', relation: 'manyToOne', target: ADMIN_ROLE_UID, inversedBy: 'permissions' },
      },
    },
  },
  {
    uid: ADMIN_ROLE_UID,
    actionPrefix: ADMIN_ROLE_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'admin_roles',
      info: { singularName: 'admin-role', pluralName: 'admin-roles', displayName: 'Role' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', required: true, unique: true, minLength: 1 },
        code: { type: 'string', required: true, unique: true, minLength: 1 },
        description: string,
        users: { type: 'relation', relation: 'manyToMany', target: ADMIN_USER_UID, mappedBy: 'roles' },
        permissions: { type: 'relation', relation: 'oneToMany', target: ADMIN_PERMISSION_UID, mappedBy: 'role' },
      },
    },
  },
  {
    uid: ADMIN_USER_UID,
    actionPrefix: ADMIN_USER_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'admin_users',
      info: { singularName: 'admin-user', pluralName: 'admin-users', displayName: 'User' },
      options: { draftAndPublish: false },
      attributes: {
        firstname: string,
        lastname: string,
        username: string,
        email: { type: 'email', required: true, unique: true, private: true },
        password: { type: 'password', private: true, minLength: 6 },
        resetPasswordToken: privateString,
        registrationToken: privateString,
        isActive: { type: 'boolean', default: false, private: true },
        roles: { type: 'relation', relation: 'manyToMany', target: ADMIN_ROLE_UID, inversedBy: 'users', private: true },
        blocked: { type: 'boolean', default: false, private: true },
        preferedLanguage: string,
      },
    },
  },
  {
    // One row per signed-in admin session; the cookie carries a random token, the row its hash.
    uid: ADMIN_SESSION_UID,
    actionPrefix: ADMIN_SESSION_UID,
    schema: {
      kind: 'collectionType',
      collectionName: 'admin_sessions',
      info: { singularName: 'admin-session', pluralName: 'admin-sessions', displayName: 'Admin session' },
      options: { draftAndPublish: false },
      attributes: {
        tokenHash: { type: 'string', required: true, unique: true, private: true },
        csrfToken: { type: 'string', required: true, private: true },
        userId: { type: 'integer', required: true },
        expiresAt: { type: 'datetime' },
        absoluteExpiresAt: { type: 'datetime' },
      },
    },
  },
];

/** The built-in types a project may extend (`src/extensions/users-permissions/content-types/{user,role}/schema.json`). */
export const EXTENSIBLE_TYPES: readonly string[] = [USER_UID, ROLE_UID];

/** A built-in type's schema file as the plugin declares it, before any extension. */
export function builtinSchemaFile(uid: string): SchemaFile | undefined {
  const type = BUILTIN_TYPES.find((t) => t.uid === uid);
  return type && { uid, file: `(built-in ${uid})`, origin: 'builtin', json: type.schema };
}

/** The attributes a plugin declares on one of its types (an extension may add others). */
export function builtinAttributeNames(uid: string): string[] {
  const schema = BUILTIN_TYPES.find((t) => t.uid === uid)?.schema as { attributes?: object } | undefined;
  return Object.keys(schema?.attributes ?? {});
}

/**
 * Strapi's merge of an extension over a plugin's schema: top-level keys of the extension replace
 * the plugin's (`attributes` included, as a whole: an extension lists every attribute the type
 * keeps); keys it leaves out keep the plugin's values.
 */
function extended(builtin: SchemaFile, extension: SchemaFile): SchemaFile {
  const json = extension.json;
  if (extension.parseError !== undefined || typeof json !== 'object' || json === null || Array.isArray(json)) return { ...extension, origin: 'builtin' };
  return { uid: builtin.uid, file: extension.file, origin: 'builtin', json: { ...(builtin.json as object), ...json } };
}

/** Built-in types as schema files, each merged with the project's extension of it if any; sorted by uid like loaded ones. */
export function builtinSchemaFiles(extensions: readonly SchemaFile[] = []): SchemaFile[] {
  return BUILTIN_TYPES.map(({ uid }) => {
    const builtin = builtinSchemaFile(uid) as SchemaFile;
    const extension = extensions.find((e) => e.uid === uid);
    return extension ? extended(builtin, extension) : builtin;
  }).sort((a, b) => compareText(a.uid, b.uid));
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
