// `ctx.cms.plugins`: what generated plugin fields call (generator/emitters/graphql-plugins.ts),
// one method per PluginMethod, bound to the request.
import type { Document } from '@cms-gen/core/engine/types';
import type { PluginRequest } from './plugin-request';
import type { AuthPayload, DocumentResponse, EntityResponse, OkPayload } from '../results';
import { changePasswordMutation, emailConfirmationMutation, forgotPasswordMutation, loginMutation, registerMutation, resetPasswordMutation } from './auth-mutations';
import { readMe } from './me';
import { deleteFileMutation, updateFileMutation } from './upload-mutations';
import { createRoleMutation, createUserMutation, deleteRoleMutation, deleteUserMutation, updateRoleMutation, updateUserMutation, v4 } from './user-role-mutations';

type Passwords = { password: string; passwordConfirmation: string };

export class PluginCalls {
  constructor(private readonly request: PluginRequest) {}

  me(_args: Record<string, never>): Promise<Document | null> {
    return readMe(this.request.runtime.engine, this.request.auth);
  }

  login(args: { input: object }): Promise<AuthPayload> {
    return loginMutation(this.request, args);
  }

  register(args: { input: object }): Promise<AuthPayload> {
    return registerMutation(this.request, args);
  }

  forgotPassword(args: { email: string }): Promise<OkPayload> {
    return forgotPasswordMutation(this.request, args);
  }

  resetPassword(args: Passwords & { code: string }): Promise<AuthPayload> {
    return resetPasswordMutation(this.request, args);
  }

  changePassword(args: Passwords & { currentPassword: string }): Promise<AuthPayload> {
    return changePasswordMutation(this.request, args);
  }

  emailConfirmation(args: { confirmation: string }): Promise<AuthPayload> {
    return emailConfirmationMutation(this.request, args);
  }

  createUser(args: { data: object }): Promise<DocumentResponse> {
    return createUserMutation(this.request, args);
  }

  updateUser(args: { id: string; data: object }): Promise<DocumentResponse> {
    return updateUserMutation(this.request, args);
  }

  deleteUser(args: { id: string }): Promise<DocumentResponse> {
    return deleteUserMutation(this.request, args);
  }

  v4CreateUser(args: { data: object }): Promise<EntityResponse> {
    return v4(createUserMutation)(this.request, args);
  }

  v4UpdateUser(args: { id: string; data: object }): Promise<EntityResponse> {
    return v4(updateUserMutation)(this.request, args);
  }

  v4DeleteUser(args: { id: string }): Promise<EntityResponse> {
    return v4(deleteUserMutation)(this.request, args);
  }

  createRole(args: { data: object }): Promise<OkPayload> {
    return createRoleMutation(this.request, args);
  }

  updateRole(args: { id: string; data: object }): Promise<OkPayload> {
    return updateRoleMutation(this.request, args);
  }

  deleteRole(args: { id: string }): Promise<OkPayload> {
    return deleteRoleMutation(this.request, args);
  }

  updateFile(args: { id: string; info?: object | null }): Promise<Document> {
    return updateFileMutation(this.request, args);
  }

  deleteFile(args: { id: string }): Promise<Document | null> {
    return deleteFileMutation(this.request, args);
  }
}
