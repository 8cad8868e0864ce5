export default () => ({
  'config-sync': {
    enabled: true,
    config: {
      importOnBootstrap: false,
      minify: true,
    },
  },
});
