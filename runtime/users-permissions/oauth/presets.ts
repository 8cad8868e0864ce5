// Built-in OAuth2 providers: endpoints, default scopes, and how their profile becomes a username
// and an email (the mapping Strapi's providers registry uses). Every URL can be overridden in
// config (GitHub Enterprise, a sovereign Microsoft cloud, tests against a local fake).
export interface ProviderProfile {
  username?: string;
  email?: string;
}

export type FetchJson = (url: string) => Promise<unknown>;

export interface ProviderPreset {
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scope: string[];
  toProfile(body: Record<string, unknown>, fetchJson: FetchJson, profileUrl: string): Promise<ProviderProfile>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export const PRESETS: Record<string, ProviderPreset> = {
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    scope: ['user', 'user:email'],
    async toProfile(body, fetchJson, profileUrl) {
      let email = text(body.email);
      // A private email is only listed by /user/emails: take the primary verified one.
      if (!email) {
        const emails = await fetchJson(`${profileUrl}/emails`);
        if (Array.isArray(emails)) {
          const primary = emails.find((e: unknown) => typeof e === 'object' && e !== null && (e as Record<string, unknown>).primary === true && (e as Record<string, unknown>).verified === true);
          email = text((primary as Record<string, unknown> | undefined)?.email);
        }
      }
      return { username: text(body.login), email };
    },
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
    scope: ['email'],
    async toProfile(body) {
      return { username: text(body.email), email: text(body.email) };
    },
  },
  discord: {
    authorizeUrl: 'https://discord.com/api/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    profileUrl: 'https://discord.com/api/users/@me',
    scope: ['identify', 'email'],
    async toProfile(body) {
      const name = text(body.username);
      const discriminator = text(body.discriminator);
      // Accounts migrated to unique usernames have discriminator "0".
      return { username: name && discriminator && discriminator !== '0' ? `${name}#${discriminator}` : name, email: text(body.email) };
    },
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/oauth/access_token',
    profileUrl: 'https://graph.facebook.com/me?fields=name,email',
    scope: ['email'],
    async toProfile(body) {
      return { username: text(body.name), email: text(body.email) };
    },
  },
  microsoft: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    profileUrl: 'https://graph.microsoft.com/v1.0/me',
    scope: ['user.read'],
    async toProfile(body) {
      return { username: text(body.userPrincipalName), email: text(body.mail) ?? text(body.userPrincipalName) };
    },
  },
};

/** A provider configured with its own URLs; the profile fields are configurable. */
export function genericPreset(usernameField = 'username', emailField = 'email'): Omit<ProviderPreset, 'authorizeUrl' | 'tokenUrl' | 'profileUrl'> {
  return {
    scope: [],
    async toProfile(body) {
      const username = text(body[usernameField]) ?? text(body.preferred_username) ?? text(body.login) ?? text(body.name);
      return { username, email: text(body[emailField]) };
    },
  };
}
