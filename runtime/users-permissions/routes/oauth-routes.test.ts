// passport and passport-oauth2 are optional packages: an app with no OAuth provider enabled never
// loads them, and one with a provider but without them fails at start naming the package.
import { OptionalPackageMissing } from '@cms-gen/server/app/optional-package';
import type { UpServices } from '../services';
import { oauthRouter } from './oauth-routes';

let passportLoads = 0;

// As after `npm install --omit=optional`: requiring passport fails the way Node's resolver does.
jest.mock('passport', () => {
  passportLoads += 1;
  const error = new Error("Cannot find module 'passport'") as NodeJS.ErrnoException;
  error.code = 'MODULE_NOT_FOUND';
  throw error;
});

function services(providers: Record<string, unknown>): UpServices {
  const pass = (_req: unknown, _res: unknown, next: () => void) => next();
  return { config: { providers }, prefix: '', baseUrl: () => 'http://127.0.0.1', limiter: { middleware: () => pass } } as unknown as UpServices;
}

describe('oauthRouter without the passport packages', () => {
  beforeEach(() => {
    passportLoads = 0;
  });

  it('builds without loading passport when no provider is enabled', () => {
    expect(() => oauthRouter(services({ github: { enabled: false } }))).not.toThrow();
    expect(passportLoads).toBe(0);
  });

  it('names the missing package when a provider is enabled', () => {
    const build = () => oauthRouter(services({ github: { enabled: true, key: 'id', secret: 'secret' } }));
    expect(build).toThrow(OptionalPackageMissing);
    expect(build).toThrow('OAuth login needs the package passport, which is not installed (it is optional): npm install passport passport-oauth2');
    expect(passportLoads).toBeGreaterThan(0);
  });
});
