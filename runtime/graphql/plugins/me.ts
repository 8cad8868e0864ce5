// `me`: the caller's own user with its role. Any authenticated user may read themselves, role
// included (resolversConfig asks for `user.me`, as Strapi does).
import type { Engine } from '@cms-gen/core/documents/operations';
import { findDocument } from '@cms-gen/core/engine/read';
import { contentTypeShape } from '@cms-gen/core/model/schema-index';
import type { AuthContext, Document } from '@cms-gen/core/engine/types';
import { UnauthorizedError } from '@cms-gen/core/errors';
import { USER_UID } from '@cms-gen/server/auth/permission-store';

export async function readMe(engine: Engine, auth: AuthContext): Promise<Document | null> {
  const documentId = auth.user?.documentId;
  if (auth.kind !== 'user' || typeof documentId !== 'string') throw new UnauthorizedError('Unauthorized');
  const self: AuthContext = { ...auth, can: () => true };
  const query = engine.parseQuery(USER_UID, { populate: { role: true } }, self);
  return findDocument(engine.readEnv(), contentTypeShape(engine.schema, USER_UID), documentId, query);
}
