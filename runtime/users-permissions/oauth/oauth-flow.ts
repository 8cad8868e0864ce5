// The authorization-code flow of one provider with passport-oauth2: the authorize redirect with
// `state`, then the code exchange and the profile request. Each provider gets a strategy in a
// private Passport instance (no global state, no sessions).
import type { NextFunction, Request, Response } from 'express';
import { Passport, type AuthenticateOptions } from 'passport';
import OAuth2Strategy from 'passport-oauth2';
import { CookieStateStore } from './state-store';
import { fetchProfile, type ResolvedProvider } from './providers';
import type { ProviderProfile } from './presets';

export interface OAuthSuccess {
  accessToken: string;
  profile: ProviderProfile;
}

export type OAuthOutcome = { kind: 'success'; result: OAuthSuccess } | { kind: 'failure'; message: string };

/** passport-oauth2 strategy whose profile comes from the provider preset. */
class ProviderStrategy extends OAuth2Strategy {
  constructor(
    private readonly provider: ResolvedProvider,
    options: OAuth2Strategy.StrategyOptions,
  ) {
    super(options, (accessToken: string, _refreshToken: string, profile: ProviderProfile, verified: OAuth2Strategy.VerifyCallback) => {
      // passport's user type is an app-defined interface; the flow result travels in its place.
      verified(null, { accessToken, profile } as Express.User);
    });
    this.name = provider.name;
  }

  override userProfile(accessToken: string, done: (err?: unknown, profile?: ProviderProfile) => void): void {
    fetchProfile(this.provider, accessToken).then(
      (profile) => done(null, profile),
      (err: unknown) => done(new OAuth2Strategy.InternalOAuthError('Failed to fetch user profile', err)),
    );
  }
}

export class OAuthFlows {
  private readonly passport = new Passport();

  constructor(
    providers: Map<string, ResolvedProvider>,
    /** redirect_uri of a provider (the absolute URL depends on the request when publicUrl is unset). */
    private readonly redirectUri: (provider: ResolvedProvider, req: Request) => string,
    stateCookiePath: string,
  ) {
    const store = new CookieStateStore('up_oauth_state', stateCookiePath);
    for (const provider of providers.values()) {
      this.passport.use(
        provider.name,
        new ProviderStrategy(provider, {
          authorizationURL: provider.authorizeUrl,
          tokenURL: provider.tokenUrl,
          clientID: provider.clientId,
          clientSecret: provider.clientSecret,
          scope: provider.scope,
          store,
          // GitHub answers the token request form-encoded unless asked for JSON.
          customHeaders: { Accept: 'application/json' },
        }),
      );
    }
  }

  /** Redirects the browser to the provider's authorize URL. */
  /** passport types only its own options; passport-oauth2 reads callbackURL from the same object. */
  private options(provider: ResolvedProvider, req: Request): AuthenticateOptions {
    const options: AuthenticateOptions & { callbackURL: string } = { session: false, callbackURL: this.redirectUri(provider, req) };
    return options;
  }

  start(provider: ResolvedProvider, req: Request, res: Response, next: NextFunction): void {
    this.passport.authenticate(provider.name, this.options(provider, req))(req, res, next);
  }

  /** Exchanges the callback's code (checking state) and reads the profile. */
  finish(provider: ResolvedProvider, req: Request, res: Response): Promise<OAuthOutcome> {
    return new Promise((resolve, reject) => {
      const callback = (err: unknown, user: Express.User | false | undefined, info: unknown) => {
        if (err) {
          resolve({ kind: 'failure', message: err instanceof Error ? err.message : 'Authentication failed' });
          return;
        }
        if (!user) {
          const message = typeof info === 'object' && info !== null && typeof (info as { message?: unknown }).message === 'string' ? (info as { message: string }).message : 'Authentication failed';
          resolve({ kind: 'failure', message });
          return;
        }
        resolve({ kind: 'success', result: user as OAuthSuccess });
      };
      this.passport.authenticate(provider.name, this.options(provider, req), callback)(req, res, reject);
    });
  }
}
