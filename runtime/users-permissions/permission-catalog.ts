// Every permission action the app has, and Strapi's permission tree over them:
//   { 'api::article': { controllers: { article: { find: { enabled, policy: '' }, ... } } }, ... }
// Content types contribute their CRUD actions (single types: find/update/delete); the plugins
// contribute the actions of their own routes. Internal plugin types (sessions, tokens, settings,
// users, roles...) are not content-API controllers and have no entry of their own.
import type { SchemaMeta } from '@cms-gen/core/model/types';

export interface ActionEntry {
  enabled: boolean;
  policy: string;
}

export type PermissionTree = Record<string, { controllers: Record<string, Record<string, ActionEntry>> }>;

const COLLECTION_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'];
const SINGLE_ACTIONS = ['find', 'update', 'delete'];

/** Plugin controllers in Strapi's order (what its getActions lists for a content-API plugin). */
const PLUGIN_ACTIONS: { plugin: string; requires?: string; controllers: Record<string, string[]> }[] = [
  { plugin: 'plugin::upload', requires: 'plugin::upload.file', controllers: { 'content-api': ['find', 'findPage', 'findOne', 'destroy', 'upload'] } },
  { plugin: 'plugin::i18n', requires: 'plugin::i18n.locale', controllers: { locales: ['listLocales'] } },
  {
    plugin: 'plugin::users-permissions',
    controllers: {
      auth: ['callback', 'changePassword', 'resetPassword', 'refresh', 'logout', 'connect', 'forgotPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'],
      user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
      role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
      permissions: ['getPermissions'],
    },
  },
];

/** Every action uid of the app, in tree order (`custom`: the actions of custom routes). */
export function allActions(schema: SchemaMeta, custom: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [typeKey, entry] of Object.entries(permissionTree(schema, new Set(), custom))) {
    for (const [controller, actions] of Object.entries(entry.controllers)) for (const action of Object.keys(actions)) out.push(`${typeKey}.${controller}.${action}`);
  }
  return out;
}

/** The tree with `enabled` true for the granted actions; custom-route actions join their api's entry. */
export function permissionTree(schema: SchemaMeta, granted: ReadonlySet<string>, custom: readonly string[] = []): PermissionTree {
  const tree: PermissionTree = {};
  const add = (typeKey: string, controller: string, actions: readonly string[]) => {
    const controllers = (tree[typeKey] ??= { controllers: {} }).controllers;
    const entries = (controllers[controller] ??= {});
    for (const action of actions) entries[action] = { enabled: granted.has(`${typeKey}.${controller}.${action}`), policy: '' };
  };
  const apiTypes = Object.values(schema.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::'))
    .sort((a, b) => (a.actionPrefix < b.actionPrefix ? -1 : a.actionPrefix > b.actionPrefix ? 1 : 0));
  for (const ct of apiTypes) {
    const dot = ct.actionPrefix.lastIndexOf('.');
    add(ct.actionPrefix.slice(0, dot), ct.actionPrefix.slice(dot + 1), ct.kind === 'singleType' ? SINGLE_ACTIONS : COLLECTION_ACTIONS);
  }
  for (const action of custom) {
    // api::<api>.<controller>.<action>
    const last = action.lastIndexOf('.');
    const controllerDot = action.lastIndexOf('.', last - 1);
    add(action.slice(0, controllerDot), action.slice(controllerDot + 1, last), [action.slice(last + 1)]);
  }
  for (const plugin of PLUGIN_ACTIONS) {
    if (plugin.requires && !schema.contentTypes[plugin.requires]) continue;
    for (const [controller, actions] of Object.entries(plugin.controllers)) add(plugin.plugin, controller, actions);
  }
  return tree;
}

/**
 * The actions a request's tree enables (`{ enabled: true }` leaves), restricted to actions the
 * app has: a typo or an action of a plugin this app lacks grants nothing.
 */
export function enabledActions(tree: unknown, known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  if (!isObject(tree)) return out;
  for (const [typeKey, entry] of Object.entries(tree)) {
    if (!isObject(entry) || !isObject(entry.controllers)) continue;
    for (const [controller, actions] of Object.entries(entry.controllers)) {
      if (!isObject(actions)) continue;
      for (const [action, value] of Object.entries(actions)) {
        const uid = `${typeKey}.${controller}.${action}`;
        if (isObject(value) && value.enabled === true && known.has(uid)) out.push(uid);
      }
    }
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
