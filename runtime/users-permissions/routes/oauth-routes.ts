// Third-party login:
//   GET /connect/:provider            302 to the provider's authorize URL (state in a cookie)
//   GET /connect/:provider/callback   the provider's redirect (Strapi's default redirect_uri)
//   GET /auth/:provider/callback      the same with ?code=, or Strapi's second step ?access_token=
// After the code exchange: when the provider has a front-end `callback` URL the browser goes
// there with `?access_token=` (Strapi's flow: the front end then calls /auth/:provider/callback
// with it); otherwise the answer is `{ jwt, user }` at once.
import { Router, type Request, type Response } from 'express';
import { ApplicationError } from '@cms-gen/core/errors';
import { authOf, queryOf } from '@cms-gen/server/http/locals';
import { connectUser } from '../oauth/connect-user';
import { loadOptional } from '@cms-gen/server/app/optional-package';
import type { OAuthFlows } from '../oauth/oauth-flow';
import { fetchProfile, resolveProviders, type ResolvedProvider } from '../oauth/providers';
import type { ProviderProfile } from '../oauth/presets';
import { UP, type UpServices } from '../services';
import { issueAuth } from '../operations/issue-auth';
import { sendAuthResult } from './auth-response';
import { allow } from './permission-middleware';

export function oauthRouter(up: UpServices): Router {
  const router = Router();
  const providers = resolveProviders(up.config.providers);
  const redirectUri = (provider: ResolvedProvider, req: Request) => provider.redirectUri ?? `${up.baseUrl(req)}${up.prefix}/connect/${provider.name}/callback`;
  // passport and passport-oauth2 are optional packages: loaded only when a provider is enabled.
  let loaded: OAuthFlows | undefined;
  const flows = (): OAuthFlows =>
    (loaded ??= new (loadOptional(['passport', 'passport-oauth2'], 'OAuth login', () => require('../oauth/oauth-flow') as typeof import('../oauth/oauth-flow')).OAuthFlows)(
      providers,
      redirectUri,
      up.prefix || '/',
    ));
  if (providers.size > 0) flows();

  /**
   * passport-oauth2 reads `req.query`; Express's getter hands a missing query string (null) to the
   * app's query parser, which expects a string and throws. The query parsed once per request by
   * createHttpApp is given to passport instead.
   */
  const withQuery = (req: Request, res: Response): Request => {
    Object.defineProperty(req, 'query', { value: queryOf(res), configurable: true, enumerable: true, writable: true });
    return req;
  };

  const providerOf = (req: Request): ResolvedProvider => {
    const provider = providers.get(String(req.params.provider));
    // Unknown and disabled providers look the same, as in Strapi.
    if (!provider) throw new ApplicationError('This provider is disabled');
    return provider;
  };

  const callback = async (req: Request, res: Response) => {
    const provider = providerOf(req);
    const query = queryOf(res);
    let profile: ProviderProfile;
    if (typeof query.access_token === 'string' && query.access_token !== '') {
      profile = await fetchProfile(provider, query.access_token).catch((err: unknown) => {
        throw new ApplicationError((err as Error).message);
      });
    } else if (query.code !== undefined || query.error !== undefined) {
      const outcome = await flows().finish(provider, withQuery(req, res), res);
      if (outcome.kind === 'failure') throw new ApplicationError(outcome.message);
      if (provider.callback) {
        const target = new URL(provider.callback);
        target.searchParams.set('access_token', outcome.result.accessToken);
        res.redirect(302, target.toString());
        return;
      }
      profile = outcome.result.profile;
    } else {
      throw new ApplicationError('No access_token.');
    }
    const user = await connectUser(up, provider.name, profile);
    if (user.blocked) throw new ApplicationError('Your account has been blocked by an administrator');
    sendAuthResult(up, req, res, await issueAuth(up, user, authOf(res)));
  };

  router.get('/connect/:provider', allow(`${UP}.auth.connect`), up.limiter.middleware('connect'), async (req, res, next) => {
    // A provider sent back to the start URL (a redirect_uri registered without /callback) is a callback.
    const query = queryOf(res);
    if (query.code !== undefined || query.error !== undefined) return callback(req, res);
    const provider = providerOf(req);
    flows().start(provider, withQuery(req, res), res, next);
  });
  router.get('/connect/:provider/callback', allow(`${UP}.auth.callback`), up.limiter.middleware('connect'), callback);
  router.get('/auth/:provider/callback', allow(`${UP}.auth.callback`), callback);
  return router;
}
