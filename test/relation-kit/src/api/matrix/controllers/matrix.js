'use strict';

// Runs `strapi.documents(uid)[action](params)` and answers its result as `{ data }`; an error
// thrown by the Document Service answers 400 with its name and message.
const ACTIONS = new Set(['findOne', 'findMany', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);

module.exports = ({ strapi }) => ({
  async run(ctx) {
    const { uid, action, params } = ctx.request.body;
    if (!ACTIONS.has(action)) {
      ctx.status = 400;
      ctx.body = { data: null, error: { name: 'MatrixError', message: `unknown action ${action}` } };
      return;
    }
    try {
      ctx.body = { data: await strapi.documents(uid)[action](params) };
    } catch (err) {
      ctx.status = 400;
      ctx.body = { data: null, error: { name: err.name, message: err.message } };
    }
  },
});
