// Shared building blocks of the OpenAPI emitter: the JSON Schema type it writes and the registry
// of named schemas (components.schemas). Schemas are built on first reference, so a model with
// cycles (article → author → article) ends as $refs, and only what some route reaches is emitted.
import { compareText } from '../compare-text';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) or any other JSON object of the document. */
export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

export class SchemaRegistry {
  private readonly schemas = new Map<string, JsonObject>();

  /** `$ref` to the schema `name`, built by `build` the first time it is asked for. */
  ref(name: string, build: () => JsonObject): JsonObject {
    if (!this.schemas.has(name)) {
      // A placeholder first: a schema that reaches itself gets its $ref instead of recursing.
      this.schemas.set(name, {});
      this.schemas.set(name, build());
    }
    return refTo(name);
  }

  /** Every schema built, by name in a stable order. */
  sorted(): JsonObject {
    return Object.fromEntries([...this.schemas.keys()].sort(compareText).map((name) => [name, this.schemas.get(name) ?? {}]));
  }
}

export const refTo = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** `schema` or null. */
export function nullable(schema: JsonObject): JsonObject {
  return { anyOf: [schema, { type: 'null' }] };
}

/** An object schema; `closed` refuses properties it does not list. */
export function object(properties: JsonObject, options: { required?: string[]; closed?: boolean; description?: string } = {}): JsonObject {
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    ...(options.required && options.required.length > 0 ? { required: options.required } : {}),
    ...(options.closed === false ? {} : { additionalProperties: false }),
  };
}
