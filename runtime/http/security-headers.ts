// Helmet's default headers as Strapi sends them, without the helmet dependency: a fixed list set
// on every response. HSTS only on HTTPS (RFC 6797 §7.2: browsers ignore it over plain HTTP, so
// sending it there only adds bytes).
import type { NextFunction, Request, Response } from 'express';

/**
 * The API serves JSON, never a document with scripts or styles, so nothing may load. Routes that
 * serve HTML (a GraphQL sandbox) replace the header with their own.
 */
export const JSON_API_CSP = "default-src 'none'; frame-ancestors 'self'";

const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(options: { contentSecurityPolicy?: string | false } = {}) {
  const csp = options.contentSecurityPolicy ?? JSON_API_CSP;
  const fixed: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
  ];
  if (csp !== false) fixed.push(['Content-Security-Policy', csp]);
  const count = fixed.length;

  return function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction): void {
    for (let i = 0; i < count; i++) res.setHeader(fixed[i][0], fixed[i][1]);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
