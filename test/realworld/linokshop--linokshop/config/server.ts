import cronTasks from "./cron-tasks"

export default ({ env }) => ({
  proxy: { koa: true },
  host: env("HOST", "0.0.0.0"),
  port: env.int("PORT", 1337),
  url: env("APP_URL"),
  app: {
    keys: env.array("APP_KEYS"),
  },
  webhooks: {
    populateRelations: env.bool("WEBHOOKS_POPULATE_RELATIONS", false),
  },
  cron: {
    enabled: env.bool("CRON_ENABLED", false),
    tasks: cronTasks,
  },
  // Built-in Strapi MCP server (Strapi 5.47+), exposed at /mcp.
  // Enabled by default only in development; set STRAPI_MCP_ENABLED=true to opt in elsewhere.
  mcp: {
    enabled: env.bool(
      "STRAPI_MCP_ENABLED",
      env("NODE_ENV", "development") === "development"
    ),
  },
})
