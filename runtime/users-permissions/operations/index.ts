// Users & permissions as transport-independent operations: REST routes (../routes) and GraphQL
// resolvers (runtime/graphql/plugins) are thin adapters over these. Each operation checks the
// caller's action and its rate limit itself, so no transport can skip them.
export { httpCaller, type Caller } from './caller';
export { issueAuth, type AuthResult, type RegisterResult } from './issue-auth';
export { login, register } from './local-auth';
export { changePassword, forgotPassword, resetPassword } from './password-flows';
export { emailConfirmation, sendEmailConfirmation, type EmailConfirmed } from './email-confirmation';
export { countUsers, createUser, deleteUser, findUser, findUsers, me, updateUser } from './users';
export { createRole, deleteRole, findRole, listPermissions, listRoles, updateRole } from './roles';
