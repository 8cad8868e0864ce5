// Classes TypeGraphQL knows as GraphQL object or input types, or as resolvers of root fields,
// declared with calls: this package is compiled without decorator support, so the decorators are
// called, not written.
import { Arg, Ctx, Field, Info, InputType, ObjectType, Query, Resolver } from 'type-graphql';

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

/** A root field's argument: its name, its type function, whether (and how) it is nullable, its default value. */
export type ArgSpec = [name: string, type: () => unknown, nullable?: Nullable, defaultValue?: unknown];

/** A root field answered by the method of the same name: its arguments are the method's first parameters, then the context and the resolve info. */
export interface RootFieldSpec {
  name: string;
  type: () => unknown;
  nullable?: true | 'items';
  args: ArgSpec[];
}

/**
 * Declares `cls` as the resolver of the object type `owner`, each query a method taking its
 * arguments, the context and the resolve info (TypeGraphQL's decorators called). Parameters are
 * declared as TypeScript applies written decorators, last first, so the schema lists a field's
 * arguments as it does for the generated resolver classes.
 */
export function queryResolver(cls: Function, owner: () => Function, queries: RootFieldSpec[]): void {
  const prototype = cls.prototype as object;
  for (const query of queries) {
    const params: Array<(target: object, key: string, index: number) => void> = [
      ...query.args.map(([name, type, nullable, defaultValue]) => Arg(name, type as () => Function, { ...(nullable ? { nullable } : {}), ...(defaultValue !== undefined ? { defaultValue } : {}) })),
      Ctx(),
      Info(),
    ];
    for (let index = params.length - 1; index >= 0; index--) params[index](prototype, query.name, index);
    const descriptor = Object.getOwnPropertyDescriptor(prototype, query.name) as PropertyDescriptor;
    Query(query.type as () => Function, { name: query.name, ...(query.nullable ? { nullable: query.nullable } : {}) })(prototype, query.name, descriptor);
  }
  Resolver(owner)(cls);
}
