import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { securityOptions } from './security-config';
import { readMiddlewaresConfig } from './middlewares-config';

const WHERE = 'config/middlewares.json: [1] (strapi::security)';

function read(config: Record<string, unknown>) {
  const warnings: string[] = [];
  return { options: securityOptions(config, WHERE, warnings), warnings };
}

describe('strapi::security options', () => {
  it("reads Strapi's usual config: CSP directives merged over the JSON API's, null removes one", () => {
    const { options, warnings } = read({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { 'connect-src': ["'self'", 'https:'], 'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.example'], upgradeInsecureRequests: null, 'frame-ancestors': null },
      },
    });
    expect(options).toEqual({ contentSecurityPolicy: "default-src 'none'; connect-src 'self' https:; img-src 'self' data: blob: https://cdn.example" });
    expect(warnings).toEqual([]);
  });

  it('builds only the given directives without useDefaults; an empty list is a bare directive; reportOnly', () => {
    const { options } = read({ contentSecurityPolicy: { useDefaults: false, reportOnly: true, directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } } });
    expect(options).toEqual({ contentSecurityPolicy: "default-src 'self'; upgrade-insecure-requests", contentSecurityPolicyReportOnly: true });
  });

  it('turns headers off with false, under helmet 4 and helmet 7 names', () => {
    const { options } = read({ contentSecurityPolicy: false, hsts: false, xFrameOptions: false, noSniff: false, referrerPolicy: false, dnsPrefetchControl: false, ieNoOpen: false, xPermittedCrossDomainPolicies: false });
    expect(options).toEqual({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      frameOptions: false,
      contentTypeOptions: false,
      referrerPolicy: false,
      dnsPrefetchControl: false,
      downloadOptions: false,
      permittedCrossDomainPolicies: false,
    });
  });

  it('changes header values', () => {
    const { options } = read({
      hsts: { maxAge: 600, includeSubDomains: false, preload: true },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: ['no-referrer', 'strict-origin-when-cross-origin'] },
      xDnsPrefetchControl: { allow: true },
      permittedCrossDomainPolicies: { permittedPolicies: 'master-only' },
      xssFilter: true,
    });
    expect(options).toEqual({
      strictTransportSecurity: 'max-age=600; preload',
      frameOptions: 'DENY',
      referrerPolicy: 'no-referrer,strict-origin-when-cross-origin',
      dnsPrefetchControl: 'on',
      permittedCrossDomainPolicies: 'master-only',
      xssProtection: true,
    });
  });

  it('warns about keys without effect instead of refusing to start', () => {
    const { options, warnings } = read({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' }, xPoweredBy: false, xframe: 'SAMEORIGIN' });
    expect(options).toEqual({});
    expect(warnings).toEqual([
      `${WHERE}: crossOriginResourcePolicy is not sent by this app; only false is honoured`,
      `${WHERE}: xPoweredBy has no effect; list or omit strapi::poweredBy instead`,
      `${WHERE}: "xframe" is not a strapi::security option cms-gen reads; it is ignored`,
    ]);
  });

  it('refuses values of the wrong shape, naming the option', () => {
    expect(() => read({ frameguard: { action: 'allow-from' } })).toThrow(`${WHERE}: frameguard must be false or { action: 'sameorigin' | 'deny' }`);
    expect(() => read({ hsts: { maxAge: -1 } })).toThrow('hsts.maxAge must be a non-negative integer');
    expect(() => read({ contentSecurityPolicy: { directives: { 'img-src': [1] } } })).toThrow('contentSecurityPolicy.directives.img-src must be a string, an array of strings or null');
  });
});

describe('config/middlewares built-ins', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cms-gen-mw-'));
    mkdirSync(join(dir, 'config'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (list: unknown) => writeFileSync(join(dir, 'config', 'middlewares.json'), JSON.stringify(list));

  it("Strapi's default list: request lines on, X-Powered-By cms-gen, default security headers", () => {
    write(['strapi::logger', 'strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::poweredBy', 'strapi::query', 'strapi::body', 'strapi::session', 'strapi::favicon', 'strapi::public']);
    expect(readMiddlewaresConfig(dir)).toMatchObject({ requestLog: true, poweredBy: 'cms-gen', security: {}, warnings: [] });
  });

  it('a list without strapi::logger and strapi::poweredBy: no request lines, no X-Powered-By', () => {
    write(['strapi::errors', 'strapi::security']);
    const config = readMiddlewaresConfig(dir);
    expect(config?.requestLog).toBe(false);
    expect(config?.poweredBy).toBeUndefined();
  });

  it('poweredBy takes its value from the config; strapi::logger options are warnings', () => {
    write([{ name: 'strapi::poweredBy', config: { poweredBy: 'Acme API' } }, { name: 'strapi::logger', config: { level: 'debug' } }]);
    expect(readMiddlewaresConfig(dir)).toMatchObject({
      poweredBy: 'Acme API',
      requestLog: true,
      warnings: ['config/middlewares.json: [1] (strapi::logger): "level" is not an option; set the level in config/logger or LOG_LEVEL'],
    });
    write([{ name: 'strapi::poweredBy', config: { poweredBy: 'a\r\nSet-Cookie: x=1' } }]);
    expect(() => readMiddlewaresConfig(dir)).toThrow('config/middlewares.json: [0] (strapi::poweredBy): poweredBy must be a non-empty string of printable ASCII');
  });
});
