// A fake OAuth2 provider on loopback for the third-party login flow: an authorize endpoint that
// redirects straight back with a code, a token endpoint that checks the client credentials and
// the redirect_uri, and GitHub-like (/user, /user/emails) and OIDC-like (/userinfo) profiles.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface FakeProfile {
  login?: string;
  email: string;
  /** GitHub hides a private email from /user: it is then only in /user/emails. */
  privateEmail?: boolean;
}

export interface FakeOAuthProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The profile the next authorization hands out. */
  next(profile: FakeProfile): void;
  /** The token of a profile, for Strapi's `?access_token=` flow. */
  tokenFor(profile: FakeProfile): string;
  tokenRequests: { redirectUri: string | null; authorizedRedirectUri: string }[];
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });
}

export async function startFakeOAuthProvider(): Promise<FakeOAuthProvider> {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  let nextProfile: FakeProfile = { login: 'nobody', email: 'nobody@example.com' };
  const codes = new Map<string, { profile: FakeProfile; redirectUri: string }>();
  const tokens = new Map<string, FakeProfile>();
  const tokenRequests: FakeOAuthProvider['tokenRequests'] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, value: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('response_type') !== 'code') return json(400, { error: 'invalid_request' });
      const code = randomBytes(8).toString('hex');
      codes.set(code, { profile: nextProfile, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      res.statusCode = 302;
      res.setHeader('location', back.toString());
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      const grant = codes.get(form.get('code') ?? '');
      tokenRequests.push({ redirectUri: form.get('redirect_uri'), authorizedRedirectUri: grant?.redirectUri ?? '' });
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(401, { error: 'invalid_client' });
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.profile);
      return json(200, { access_token: token, token_type: 'bearer' });
    }
    const profile = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!profile) return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/user') return json(200, { login: profile.login, email: profile.privateEmail ? null : profile.email });
    if (url.pathname === '/user/emails') return json(200, [{ email: `other-${profile.email}`, primary: false, verified: true }, { email: profile.email, primary: true, verified: true }]);
    if (url.pathname === '/userinfo') return json(200, { preferred_username: profile.login, email: profile.email });
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    clientId,
    clientSecret,
    next: (profile) => {
      nextProfile = profile;
    },
    tokenFor: (profile) => {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, profile);
      return token;
    },
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
