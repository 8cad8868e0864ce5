'use strict';

const PLUGIN_ID = 'rating';

module.exports = ({ strapi }) => {
  strapi.customFields.register({
    name: 'stars',
    plugin: PLUGIN_ID,
    type: 'integer',
    inputSize: { default: 4, isResizable: true },
  });
};
