import { graphqlSync, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { DateScalar, DateTimeScalar, dynamicZoneInputScalar, JSONScalar, LongScalar, TimeScalar } from './scalars';

const zone = dynamicZoneInputScalar('ZoneInput', { ComponentSectionsHero: 'sections.hero' });

/** A one-field schema echoing its argument, to run literals and variables through a scalar. */
function echo(scalar: typeof JSONScalar, literal: string, variables?: Record<string, unknown>) {
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { echo: { type: GraphQLString, args: { v: { type: scalar } }, resolve: (_p, args: { v: unknown }) => JSON.stringify(args.v) } },
    }),
  });
  const source = variables ? `query($v: ${scalar.name}) { echo(v: $v) }` : `{ echo(v: ${literal}) }`;
  return graphqlSync({ schema, source, variableValues: variables });
}

describe('GraphQL scalars', () => {
  it('checks date, time and date-time input', () => {
    expect(echo(DateScalar, '"2026-11-22"').data?.echo).toBe('"2026-11-22"');
    expect(echo(DateScalar, '"2026-13-45"').errors?.[0].message).toMatch(/Date cannot represent/);
    expect(echo(TimeScalar, '"10:15:30.000"').data?.echo).toBe('"10:15:30.000"');
    expect(echo(TimeScalar, '"25:00"').errors).toBeDefined();
    expect(echo(TimeScalar, '"09:30"').errors?.[0].message).toBe('Expected value of type "Time", found "09:30"; Invalid time format, expected HH:mm:ss.SSS');
    expect(echo(TimeScalar, '"09:30:00.5"').data?.echo).toBe('"09:30:00.5"');
    expect(echo(DateTimeScalar, '"2026-11-22T03:00:14.324Z"').data?.echo).toBe('"2026-11-22T03:00:14.324Z"');
    expect(echo(DateTimeScalar, '"yesterday"').errors).toBeDefined();
    expect(DateTimeScalar.serialize(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('keeps 64-bit integers exact as strings', () => {
    expect(echo(LongScalar, '9007199254740993').data?.echo).toBe('"9007199254740993"');
    expect(echo(LongScalar, '1.5').errors).toBeDefined();
    expect(LongScalar.serialize(BigInt('9007199254740993'))).toBe('9007199254740993');
    expect(LongScalar.serialize('-9223372036854775808')).toBe('-9223372036854775808');
  });

  it('answers a biginteger within 2^53 as a number, as Strapi 5.54 does', () => {
    expect(LongScalar.serialize('9007199254740')).toBe(9007199254740);
    expect(LongScalar.serialize('9007199254740991')).toBe(9007199254740991);
    expect(LongScalar.serialize(BigInt(-12))).toBe(-12);
    expect(LongScalar.serialize('9007199254740992')).toBe('9007199254740992');
  });

  it('parses JSON literals with variables inside', () => {
    expect(echo(JSONScalar, '{ a: [1, "x", true, null], b: { c: 2.5 } }').data?.echo).toBe('{"a":[1,"x",true,null],"b":{"c":2.5}}');
  });

  it('maps dynamic-zone entries to their component uid', () => {
    expect(echo(zone, '{ __typename: "ComponentSectionsHero", title: "Hi" }').data?.echo).toBe('{"title":"Hi","__component":"sections.hero"}');
    expect(echo(zone, '', { v: { __component: 'sections.hero', title: 'Hi' } }).data?.echo).toBe('{"title":"Hi","__component":"sections.hero"}');
    expect(echo(zone, '{ title: "no type" }').errors?.[0].message).toMatch(/__typename must be one of ComponentSectionsHero/);
  });
});
