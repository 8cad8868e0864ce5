'use strict';

// Bootstrap of the Strapi copy the relation matrix is recorded on: grants the Public role the
// actions the kit's bootstrap.json grants in the generated app (copied next to this file).
const { roles } = require('./kit-bootstrap.json');

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const permissions = strapi.db.query('plugin::users-permissions.permission');
    const existing = new Set((await permissions.findMany({ where: { role: { id: role.id } } })).map((p) => p.action));
    for (const action of roles.public) if (!existing.has(action)) await permissions.create({ data: { action, role: role.id } });
  },
};
