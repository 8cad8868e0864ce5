// The server's absolute URL for links it sends away (confirmation emails, OAuth redirect_uri):
// `publicUrl` from config, else the origin the request came to. Behind a proxy the origin is only
// right with server.proxy on; production deployments should set publicUrl (docs/users-permissions.md).
import type { Request } from 'express';

export function publicBaseUrl(req: Request, configured: string | undefined): string {
  if (configured) return configured;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
