// The OAuth providers this app offers: config entries resolved against their presets.
import type { OAuthProviderConfig } from '@cms-gen/server/config/types';
import { PRESETS, genericPreset, type ProviderPreset } from './presets';

export interface ResolvedProvider extends ProviderPreset {
  name: string;
  clientId: string;
  clientSecret: string;
  /** Front-end URL to send the browser to with `?access_token=`. */
  callback?: string;
  redirectUri?: string;
}

export class ProviderConfigError extends Error {}

/** Enabled providers by name; a bad entry (generic without URLs, unknown preset) stops startup. */
export function resolveProviders(config: Record<string, OAuthProviderConfig>): Map<string, ResolvedProvider> {
  const out = new Map<string, ResolvedProvider>();
  for (const [name, entry] of Object.entries(config)) {
    if (!entry.enabled) continue;
    const presetName = entry.preset ?? (PRESETS[name] ? name : 'generic');
    let base: Omit<ProviderPreset, 'authorizeUrl' | 'tokenUrl' | 'profileUrl'> & Partial<ProviderPreset>;
    if (presetName === 'generic') base = genericPreset(entry.usernameField, entry.emailField);
    else if (PRESETS[presetName]) base = PRESETS[presetName];
    else throw new ProviderConfigError(`users-permissions provider ${name}: unknown preset "${presetName}" (known: ${Object.keys(PRESETS).join(', ')}, generic)`);
    const authorizeUrl = entry.authorizeUrl ?? base.authorizeUrl;
    const tokenUrl = entry.tokenUrl ?? base.tokenUrl;
    const profileUrl = entry.profileUrl ?? base.profileUrl;
    if (!authorizeUrl || !tokenUrl || !profileUrl) throw new ProviderConfigError(`users-permissions provider ${name}: a generic provider needs authorizeUrl, tokenUrl and profileUrl`);
    out.set(name, {
      name,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      callback: entry.callback,
      redirectUri: entry.redirectUri,
      authorizeUrl,
      tokenUrl,
      profileUrl,
      scope: entry.scope ?? base.scope,
      toProfile: base.toProfile,
    });
  }
  return out;
}

/** The profile behind a provider access token. */
export async function fetchProfile(provider: ResolvedProvider, accessToken: string): Promise<{ username?: string; email?: string }> {
  const fetchJson = async (url: string): Promise<unknown> => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', 'User-Agent': 'cms-gen' } });
    if (!res.ok) throw new Error(`${provider.name} profile request failed with status ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  const body = await fetchJson(provider.profileUrl);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`${provider.name} returned no profile`);
  return provider.toProfile(body as Record<string, unknown>, fetchJson, provider.profileUrl.split('?')[0]);
}
