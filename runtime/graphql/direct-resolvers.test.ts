// Root queries of the generated classes are called directly (installDirectRootResolvers): the
// answer is the one TypeGraphQL's own resolver gives, and methods TypeGraphQL must still run
// (middlewares) or classes that are not the generated ones keep its resolver.
import 'reflect-metadata';
import { graphql, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import * as tg from 'type-graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { installDirectRootResolvers } from './direct-resolvers';

@tg.InputType('PageIn')
class PageIn {
  @tg.Field(() => tg.Int, { nullable: true })
  size?: number;
}

@tg.Resolver()
class Generated {
  @tg.Query(() => String, { name: 'echo' })
  echo(
    @tg.Arg('page', () => PageIn, { nullable: true, defaultValue: {} }) page: PageIn | null | undefined,
    @tg.Arg('word', () => String, { nullable: true }) word: string | null | undefined,
    @tg.Ctx() ctx: { tag: string },
    @tg.Info() info: GraphQLResolveInfo,
  ): Promise<string> {
    return Promise.resolve(JSON.stringify({ page: page ? { ...page } : page, word: word === undefined ? 'absent' : word, tag: ctx.tag, field: info.fieldName }));
  }

  @tg.Query(() => String, { name: 'guarded' })
  @tg.UseMiddleware(async (_data, next) => `mw:${String(await next())}`)
  guarded(): string {
    return 'inner';
  }
}

@tg.Resolver()
class Extension {
  @tg.Query(() => String, { name: 'other' })
  other(@tg.Arg('word', () => String) word: string): string {
    return word;
  }
}

async function build(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: [Generated, Extension], validate: false, disableInferringDefaultValues: true });
}

const QUERIES = ['{ echo }', '{ echo(word: "hi") }', '{ echo(word: null, page: { size: 3 }) }', '{ echo(page: null) }', '{ guarded }', '{ other(word: "x") }'];

async function answers(schema: GraphQLSchema): Promise<unknown[]> {
  return Promise.all(QUERIES.map((source) => graphql({ schema, source, contextValue: { tag: 't' } })));
}

describe('installDirectRootResolvers', () => {
  it('answers every root query as TypeGraphQL does', async () => {
    const before = await answers(await build());
    const schema = await build();
    installDirectRootResolvers(schema, getMetadataStorage().queries, [Generated]);
    expect(await answers(schema)).toEqual(before);
    expect(before[0]).toEqual({ data: { echo: JSON.stringify({ page: {}, word: 'absent', tag: 't', field: 'echo' }) } });
  });

  it('replaces only plain methods of the given classes', async () => {
    const original = await build();
    const schema = await build();
    const fields = schema.getQueryType()!.getFields();
    const resolvers = { echo: fields.echo.resolve, guarded: fields.guarded.resolve, other: fields.other.resolve };
    installDirectRootResolvers(schema, getMetadataStorage().queries, [Generated]);
    expect(fields.echo.resolve).not.toBe(resolvers.echo);
    expect(fields.guarded.resolve).toBe(resolvers.guarded);
    expect(fields.other.resolve).toBe(resolvers.other);
    expect(original.getQueryType()!.getFields().echo.resolve).toBeDefined();
  });
});
