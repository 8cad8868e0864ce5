import { createServer, type Server } from 'node:http';
import { fetchProfile, ProviderConfigError, resolveProviders } from './providers';

describe('resolveProviders', () => {
  it('applies presets, keeps overrides and skips disabled providers', () => {
    const providers = resolveProviders({
      github: { enabled: true, clientId: 'id', clientSecret: 's' },
      gitlab: { enabled: true, clientId: 'id', clientSecret: 's', authorizeUrl: 'https://g/a', tokenUrl: 'https://g/t', profileUrl: 'https://g/u', scope: ['read_user'] },
      google: { enabled: false, clientId: '', clientSecret: '' },
    });
    expect([...providers.keys()]).toEqual(['github', 'gitlab']);
    expect(providers.get('github')).toMatchObject({ authorizeUrl: 'https://github.com/login/oauth/authorize', scope: ['user', 'user:email'] });
    expect(providers.get('gitlab')).toMatchObject({ profileUrl: 'https://g/u', scope: ['read_user'] });
  });

  it('refuses a generic provider without URLs and unknown presets', () => {
    expect(() => resolveProviders({ acme: { enabled: true, clientId: 'a', clientSecret: 'b' } })).toThrow(ProviderConfigError);
    expect(() => resolveProviders({ x: { enabled: true, clientId: 'a', clientSecret: 'b', preset: 'myspace' } })).toThrow(/unknown preset/);
  });
});

describe('fetchProfile', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const auth = req.headers.authorization;
      res.setHeader('content-type', 'application/json');
      if (auth !== 'Bearer tok') {
        res.statusCode = 401;
        res.end('{}');
        return;
      }
      if (req.url === '/user') res.end(JSON.stringify({ login: 'octocat', email: null }));
      else if (req.url === '/user/emails') res.end(JSON.stringify([{ email: 'other@x.io', primary: false, verified: true }, { email: 'Octo@X.io', primary: true, verified: true }]));
      else if (req.url === '/discord') res.end(JSON.stringify({ username: 'wumpus', discriminator: '0042', email: 'w@d.io' }));
      else if (req.url === '/ms') res.end(JSON.stringify({ userPrincipalName: 'u@contoso.com', mail: null }));
      else res.end(JSON.stringify({ preferred_username: 'pat', email: 'pat@acme.io' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('maps each preset profile to username and email', async () => {
    const providers = resolveProviders({
      github: { enabled: true, clientId: 'a', clientSecret: 'b', profileUrl: `${base}/user` },
      discord: { enabled: true, clientId: 'a', clientSecret: 'b', profileUrl: `${base}/discord` },
      microsoft: { enabled: true, clientId: 'a', clientSecret: 'b', profileUrl: `${base}/ms` },
      acme: { enabled: true, clientId: 'a', clientSecret: 'b', authorizeUrl: `${base}/a`, tokenUrl: `${base}/t`, profileUrl: `${base}/userinfo` },
    });
    const get = (name: string) => providers.get(name) ?? (() => { throw new Error(name); })();
    expect(await fetchProfile(get('github'), 'tok')).toEqual({ username: 'octocat', email: 'Octo@X.io' });
    expect(await fetchProfile(get('discord'), 'tok')).toEqual({ username: 'wumpus#0042', email: 'w@d.io' });
    expect(await fetchProfile(get('microsoft'), 'tok')).toEqual({ username: 'u@contoso.com', email: 'u@contoso.com' });
    expect(await fetchProfile(get('acme'), 'tok')).toEqual({ username: 'pat', email: 'pat@acme.io' });
    await expect(fetchProfile(get('acme'), 'bad')).rejects.toThrow(/status 401/);
  });
});
