export default () => ({
  documentation: {
    enabled: true,
    config: {
      info: {
        version: "1.0.0",
        title: "PLUTO CMS Documentation",
        description: "Documentation for the PLUTO CMS",
        contact: {
          name: "Péter Ferenc Gyarmati",
          email: "hello@peter.gy",
          url: "peter.gy",
        },
      },
    },
  },
  seo: {
    enabled: true,
  },
});
