// `client.auth`: users-permissions' local login. A successful login or register keeps the JWT (and
// the refresh token, when the server runs `jwtManagement: 'refresh'`) and sends it with every
// later request; logout forgets them. Login, register and refresh are sent without the kept
// credential: the server checks a request's JWT before its route, so a JWT whose role may not log in
// (Strapi's Authenticated role may not) or one that has expired would refuse the very call that
// replaces it (403 or 401).
import type { ContentTypes } from './content-types.js';
import type { HttpClient } from './http.js';
import type { User } from './models.js';
import { queryString } from './query.js';
import type { Data, Fields, Populate, ResultOf, Selected, Selection } from '@cms-gen/types';

type UserUid = 'plugin::users-permissions.user';

export interface LoginInput {
  /** Username or email. */
  identifier: string;
  password: string;
}

/** What a registration may never set for itself (the server refuses to list them in allowedFields). */
type AccountState = 'username' | 'email' | 'password' | 'role' | 'confirmed' | 'blocked' | 'provider' | 'resetPasswordToken' | 'confirmationToken';

/**
 * The credentials, and the user's other attributes (a users-permissions extension's): the server
 * accepts those its `register.allowedFields` lists and answers 400 `Invalid parameters` to others.
 */
export type RegisterInput = { username: string; email: string; password: string } & Omit<Data<ContentTypes, UserUid, 'update'>, AccountState>;

/** What login and register answer (`refreshToken` only in refresh mode, `jwt` absent while an email confirmation is pending). */
export interface AuthResult {
  jwt?: string;
  refreshToken?: string;
  user: User;
}

export interface RefreshResult {
  jwt: string;
  refreshToken?: string;
}

export class AuthManager {
  private refreshToken: string | undefined;

  constructor(private readonly http: HttpClient) {}

  /** POST /auth/local. */
  async login(input: LoginInput): Promise<AuthResult> {
    return this.keep(await this.http.request<AuthResult>('POST', '/auth/local', input, true));
  }

  /** POST /auth/local/register. */
  async register(input: RegisterInput): Promise<AuthResult> {
    return this.keep(await this.http.request<AuthResult>('POST', '/auth/local/register', input, true));
  }

  /** GET /users/me: the user the current JWT belongs to; `fields` and `populate` shape it as on every read. */
  me(): Promise<User>;
  me<const F extends Fields<ContentTypes, UserUid> = never, const P extends Populate<ContentTypes, UserUid> = never>(
    params: Selection<ContentTypes, UserUid, F, P>,
  ): Promise<ResultOf<ContentTypes, UserUid, Selected<F, P>>>;
  me(params?: object): Promise<unknown> {
    return this.http.request('GET', `/users/me${queryString(params)}`);
  }

  /** POST /auth/refresh with the kept (or given) refresh token: a new JWT, kept as well. */
  async refresh(refreshToken: string | undefined = this.refreshToken): Promise<RefreshResult> {
    if (refreshToken === undefined) throw new TypeError('no refresh token: log in first (the server must run jwtManagement: "refresh")');
    const result = await this.http.request<RefreshResult>('POST', '/auth/refresh', { refreshToken }, true);
    this.http.setToken(result.jwt);
    if (result.refreshToken !== undefined) this.refreshToken = result.refreshToken;
    return result;
  }

  /**
   * Forgets the JWT and refresh token. In refresh mode the server's sessions are ended first
   * (POST /auth/logout); in legacy mode there is nothing to end server-side.
   */
  async logout(): Promise<void> {
    const hadSession = this.refreshToken !== undefined;
    try {
      if (hadSession) await this.http.request('POST', '/auth/logout');
    } finally {
      this.refreshToken = undefined;
      this.http.setToken(undefined);
    }
  }

  /** The JWT sent with requests now (after login, register or refresh). */
  get token(): string | undefined {
    return this.http.getToken();
  }

  private keep(result: AuthResult): AuthResult {
    if (result.jwt !== undefined) this.http.setToken(result.jwt);
    this.refreshToken = result.refreshToken;
    return result;
  }
}
