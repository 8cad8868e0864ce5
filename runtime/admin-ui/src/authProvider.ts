// Sign-in through the app's session cookie. checkAuth asks /auth/status: with no admin yet, it sends
// the visitor to the first-run register page instead of the login page.
import type { AuthProvider } from 'react-admin';
import { csrfToken, request } from './api';
import { forgetMeta } from './meta';
import type { Grants, Permission } from './permissions';

export interface AdminUser {
  id: number | string;
  documentId?: string;
  firstname: string;
  lastname: string;
  email: string;
  roles: { id: number; code: string; name: string }[];
}

interface MeAnswer {
  data: { user: AdminUser; permissions: Permission[] };
}

let me: Promise<MeAnswer['data']> | undefined;

export function currentUser(): Promise<MeAnswer['data']> {
  me ??= request<MeAnswer>('/auth/me')
    .then((answer) => answer.json.data)
    .catch((error) => {
      me = undefined;
      throw error;
    });
  return me;
}

function forget(): void {
  me = undefined;
  forgetMeta();
}

export async function authStatus(): Promise<{ hasAdmin: boolean; authenticated: boolean }> {
  return (await request<{ data: { hasAdmin: boolean; authenticated: boolean } }>('/auth/status')).json.data;
}

export async function registerFirst(values: { firstname: string; lastname: string; email: string; password: string }): Promise<void> {
  forget();
  await request('/auth/register-first', { method: 'POST', body: values });
}

export async function forgotPassword(email: string): Promise<void> {
  await request('/auth/forgot-password', { method: 'POST', body: { email } });
}

export async function resetPassword(code: string, password: string): Promise<void> {
  forget();
  await request('/auth/reset-password', { method: 'POST', body: { code, password } });
}

export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password: string }) {
    forget();
    await request('/auth/login', { method: 'POST', body: { email: email ?? username, password } });
  },
  async logout() {
    const signedIn = me !== undefined || csrfToken() !== '';
    forget();
    if (signedIn) await request('/auth/logout', { method: 'POST' }).catch(() => undefined);
  },
  async checkAuth() {
    const pending = me;
    if (pending) {
      const ok = await pending.then(() => true).catch(() => false);
      if (ok) return;
    }
    const status = await authStatus();
    if (!status.hasAdmin) throw { redirectTo: '/register', message: false };
    if (!status.authenticated) throw { redirectTo: '/login', message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw { redirectTo: '/login', message: false };
    }
    // 403 is an answer about one action: the session stays.
  },
  async getIdentity() {
    const { user } = await currentUser();
    return { id: user.id, fullName: `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim() || user.email, email: user.email };
  },
  async getPermissions(): Promise<Grants> {
    let answer: MeAnswer['data'];
    try {
      answer = await currentUser();
    } catch (error) {
      // Signed out: no grants (react-admin then sends the visitor to sign in).
      if ((error as { status?: number }).status === 401) return { permissions: [], isSuperAdmin: false };
      throw error;
    }
    const { user, permissions } = answer;
    return { permissions, isSuperAdmin: user.roles.some((r) => r.code === 'strapi-super-admin'), userId: user.id };
  },
};
