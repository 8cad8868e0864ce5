// Strapi's user and role mutations over the users & permissions operations: the REST checks
// (permission of each action, privileged fields refused to unprivileged callers, unique username
// and email) apply unchanged. `id` is the numeric id or the documentId.
import { toPlainInput } from '../args';
import { createRole, deleteRole, updateRole } from '@cms-gen/users-permissions/operations/roles';
import { createUser, deleteUser, updateUser } from '@cms-gen/users-permissions/operations/users';
import type { PluginRequest } from './plugin-request';
import { toEntityOrNull, type DocumentResponse, type EntityResponse, type OkPayload } from '../results';
import { graphqlCaller, UP, upServices } from './up-context';

export async function createUserMutation(request: PluginRequest, args: { data: object }): Promise<DocumentResponse> {
  const up = upServices(request);
  return { data: await createUser(up, toPlainInput(args.data), graphqlCaller(request, up, `${UP}.user.create`)) };
}

export async function updateUserMutation(request: PluginRequest, args: { id: string; data: object }): Promise<DocumentResponse> {
  const up = upServices(request);
  return { data: await updateUser(up, args.id, toPlainInput(args.data), graphqlCaller(request, up, `${UP}.user.update`)) };
}

/** `{ data: null }` for a user that does not exist (Strapi answers the same). */
export async function deleteUserMutation(request: PluginRequest, args: { id: string }): Promise<DocumentResponse> {
  const up = upServices(request);
  return { data: await deleteUser(up, args.id, graphqlCaller(request, up, `${UP}.user.destroy`)) };
}

/** v4 compatibility: the same, wrapped as `{ data: { id, attributes } }`. */
export const v4 =
  <A>(mutation: (request: PluginRequest, args: A) => Promise<DocumentResponse>) =>
  async (request: PluginRequest, args: A): Promise<EntityResponse> => ({ data: toEntityOrNull((await mutation(request, args)).data) });

/** `permissions` is the whole list of action uids to grant (`["api::article.article.find"]`). */
export async function createRoleMutation(request: PluginRequest, args: { data: object }): Promise<OkPayload> {
  const up = upServices(request);
  return createRole(up, toPlainInput(args.data), graphqlCaller(request, up, `${UP}.role.createRole`));
}

export async function updateRoleMutation(request: PluginRequest, args: { id: string; data: object }): Promise<OkPayload> {
  const up = upServices(request);
  return updateRole(up, args.id, toPlainInput(args.data), graphqlCaller(request, up, `${UP}.role.updateRole`));
}

export async function deleteRoleMutation(request: PluginRequest, args: { id: string }): Promise<OkPayload> {
  const up = upServices(request);
  return deleteRole(up, args.id, graphqlCaller(request, up, `${UP}.role.deleteRole`));
}
