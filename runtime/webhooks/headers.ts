// The headers of a webhook request, in Strapi's order of precedence: `server.webhooks.defaultHeaders`,
// then the webhook's own headers, then `Content-Type` and `X-Strapi-Event`, which are always ours.
// Header names are case-insensitive, so a later layer replaces an earlier one whatever its case.

export function mergeHeaders(...layers: Record<string, string>[]): Record<string, string> {
  const byLowerName = new Map<string, [string, string]>();
  for (const layer of layers) for (const [name, value] of Object.entries(layer)) byLowerName.set(name.toLowerCase(), [name, value]);
  return Object.fromEntries(byLowerName.values());
}

export function requestHeaders(configured: Record<string, string>, event: string): Record<string, string> {
  return mergeHeaders(configured, { 'Content-Type': 'application/json', 'X-Strapi-Event': event });
}
