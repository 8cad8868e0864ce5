// Classes TypeGraphQL knows as GraphQL object or input types, or as resolvers of root fields,
// declared with calls: this package is compiled without decorator support, so the decorators are
// called, not written.
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Field, Info, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphqlContext } from './context';

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

/**
 * A root field: what it answers and its arguments; `call` answers it from the arguments (by name),
 * the context and, when `info` is set, the resolve info.
 */
export interface RootFieldSpec {
  name: string;
  kind: 'query' | 'mutation';
  type: () => unknown;
  nullable?: true | 'items';
  args: ArgSpec[];
  info?: boolean;
  call(args: Record<string, unknown>, ctx: GraphqlContext, info?: GraphQLResolveInfo): Promise<unknown>;
}

/**
 * The resolver class `name` of the object type `owner`: one method per root field, taking its
 * arguments in order, the context and the resolve info, as a generated resolver class does
 * (TypeGraphQL's decorators called). Parameters are declared as TypeScript applies written
 * decorators, last first, so the schema lists a field's arguments as it does for generated classes.
 */
export function rootResolver(name: string, owner: () => Function, fields: RootFieldSpec[]): new () => object {
  const cls = { [name]: class {} }[name];
  const prototype = cls.prototype as Record<string, unknown>;
  for (const field of fields) {
    prototype[field.name] = function (...params: unknown[]) {
      const args = Object.fromEntries(field.args.map(([arg], index) => [arg, params[index]]));
      return field.call(args, params[field.args.length] as GraphqlContext, params[field.args.length + 1] as GraphQLResolveInfo | undefined);
    };
    const params: Array<(target: object, key: string, index: number) => void> = [
      ...field.args.map(([arg, type, nullable, defaultValue]) => Arg(arg, type as () => Function, { ...(nullable ? { nullable } : {}), ...(defaultValue !== undefined ? { defaultValue } : {}) })),
      Ctx(),
      ...(field.info ? [Info()] : []),
    ];
    for (let index = params.length - 1; index >= 0; index--) params[index](prototype, field.name, index);
    const descriptor = Object.getOwnPropertyDescriptor(prototype, field.name) as PropertyDescriptor;
    (field.kind === 'query' ? Query : Mutation)(field.type as () => Function, { name: field.name, ...(field.nullable ? { nullable: field.nullable } : {}) })(prototype, field.name, descriptor);
  }
  Resolver(owner)(cls);
  return cls;
}
