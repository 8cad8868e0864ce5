// Every custom field a build knows, by uid: the public plugins' (known.ts), then the project's own
// register calls (read-registrations.ts), then `cms-gen.json`'s declarations, each later source
// overriding an earlier one (a project may register its own field under a known uid).
//
// cms-gen.json, next to the schemas (the folder given to `cms-gen build`):
//   { "customFields": { "global::localized-enum": { "type": "enumeration" } } }
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '../problems';
import { isObject, show } from '../validation/json-value';
import { knownCustomFields } from './known';
import { readRegistrations } from './read-registrations';
import { CUSTOM_FIELD_TYPES, isCustomFieldType, type CustomFieldRegistration, type CustomFieldRegistry } from './types';

export const CONFIG_FILE = 'cms-gen.json';

const CUSTOM_FIELD_UID = /^(plugin::[A-Za-z0-9_-]+\.|global::)[A-Za-z0-9$_-]+$/;

function configRegistrations(root: string, problems: Problem[]): CustomFieldRegistration[] {
  const path = join(root, CONFIG_FILE);
  if (!existsSync(path)) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    problems.push({ file: CONFIG_FILE, path: '', message: `invalid JSON: ${err instanceof Error ? err.message : String(err)}` });
    return [];
  }
  if (!isObject(json)) {
    problems.push({ file: CONFIG_FILE, path: '', message: `must be a JSON object, got ${show(json)}` });
    return [];
  }
  for (const key of Object.keys(json)) if (key !== 'customFields' && key !== '$comment') problems.push({ file: CONFIG_FILE, path: key, message: 'unknown setting (expected "customFields")' });
  if (json.customFields === undefined) return [];
  if (!isObject(json.customFields)) {
    problems.push({ file: CONFIG_FILE, path: 'customFields', message: `must be an object of custom field uids, got ${show(json.customFields)}` });
    return [];
  }
  const out: CustomFieldRegistration[] = [];
  for (const [uid, value] of Object.entries(json.customFields)) {
    const path = `customFields.${uid}`;
    if (!CUSTOM_FIELD_UID.test(uid)) {
      problems.push({ file: CONFIG_FILE, path, message: 'a custom field uid is plugin::<plugin>.<name> or global::<name>' });
      continue;
    }
    const type = isObject(value) ? value.type : undefined;
    if (typeof type !== 'string' || !isCustomFieldType(type)) {
      problems.push({ file: CONFIG_FILE, path, message: `needs { "type": ... } with one of ${CUSTOM_FIELD_TYPES.join(', ')}, got ${show(value)}` });
      continue;
    }
    out.push({ uid, type, source: CONFIG_FILE });
  }
  return out;
}

/** `src` is the Strapi project's src folder, when the schemas are laid out as one. */
export function customFieldRegistry(root: string, src: string | undefined): { registry: CustomFieldRegistry; problems: Problem[] } {
  const problems: Problem[] = [];
  const read = src ? readRegistrations(root, src) : { registrations: [], unread: [], problems: [] };
  problems.push(...read.problems);
  // Strapi refuses a uid registered twice at boot.
  const seen = new Map<string, string>();
  for (const registration of read.registrations) {
    const first = seen.get(registration.uid);
    if (first !== undefined) {
      const [file, line] = registration.source.split(':');
      problems.push({ file, path: `line ${line}`, message: `custom field ${registration.uid} is already registered at ${first}` });
    } else seen.set(registration.uid, registration.source);
  }
  const registrations = new Map<string, CustomFieldRegistration>();
  for (const registration of [...knownCustomFields(), ...read.registrations, ...configRegistrations(root, problems)]) registrations.set(registration.uid, registration);
  return { registry: { registrations, unread: read.unread }, problems };
}

/** The public plugins' fields alone: for schemas loaded without a project around them. */
export function knownCustomFieldRegistry(): CustomFieldRegistry {
  return { registrations: new Map(knownCustomFields().map((r) => [r.uid, r])), unread: [] };
}
