'use strict';

module.exports = {
  register({ strapi }) {
    strapi.customFields.register({
      name: 'localized-enum',
      type: 'enumeration',
      inputSize: { default: 4, isResizable: true },
    });
  },
  bootstrap() {},
};
