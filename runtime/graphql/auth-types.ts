// The users & permissions plugin's account API, with Strapi 5's names and shapes: `me`, login,
// register and the password and confirmation mutations. No schema changes them (the input and the
// answer are the plugin's own, not the user content type's), so one set serves every app and both
// shapes; the build describes them for the printed SDL (generator/emitters/graphql-plugins.ts) and
// lists the resolver in an app that has users. The resolvers call the plugin's operations
// (`ctx.cms.plugins`), which check the same permissions and limits as its REST routes.
import { GraphQLBoolean, GraphQLID, GraphQLString } from 'graphql';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Document } from '@cms-gen/core/engine/types';
import type { GraphqlContext } from './context';
import { graphqlClass, type FieldSpec } from './graphql-class';
import type { AuthPayload, OkPayload } from './results';

const string = () => GraphQLString;
const id = () => GraphQLID;
const boolean = () => GraphQLBoolean;

export const UsersPermissionsMeRole = graphqlClass<UsersPermissionsMeRole>('object', 'UsersPermissionsMeRole', () => [
  ['id', id],
  ['name', string],
  ['description', string, true],
  ['type', string, true],
]);
export interface UsersPermissionsMeRole {
  id: string;
  name: string;
  description?: string | null;
  type?: string | null;
}

export const UsersPermissionsMe = graphqlClass<UsersPermissionsMe>('object', 'UsersPermissionsMe', () => [
  ['id', id],
  ['documentId', id],
  ['username', string],
  ['email', string, true],
  ['confirmed', boolean, true],
  ['blocked', boolean, true],
  ['role', () => UsersPermissionsMeRole, true],
]);
export interface UsersPermissionsMe {
  id: string;
  documentId: string;
  username: string;
  email?: string | null;
  confirmed?: boolean | null;
  blocked?: boolean | null;
  role?: UsersPermissionsMeRole | null;
}

export const UsersPermissionsRegisterInput = graphqlClass<UsersPermissionsRegisterInput>('input', 'UsersPermissionsRegisterInput', () =>
  ['username', 'email', 'password'].map((name): FieldSpec => [name, string]),
);
export interface UsersPermissionsRegisterInput {
  username: string;
  email: string;
  password: string;
}

export const UsersPermissionsLoginInput = graphqlClass<UsersPermissionsLoginInput>('input', 'UsersPermissionsLoginInput', () => [
  ['identifier', string],
  ['password', string],
  ['provider', string, undefined, 'local'],
]);
export interface UsersPermissionsLoginInput {
  identifier: string;
  password: string;
  provider: string;
}

export const UsersPermissionsPasswordPayload = graphqlClass<UsersPermissionsPasswordPayload>('object', 'UsersPermissionsPasswordPayload', () => [['ok', boolean]]);
export interface UsersPermissionsPasswordPayload {
  ok: boolean;
}

export const UsersPermissionsLoginPayload = graphqlClass<UsersPermissionsLoginPayload>('object', 'UsersPermissionsLoginPayload', () => [
  ['jwt', string, true],
  ['user', () => UsersPermissionsMe],
]);
export interface UsersPermissionsLoginPayload {
  jwt?: string | null;
  user: UsersPermissionsMe;
}

/** The root fields of the account API; its class is declared below with TypeGraphQL's decorators called. */
export class UsersPermissionsMeRootResolver {
  me(ctx: GraphqlContext): Promise<Document | null> {
    return ctx.cms.plugins.me({});
  }

  login(input: UsersPermissionsLoginInput, ctx: GraphqlContext): Promise<AuthPayload> {
    return ctx.cms.plugins.login({ input });
  }

  register(input: UsersPermissionsRegisterInput, ctx: GraphqlContext): Promise<AuthPayload> {
    return ctx.cms.plugins.register({ input });
  }

  forgotPassword(email: string, ctx: GraphqlContext): Promise<OkPayload> {
    return ctx.cms.plugins.forgotPassword({ email });
  }

  resetPassword(password: string, passwordConfirmation: string, code: string, ctx: GraphqlContext): Promise<AuthPayload> {
    return ctx.cms.plugins.resetPassword({ password, passwordConfirmation, code });
  }

  changePassword(currentPassword: string, password: string, passwordConfirmation: string, ctx: GraphqlContext): Promise<AuthPayload> {
    return ctx.cms.plugins.changePassword({ currentPassword, password, passwordConfirmation });
  }

  emailConfirmation(confirmation: string, ctx: GraphqlContext): Promise<AuthPayload> {
    return ctx.cms.plugins.emailConfirmation({ confirmation });
  }
}

type RootMethod = Exclude<keyof UsersPermissionsMeRootResolver, 'constructor'>;

/** Each root field: query or mutation, its answer (nullable or not) and its arguments in order (all `String!` but the inputs). */
const ROOT_FIELDS: Array<{ name: RootMethod; kind: 'query' | 'mutation'; type: () => Function; nullable: boolean; args: Array<[string, () => unknown]> }> = [
  { name: 'me', kind: 'query', type: () => UsersPermissionsMe, nullable: true, args: [] },
  { name: 'login', kind: 'mutation', type: () => UsersPermissionsLoginPayload, nullable: false, args: [['input', () => UsersPermissionsLoginInput]] },
  { name: 'register', kind: 'mutation', type: () => UsersPermissionsLoginPayload, nullable: false, args: [['input', () => UsersPermissionsRegisterInput]] },
  { name: 'forgotPassword', kind: 'mutation', type: () => UsersPermissionsPasswordPayload, nullable: true, args: [['email', string]] },
  { name: 'resetPassword', kind: 'mutation', type: () => UsersPermissionsLoginPayload, nullable: true, args: ['password', 'passwordConfirmation', 'code'].map((n) => [n, string]) },
  { name: 'changePassword', kind: 'mutation', type: () => UsersPermissionsLoginPayload, nullable: true, args: ['currentPassword', 'password', 'passwordConfirmation'].map((n) => [n, string]) },
  { name: 'emailConfirmation', kind: 'mutation', type: () => UsersPermissionsLoginPayload, nullable: true, args: [['confirmation', string]] },
];

// In the order TypeScript applies written decorators: parameters, then the method, then the class.
const prototype = UsersPermissionsMeRootResolver.prototype;
for (const field of ROOT_FIELDS) {
  field.args.forEach(([name, type], index) => Arg(name, type as () => Function)(prototype, field.name, index));
  Ctx()(prototype, field.name, field.args.length);
  const descriptor = Object.getOwnPropertyDescriptor(prototype, field.name) as PropertyDescriptor;
  const options = { name: field.name, ...(field.nullable ? { nullable: true } : {}) };
  (field.kind === 'query' ? Query : Mutation)(field.type, options)(prototype, field.name, descriptor);
}
Resolver(() => UsersPermissionsMe)(UsersPermissionsMeRootResolver);
