// What the built-in plugins add to every app's schema through the extension service, as Strapi's
// plugins do: the i18n locale queries answer to `listLocales`, and `me` needs `user.me`.
// The plugins' own queries and mutations (`me`, login, register: auth-types.ts; user/role/file
// mutations: generated) come with the generated schema; without shadow CRUD there is no generated
// schema, and `me` alone is added here.
import { USER_UID } from '@cms-gen/server/auth/permission-store';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { GraphqlContext } from './context';
import type { ExtensionService } from './extension/service';
import { readMe } from './plugins/me';

const LIST_LOCALES = 'plugin::i18n.locales.listLocales';

/** `UsersPermissionsMe` (auth-types.ts) as SDL, for a schema without shadow CRUD. */
const ME_TYPE_DEFS = `
type UsersPermissionsMe {
  id: ID!
  documentId: ID!
  username: String!
  email: String
  confirmed: Boolean
  blocked: Boolean
  role: UsersPermissionsMeRole
}

type UsersPermissionsMeRole {
  id: ID!
  name: String!
  description: String
  type: String
}

type Query {
  me: UsersPermissionsMe
}
`;

export interface BuiltinOptions {
  /** Whether the generated (shadow CRUD) schema is served; it already holds `me`. */
  shadowCrud?: boolean;
}

export function registerBuiltins(service: ExtensionService, engine: Engine, options: BuiltinOptions = {}): void {
  const listLocales = { auth: { scope: [LIST_LOCALES] } };
  service.use({
    resolversConfig: { 'Query.i18NLocale': listLocales, 'Query.i18NLocales': listLocales, 'Query.i18NLocales_connection': listLocales },
  });
  if (!engine.schema.contentTypes[USER_UID]) return;
  service.use({ resolversConfig: { 'Query.me': { auth: { scope: ['plugin::users-permissions.user.me'] } } } });
  if (options.shadowCrud === false) {
    service.use({
      typeDefs: ME_TYPE_DEFS,
      resolvers: { Query: { me: (_parent: unknown, _args: unknown, context: GraphqlContext) => readMe(engine, context.auth) } },
    });
  }
}
