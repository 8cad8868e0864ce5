// Helmet's default headers as Strapi sends them, without the helmet dependency: a fixed list set
// on every response. HSTS only on HTTPS (RFC 6797 §7.2: browsers ignore it over plain HTTP, so
// sending it there only adds bytes). `strapi::security` in config/middlewares changes or turns off
// each header (runtime/customize/security-config.ts reads Strapi's helmet-style options into
// SecurityHeaderOptions); `strapi::poweredBy` adds X-Powered-By.
import type { NextFunction, Request, Response } from 'express';

/**
 * The API serves JSON, never a document with scripts or styles, so nothing may load. Routes that
 * serve HTML (a GraphQL sandbox) replace the header with their own.
 */
export const JSON_API_CSP = "default-src 'none'; frame-ancestors 'self'";

export const DEFAULT_HSTS = 'max-age=31536000; includeSubDomains';

/** Each header's value; `false` sends none. Unset means the default named in the comment. */
export interface SecurityHeaderOptions {
  /** Content-Security-Policy (JSON_API_CSP). */
  contentSecurityPolicy?: string | false;
  /** Send the policy as Content-Security-Policy-Report-Only instead (false). */
  contentSecurityPolicyReportOnly?: boolean;
  /** Strict-Transport-Security, HTTPS requests only (DEFAULT_HSTS). */
  strictTransportSecurity?: string | false;
  /** X-Frame-Options (SAMEORIGIN). */
  frameOptions?: string | false;
  /** X-Content-Type-Options: nosniff (on). */
  contentTypeOptions?: boolean;
  /** Referrer-Policy (no-referrer). */
  referrerPolicy?: string | false;
  /** X-DNS-Prefetch-Control (off). */
  dnsPrefetchControl?: 'on' | 'off' | false;
  /** X-Download-Options: noopen (on). */
  downloadOptions?: boolean;
  /** X-Permitted-Cross-Domain-Policies (none). */
  permittedCrossDomainPolicies?: string | false;
  /** X-XSS-Protection: 0 (off, as in Strapi). */
  xssProtection?: boolean;
  /** X-Powered-By (none: `strapi::poweredBy` sets it). */
  poweredBy?: string;
}

/** The headers every response carries, in a fixed order. */
export function fixedSecurityHeaders(options: SecurityHeaderOptions = {}): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  if (options.contentTypeOptions !== false) headers.push(['X-Content-Type-Options', 'nosniff']);
  const frame = options.frameOptions ?? 'SAMEORIGIN';
  if (frame !== false) headers.push(['X-Frame-Options', frame]);
  const referrer = options.referrerPolicy ?? 'no-referrer';
  if (referrer !== false) headers.push(['Referrer-Policy', referrer]);
  const prefetch = options.dnsPrefetchControl ?? 'off';
  if (prefetch !== false) headers.push(['X-DNS-Prefetch-Control', prefetch]);
  if (options.downloadOptions !== false) headers.push(['X-Download-Options', 'noopen']);
  const crossDomain = options.permittedCrossDomainPolicies ?? 'none';
  if (crossDomain !== false) headers.push(['X-Permitted-Cross-Domain-Policies', crossDomain]);
  if (options.xssProtection === true) headers.push(['X-XSS-Protection', '0']);
  const csp = options.contentSecurityPolicy ?? JSON_API_CSP;
  if (csp !== false) headers.push([options.contentSecurityPolicyReportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy', csp]);
  if (options.poweredBy !== undefined) headers.push(['X-Powered-By', options.poweredBy]);
  return headers;
}

/**
 * Sets the security headers on a response (the middleware below and the app's preamble).
 * `isSecure` tells an HTTPS request (HSTS is sent on those only); Express's `req.secure` by default.
 */
export function securityHeaderSetter(options: SecurityHeaderOptions = {}, isSecure: (req: Request) => boolean = (req) => req.secure): (req: Request, res: Response) => void {
  const fixed = fixedSecurityHeaders(options);
  const names = fixed.map(([name]) => name);
  const values = fixed.map(([, value]) => value);
  const count = fixed.length;
  const hsts = options.strictTransportSecurity ?? DEFAULT_HSTS;
  return (req, res) => {
    for (let i = 0; i < count; i++) res.setHeader(names[i], values[i]);
    if (hsts !== false && isSecure(req)) res.setHeader('Strict-Transport-Security', hsts);
  };
}

export function securityHeaders(options: SecurityHeaderOptions = {}) {
  const set = securityHeaderSetter(options);
  return function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction): void {
    set(req, res);
    next();
  };
}
