// Strapi's built-in global middlewares, as config/middlewares names them; what each maps to here is
// in docs/customization.md. Imports nothing, so the generator can load it from a checkout too.
export const BUILTIN_MIDDLEWARES: ReadonlySet<string> = new Set([
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::logger',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
  'strapi::ip',
  'strapi::compression',
  'strapi::responseTime',
]);
