// Request-body schemas of what a users-permissions extension adds to the user or role
// (src/extensions/users-permissions/content-types/{user,role}/schema.json): the plugin's own
// attributes are listed by hand in the routes' bodies, an extension's follow the schema.
import { builtinAttributeNames } from '../builtins';
import { inputAttribute, type DocumentContext } from './openapi-documents';
import type { JsonObject } from './openapi-registry';

/** Body schemas of the attributes a users-permissions extension adds to `uid` (the plugin's own are listed by hand). */
export function extensionInputs(ctx: DocumentContext, uid: string): JsonObject {
  const own = new Set(builtinAttributeNames(uid));
  const properties: JsonObject = {};
  for (const attribute of Object.values(ctx.meta.contentTypes[uid]?.attributes ?? {})) {
    if (!own.has(attribute.name) && (attribute.kind !== 'morph' || attribute.owner)) properties[attribute.name] = inputAttribute(ctx, attribute);
  }
  return properties;
}
