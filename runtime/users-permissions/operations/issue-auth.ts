// The `{ jwt, user }` answer of login, register, password reset/change, email confirmation and
// provider callbacks. Refresh mode opens a session and adds its refresh token; how that token
// travels (body or HTTP-only cookie) is the transport's business.
import type { AuthContext, Document } from '@cms-gen/core/engine/types';
import type { UpServices } from '../services';
import type { UserKey } from '../users/user-writes';

export interface AuthResult {
  jwt: string;
  /** Refresh mode only. */
  refreshToken?: string;
  user: Document;
}

/** Register with email confirmation on answers the user without a token. */
export type RegisterResult = AuthResult | { jwt?: undefined; refreshToken?: undefined; user: Document };

export interface IssueOptions {
  /** Register shows the role (Strapi populates it there, not on login). */
  populateRole?: boolean;
  /** Password change/reset: end every other session first. */
  revokeSessions?: boolean;
}

export async function userDocumentOrThrow(up: UpServices, documentId: string, auth: AuthContext, populateRole: boolean): Promise<Document> {
  const doc = await up.users.userDocument(documentId, populateRole ? { populate: ['role'] } : {}, auth);
  if (!doc) throw new Error(`user ${documentId} vanished while answering`);
  return doc;
}

export async function issueAuth(up: UpServices, user: UserKey, auth: AuthContext, options: IssueOptions = {}): Promise<AuthResult> {
  const doc = await userDocumentOrThrow(up, user.documentId, auth, options.populateRole === true);
  if (!up.sessions) return { jwt: up.jwt.issueLegacy(user.id), user: doc };
  if (options.revokeSessions) await up.sessions.revokeUser(user.id);
  const session = await up.sessions.create(user.id);
  return { jwt: up.jwt.issueAccess(user.id, session.sessionId), refreshToken: session.refreshToken, user: doc };
}
