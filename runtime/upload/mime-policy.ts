// The configured allow/deny lists (`security.allowedTypes` / `deniedTypes`, Strapi's names), matched
// against the sniffed media type: exact types, or patterns whose stars stand for any characters
// (`image/*`, `application/vnd.openxmlformats-officedocument.*`), case-insensitively, as Strapi 5
// matches them (it reads the rest of a pattern as a regular expression, so its `.` is any character;
// here the rest is literal). A denial wins.
import type { UploadSecurityConfig } from '@cms-gen/server/config/types';

const compiled = new Map<string, RegExp | string>();

/** An exact type as itself, a pattern with stars as an anchored expression; built once per pattern. */
function compile(pattern: string): RegExp | string {
  let found = compiled.get(pattern);
  if (found === undefined) {
    const lower = pattern.toLowerCase();
    found = lower.includes('*') ? new RegExp(`^${lower.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&')).join('.*')}$`) : lower;
    compiled.set(pattern, found);
  }
  return found;
}

function matches(mime: string, pattern: string): boolean {
  const compiledPattern = compile(pattern);
  const lower = mime.toLowerCase();
  return typeof compiledPattern === 'string' ? compiledPattern === lower : compiledPattern.test(lower);
}

export function mimeTypeAllowed(mime: string, security: UploadSecurityConfig): boolean {
  if (security.deniedTypes.some((p) => matches(mime, p))) return false;
  return security.allowedTypes.length === 0 || security.allowedTypes.some((p) => matches(mime, p));
}
