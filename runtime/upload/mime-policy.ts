// The configured allow/deny lists (`security.allowedTypes` / `deniedTypes`, Strapi's names), matched
// against the sniffed media type: exact types or `type/*` patterns; a denial wins.
import type { UploadSecurityConfig } from '@cms-gen/server/config/types';

function matches(mime: string, pattern: string): boolean {
  const [type, subtype] = mime.toLowerCase().split('/');
  const [pType, pSubtype] = pattern.toLowerCase().split('/');
  return (pType === '*' || pType === type) && (pSubtype === '*' || pSubtype === subtype);
}

export function mimeTypeAllowed(mime: string, security: UploadSecurityConfig): boolean {
  if (security.deniedTypes.some((p) => matches(mime, p))) return false;
  return security.allowedTypes.length === 0 || security.allowedTypes.some((p) => matches(mime, p));
}
