// The user the authenticated scenarios act as: registered through the public
// POST /api/auth/local/register of the app child under test (the fixture's bootstrap allows
// registration, without email confirmation, into the Authenticated role, which may find articles).
import type { AppContext } from './app-scenarios';
import type { SeedIds } from './scenarios';

export async function registerBenchUser(baseUrl: string, ids: SeedIds): Promise<AppContext> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const identifier = `bench-${tag}@example.com`;
  const password = `Bench-${tag}-password`;
  const res = await fetch(`${baseUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench-${tag}`, email: identifier, password }),
  });
  const text = await res.text();
  const parsed: unknown = res.ok ? JSON.parse(text) : undefined;
  const jwt = typeof parsed === 'object' && parsed !== null ? (parsed as { jwt?: unknown }).jwt : undefined;
  if (typeof jwt !== 'string') throw new Error(`!!! registering the bench user failed: ${res.status} ${text.slice(0, 500)}`);
  return { ids, jwt, identifier, password };
}
