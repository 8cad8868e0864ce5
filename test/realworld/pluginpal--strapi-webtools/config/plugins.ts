module.exports = {
  webtools: {
    enabled: true,
    config: {
      website_url: 'https://www.pluginpal.io',
    },
  },

  'webtools-addon-sitemap': {
    enabled: true,
  },

  // 'webtools-addon-redirects': {
  //   enabled: true,
  // },

  // 'webtools-addon-menus': {
  //   enabled: true,
  // },
};
