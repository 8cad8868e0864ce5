'use strict';
// src/index.js of the Strapi copy the users kit's answers are recorded on (README.md).
// Grants Public and Authenticated everything on the kit's API types and the plugins' content API.
const PLUGIN_ACTIONS = [
  'plugin::upload.content-api.find', 'plugin::upload.content-api.findOne', 'plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy',
  'plugin::users-permissions.user.find', 'plugin::users-permissions.user.findOne', 'plugin::users-permissions.user.count', 'plugin::users-permissions.user.me',
  'plugin::users-permissions.user.create', 'plugin::users-permissions.user.update', 'plugin::users-permissions.user.destroy',
  'plugin::users-permissions.role.find', 'plugin::users-permissions.role.findOne', 'plugin::users-permissions.role.createRole',
  'plugin::users-permissions.role.updateRole', 'plugin::users-permissions.role.deleteRole', 'plugin::users-permissions.permissions.getPermissions',
  'plugin::i18n.locales.listLocales',
];
const AUTH_ACTIONS = ['callback', 'register', 'connect', 'forgotPassword', 'resetPassword', 'emailConfirmation', 'sendEmailConfirmation', 'changePassword'].map((a) => `plugin::users-permissions.auth.${a}`);
async function grant(strapi, roleType, actions) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  const q = strapi.db.query('plugin::users-permissions.permission');
  const existing = new Set((await q.findMany({ where: { role: { id: role.id } } })).map((p) => p.action));
  for (const action of actions) if (!existing.has(action)) await q.create({ data: { action, role: role.id } });
}
module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    const codes = new Set((await locales.find()).map((l) => l.code));
    if (!codes.has('en')) await locales.create({ code: 'en', name: 'English (en)' });
    if (!codes.has('fr')) await locales.create({ code: 'fr', name: 'French (fr)' });
    await locales.setDefaultLocale({ code: 'en' });
    const api = Object.keys(strapi.contentTypes).filter((uid) => uid.startsWith('api::'));
    const actions = [];
    for (const uid of api) {
      const kind = strapi.contentTypes[uid].kind;
      for (const a of kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete']) actions.push(`${uid}.${a}`);
    }
    await grant(strapi, 'public', [...actions, ...PLUGIN_ACTIONS, ...AUTH_ACTIONS]);
    await grant(strapi, 'authenticated', [...actions, ...PLUGIN_ACTIONS, ...AUTH_ACTIONS]);
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) || {};
    await store.set({ key: 'advanced', value: { ...advanced, allow_register: true, email_confirmation: false } });
  },
};
