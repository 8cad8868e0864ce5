// What the built-in plugins add to every app's schema through the extension service, as Strapi's
// plugins do: the i18n locale queries answer to `listLocales`, and `me` returns the caller.
import type { Engine } from '../engine/operations';
import type { AuthContext, Document } from '../engine/types';
import { findDocument } from '../engine/read';
import { contentTypeShape } from '../engine/schema-index';
import { UnauthorizedError } from '../errors';
import type { GraphqlContext } from './context';
import type { ExtensionService } from './extension/service';

const USER_UID = 'plugin::users-permissions.user';
const LIST_LOCALES = 'plugin::i18n.locales.listLocales';

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

/** Reads the caller's own user with its role; any authenticated user may read themselves. */
async function me(engine: Engine, auth: AuthContext): Promise<Document | null> {
  const documentId = auth.user?.documentId;
  if (auth.kind !== 'user' || typeof documentId !== 'string') throw new UnauthorizedError('Unauthorized');
  const self: AuthContext = { ...auth, can: () => true };
  const query = engine.parseQuery(USER_UID, { populate: { role: true } }, self);
  return findDocument(engine.readEnv(), contentTypeShape(engine.schema, USER_UID), documentId, query);
}

export function registerBuiltins(service: ExtensionService, engine: Engine): void {
  const listLocales = { auth: { scope: [LIST_LOCALES] } };
  service.use({
    resolversConfig: { 'Query.i18NLocale': listLocales, 'Query.i18NLocales': listLocales, 'Query.i18NLocales_connection': listLocales },
  });
  if (engine.schema.contentTypes[USER_UID]) {
    service.use({
      typeDefs: ME_TYPE_DEFS,
      resolvers: { Query: { me: (_parent: unknown, _args: unknown, context: GraphqlContext) => me(engine, context.auth) } },
      resolversConfig: { 'Query.me': { auth: { scope: ['plugin::users-permissions.user.me'] } } },
    });
  }
}
