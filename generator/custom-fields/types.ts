// Custom fields (`"type": "customField", "customField": "<uid>"`): Strapi learns each one's
// underlying type from `strapi.customFields.register({ name, plugin, type })` at boot and then treats
// the attribute as that type everywhere. cms-gen needs the type at build time, so it collects the
// registrations before validating (registry.ts): the public plugins it knows (known.ts), the
// project's own register calls read statically (read-registrations.ts) and `cms-gen.json`.
import type { ScalarType } from '../../runtime/core/model/types';

/** The types Strapi 5 lets a custom field store (it refuses any other at boot). */
export const CUSTOM_FIELD_TYPES: readonly ScalarType[] = [
  'biginteger',
  'boolean',
  'date',
  'datetime',
  'decimal',
  'email',
  'enumeration',
  'float',
  'integer',
  'json',
  'password',
  'richtext',
  'string',
  'text',
  'time',
  'uid',
];

export const isCustomFieldType = (type: string): type is ScalarType => (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);

export interface CustomFieldRegistration {
  /** `plugin::<plugin>.<name>`, or `global::<name>` when registered without a plugin. */
  uid: string;
  type: ScalarType;
  /** Where it comes from, for messages: a file and line, `cms-gen.json`, or the public package. */
  source: string;
}

/** A `customFields.register(...)` call cms-gen could not read without running it. */
export interface UnreadRegistration {
  file: string;
  line: number;
  reason: string;
}

export interface CustomFieldRegistry {
  /** By uid. */
  registrations: ReadonlyMap<string, CustomFieldRegistration>;
  unread: readonly UnreadRegistration[];
}

export const EMPTY_CUSTOM_FIELDS: CustomFieldRegistry = { registrations: new Map(), unread: [] };

/** Strapi's uid of a registration: the plugin's when one is named, else global. */
export const customFieldUid = (name: string, plugin: string | undefined): string => (plugin ? `plugin::${plugin}.${name}` : `global::${name}`);
