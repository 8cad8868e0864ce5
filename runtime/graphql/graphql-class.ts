// Classes TypeGraphQL knows as GraphQL object or input types, declared with calls: this package is
// compiled without decorator support, so the decorators are called, not written.
import { Field, InputType, ObjectType } from 'type-graphql';

type Nullable = true | 'itemsAndList';

/** A field: its name, its type function, whether (and how) it is nullable, its default value (inputs). */
export type FieldSpec = [name: string, type: NonNullable<Parameters<typeof Field>[0]>, nullable?: Nullable, defaultValue?: unknown];

/** A class TypeGraphQL knows as the object or input type `name`, its fields declared in order. */
export function graphqlClass<T>(kind: 'object' | 'input', name: string, fields: (self: Function) => FieldSpec[]): new () => T {
  const cls = { [name]: class {} }[name];
  for (const [key, type, nullable, defaultValue] of fields(cls)) {
    Field(type, { ...(nullable ? { nullable } : {}), ...(defaultValue !== undefined ? { defaultValue } : {}) })(cls.prototype, key);
  }
  if (kind === 'object') ObjectType(name, { simpleResolvers: true })(cls);
  else InputType(name)(cls);
  return cls as new () => T;
}
