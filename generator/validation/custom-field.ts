// `"type": "customField", "customField": "<uid>"`: the attribute takes the type the custom field
// was registered with (generator/custom-fields), as Strapi converts it at boot. An unknown uid is
// refused, as Strapi refuses to boot on it, with what to change.
import type { ScalarType } from '../../runtime/core/model/types';
import type { CustomFieldRegistry } from '../custom-fields/types';
import { CONFIG_FILE } from '../custom-fields/registry';
import type { FieldReader } from './json-value';

/** How to register `uid`, spelled for the message. */
function howToRegister(uid: string): string {
  const plugin = /^plugin::([^.]+)\.(.+)$/.exec(uid);
  const global = /^global::(.+)$/.exec(uid);
  const call = plugin
    ? `strapi.customFields.register({ name: '${plugin[2]}', plugin: '${plugin[1]}', type: '<type>' }) in the plugin's server register`
    : `strapi.customFields.register({ name: '${global?.[1] ?? uid}', type: '<type>' }) in src/index's register`;
  return `${call} (cms-gen reads it when name, plugin and type are string literals), or declare it in ${CONFIG_FILE}: { "customFields": { "${uid}": { "type": "string" } } }`;
}

export function customFieldType(fields: FieldReader, registry: CustomFieldRegistry | undefined): ScalarType | undefined {
  const uid = fields.requiredString('customField', 'custom field uid (e.g. "plugin::color-picker.color")');
  if (uid === undefined) return undefined;
  const registration = registry?.registrations.get(uid);
  if (registration) return registration.type;
  const unread = (registry?.unread ?? []).map((u) => `${u.file}:${u.line} (${u.reason})`);
  const unreadNote = unread.length > 0 ? `; cms-gen could not read the registration at ${unread.join(', ')}` : '';
  fields.problem('customField', `unknown custom field "${uid}": cms-gen needs the type it stores. Register it with ${howToRegister(uid)}${unreadNote}`);
  return undefined;
}
