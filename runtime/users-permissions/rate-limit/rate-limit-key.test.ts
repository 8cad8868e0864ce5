import { normalizeRatePath, rateLimitKey } from './rate-limit-key';

describe('rateLimitKey', () => {
  it('keys email routes by the lower-cased email, path and ip', () => {
    expect(rateLimitKey('/api/auth/forgot-password', '1.2.3.4', { email: 'A@B.co' })).toBe('a@b.co:/api/auth/forgot-password:1.2.3.4');
    expect(rateLimitKey('/api/auth/local/register', '1.2.3.4', {})).toBe('unknownIdentifier:/api/auth/local/register:1.2.3.4');
  });

  it('ignores body.email where the route does not use it (no fresh bucket per request)', () => {
    for (const path of ['/api/auth/local', '/api/auth/reset-password', '/api/auth/change-password', '/api/connect/github']) {
      expect(rateLimitKey(path, '1.2.3.4', { email: `x${Math.random()}@y.z` })).toBe(`noIdentifier:${path}:1.2.3.4`);
    }
  });

  it('normalizes paths so variants share a bucket', () => {
    expect(normalizeRatePath('/API/auth/local/')).toBe('/api/auth/local');
    expect(normalizeRatePath('/api/x/../auth/local')).toBe('/api/auth/local');
    expect(rateLimitKey('/api/auth/local/', 'ip', {})).toBe(rateLimitKey('/api/auth/local', 'ip', {}));
  });
});
