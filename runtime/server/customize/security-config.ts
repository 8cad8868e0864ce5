// `strapi::security`'s config: Strapi passes it to helmet, so Strapi projects carry helmet's
// option names (both the old ones, `hsts`, `frameguard`, and the header-named ones,
// `strictTransportSecurity`, `xFrameOptions`). The ones naming a header this app sends are read
// into SecurityHeaderOptions; `false` turns that header off. Keys helmet would ignore or that this
// app does not send (cross-origin isolation headers) are reported as warnings, not errors, so a
// ported config/middlewares still starts.
import { isPlainObject } from '@cms-gen/core/config-error';
import { JSON_API_CSP, type SecurityHeaderOptions } from '../http/security-headers';
import { CustomizationError } from './errors';

/** Headers Strapi turns off and this app never sends: `false` (or unset) is all they accept. */
const OFF_ONLY = new Set(['crossOriginEmbedderPolicy', 'crossOriginOpenerPolicy', 'crossOriginResourcePolicy', 'originAgentCluster']);

/** X-Powered-By is `strapi::poweredBy`'s business here; helmet's switch for it has no effect. */
const NO_EFFECT = new Set(['hidePoweredBy', 'xPoweredBy']);

/** camelCase directive names (helmet accepts `upgradeInsecureRequests`) in the header's kebab-case. */
function directiveName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function parseCspString(policy: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values.join(' '));
  }
  return out;
}

function contentSecurityPolicy(value: unknown, where: string): Pick<SecurityHeaderOptions, 'contentSecurityPolicy' | 'contentSecurityPolicyReportOnly'> {
  if (value === false) return { contentSecurityPolicy: false };
  if (value === true || value === undefined) return {};
  if (!isPlainObject(value)) throw new CustomizationError(`${where}: contentSecurityPolicy must be false or { useDefaults, directives, reportOnly }`);
  const { useDefaults, directives = {}, reportOnly } = value;
  if (useDefaults !== undefined && typeof useDefaults !== 'boolean') throw new CustomizationError(`${where}: contentSecurityPolicy.useDefaults must be true or false`);
  if (reportOnly !== undefined && typeof reportOnly !== 'boolean') throw new CustomizationError(`${where}: contentSecurityPolicy.reportOnly must be true or false`);
  if (!isPlainObject(directives)) throw new CustomizationError(`${where}: contentSecurityPolicy.directives must be an object`);
  // As helmet: the defaults (here the JSON API's policy) unless useDefaults is false; a directive
  // set to null or false removes it.
  const policy = useDefaults === false ? new Map<string, string>() : parseCspString(JSON_API_CSP);
  for (const [rawName, sources] of Object.entries(directives)) {
    const name = directiveName(rawName);
    if (sources === null || sources === false) policy.delete(name);
    else if (typeof sources === 'string') policy.set(name, sources);
    else if (Array.isArray(sources) && sources.every((s) => typeof s === 'string')) policy.set(name, sources.join(' '));
    else throw new CustomizationError(`${where}: contentSecurityPolicy.directives.${rawName} must be a string, an array of strings or null`);
  }
  const text = [...policy].map(([name, sources]) => (sources ? `${name} ${sources}` : name)).join('; ');
  return { contentSecurityPolicy: text, ...(reportOnly ? { contentSecurityPolicyReportOnly: true } : {}) };
}

function hsts(value: unknown, where: string): string | false {
  if (value === false) return false;
  if (!isPlainObject(value)) throw new CustomizationError(`${where}: hsts must be false or { maxAge, includeSubDomains, preload }`);
  const maxAge = value.maxAge ?? 31536000;
  if (typeof maxAge !== 'number' || !Number.isInteger(maxAge) || maxAge < 0) throw new CustomizationError(`${where}: hsts.maxAge must be a non-negative integer (seconds)`);
  let header = `max-age=${maxAge}`;
  if (value.includeSubDomains !== false) header += '; includeSubDomains';
  if (value.preload === true) header += '; preload';
  return header;
}

function frameOptions(value: unknown, where: string): string | false {
  if (value === false) return false;
  const action = isPlainObject(value) ? (value.action ?? 'sameorigin') : undefined;
  if (typeof action !== 'string' || !['sameorigin', 'deny'].includes(action.toLowerCase())) throw new CustomizationError(`${where}: frameguard must be false or { action: 'sameorigin' | 'deny' }`);
  return action.toUpperCase();
}

function policyOption(value: unknown, where: string, key: string, field: string): string | false {
  if (value === false) return false;
  const policy = isPlainObject(value) ? value[field] : undefined;
  if (typeof policy === 'string' && policy) return policy;
  if (Array.isArray(policy) && policy.length && policy.every((p) => typeof p === 'string')) return policy.join(',');
  throw new CustomizationError(`${where}: ${key} must be false or { ${field}: string }`);
}

function onOff(value: unknown, where: string, key: string): boolean {
  if (typeof value !== 'boolean' && !isPlainObject(value)) throw new CustomizationError(`${where}: ${key} must be true or false`);
  return value !== false;
}

/** Reads `strapi::security`'s config; `warnings` receives the keys that have no effect here. */
export function securityOptions(config: Record<string, unknown>, where: string, warnings: string[]): SecurityHeaderOptions {
  const out: SecurityHeaderOptions = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    switch (key) {
      case 'contentSecurityPolicy':
        Object.assign(out, contentSecurityPolicy(value, where));
        break;
      case 'hsts':
      case 'strictTransportSecurity':
        out.strictTransportSecurity = hsts(value, where);
        break;
      case 'frameguard':
      case 'xFrameOptions':
        out.frameOptions = frameOptions(value, where);
        break;
      case 'referrerPolicy':
        out.referrerPolicy = policyOption(value, where, key, 'policy');
        break;
      case 'permittedCrossDomainPolicies':
      case 'xPermittedCrossDomainPolicies':
        out.permittedCrossDomainPolicies = policyOption(value, where, key, 'permittedPolicies');
        break;
      case 'dnsPrefetchControl':
      case 'xDnsPrefetchControl':
        out.dnsPrefetchControl = value === false ? false : isPlainObject(value) && value.allow === true ? 'on' : 'off';
        break;
      case 'noSniff':
      case 'xContentTypeOptions':
        out.contentTypeOptions = onOff(value, where, key);
        break;
      case 'ieNoOpen':
      case 'xDownloadOptions':
        out.downloadOptions = onOff(value, where, key);
        break;
      case 'xssFilter':
      case 'xXssProtection':
        out.xssProtection = onOff(value, where, key);
        break;
      default:
        if (OFF_ONLY.has(key)) {
          if (value !== false) warnings.push(`${where}: ${key} is not sent by this app; only false is honoured`);
        } else if (NO_EFFECT.has(key)) {
          warnings.push(`${where}: ${key} has no effect; list or omit strapi::poweredBy instead`);
        } else {
          warnings.push(`${where}: "${key}" is not a strapi::security option cms-gen reads; it is ignored`);
        }
    }
  }
  return out;
}
