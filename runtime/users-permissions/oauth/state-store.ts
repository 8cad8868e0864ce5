// OAuth `state` (CSRF protection of the callback) without server-side sessions: a random value
// in an HTTP-only, SameSite=Lax cookie scoped to the API prefix, compared with what the provider
// sends back. Lax cookies travel on the provider's top-level redirect to the callback.
import type { Request } from 'express';
import type OAuth2Strategy from 'passport-oauth2';
import { appendSetCookie, readCookie, serializeCookie } from '../cookies';
import { randomToken, safeEqual } from '../secrets';

type StoreCallback = OAuth2Strategy.StateStoreStoreCallback;
type VerifyCallback = OAuth2Strategy.StateStoreVerifyCallback;

const LIFETIME_SECONDS = 600;

export class CookieStateStore implements OAuth2Strategy.StateStore {
  constructor(
    private readonly cookieName: string,
    private readonly path: string,
  ) {}

  private setCookie(req: Request, value: string, maxAge: number): void {
    if (!req.res) throw new Error('CookieStateStore needs an Express request (req.res)');
    appendSetCookie(req.res, serializeCookie(this.cookieName, value, { httpOnly: true, secure: req.secure, sameSite: 'lax', path: this.path, maxAge }));
  }

  // passport-oauth2 picks the call form by arity: three parameters → store(req, meta, callback).
  store(req: Request, metaOrCallback: OAuth2Strategy.Metadata | StoreCallback, callback?: StoreCallback): void {
    const done = (typeof metaOrCallback === 'function' ? metaOrCallback : callback) as StoreCallback;
    const state = randomToken(24);
    this.setCookie(req, state, LIFETIME_SECONDS);
    done(null, state);
  }

  // Four parameters → verify(req, state, meta, callback).
  verify(req: Request, state: string, metaOrCallback: OAuth2Strategy.Metadata | VerifyCallback, callback?: VerifyCallback): void {
    const done = (typeof metaOrCallback === 'function' ? metaOrCallback : callback) as VerifyCallback;
    const expected = readCookie(req, this.cookieName);
    if (!expected || typeof state !== 'string' || !safeEqual(expected, state)) {
      done(null, false, { message: 'Invalid OAuth state: start again from /connect' });
      return;
    }
    // One use: clear it.
    this.setCookie(req, '', 0);
    done(null, true, state);
  }
}
