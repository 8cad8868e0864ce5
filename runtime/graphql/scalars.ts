// The custom scalars of the generated schema. The read layer already returns API values (ISO
// strings for dates, strings for big integers, parsed JSON), so output is a checked pass-through;
// input is checked here so a malformed value is a GraphQL error before any resolver runs.
import { GraphQLError, GraphQLScalarType, Kind, type StringValueNode, type ValueNode } from 'graphql';
import { GraphQLDate, GraphQLDateTime, GraphQLLong } from 'graphql-scalars';

type Literal = (node: ValueNode, variables?: Record<string, unknown> | null) => unknown;

function invalid(scalar: string, value: unknown): GraphQLError {
  return new GraphQLError(`${scalar} cannot represent ${JSON.stringify(value) ?? String(value)}`);
}

/** A string scalar whose values must match `pattern`; `message` replaces the default error text (thrown as a plain error, graphql-js prefixes it with `Expected value of type …; `, as Strapi shows it). */
function textScalar(name: string, description: string, pattern: RegExp, message?: string): GraphQLScalarType {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !pattern.test(value)) throw message ? new TypeError(message) : invalid(name, value);
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (value instanceof Date ? value.toISOString() : value),
    parseValue: parse,
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw invalid(name, 'kind' in node ? node.kind : node);
      return parse(node.value);
    },
  });
}

/**
 * A scalar whose input `rules` (graphql-scalars' own, which Strapi 5.54 uses) accept or refuse, in
 * their words (`DateTime cannot represent an invalid date-time-string 2024-01-01.`); an accepted
 * value is kept as the text written, which the operation layer reads like REST's.
 */
function checkedText(name: string, description: string, rules: GraphQLScalarType): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (value instanceof Date ? value.toISOString() : value),
    parseValue: (value) => {
      rules.parseValue(value);
      return value;
    },
    parseLiteral: (node, variables) => {
      rules.parseLiteral(node, variables);
      return (node as StringValueNode).value;
    },
  });
}

/** RFC 3339 date-times: seconds and a zone required (`2024-01-01T10:00:00Z`), as Strapi's GraphQL takes them. */
export const DateTimeScalar = checkedText(
  'DateTime',
  'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
  GraphQLDateTime,
);

export const DateScalar = checkedText('Date', 'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.', GraphQLDate);

// As Strapi 5.54 (kitchen-kit answers): HH:mm:ss with up to 3 fraction digits; '09:30' is refused
// (`Expected value of type "Time", found "09:30"; Invalid time format, expected HH:mm:ss.SSS`).
export const TimeScalar = textScalar('Time', 'A time string with format HH:mm:ss.SSS', /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?$/, 'Invalid time format, expected HH:mm:ss.SSS');

export const I18NLocaleCodeScalar = textScalar('I18NLocaleCode', 'A string used to identify an i18n locale', /^[A-Za-z0-9_-]{1,20}$|^\*$/);

/**
 * Strapi 5.54's GraphQL answers a biginteger as a JSON number (kitchen-kit answers); past 2^53,
 * where a number is no longer exact (Strapi rounds), it travels as a string instead. Input takes both.
 */
export function serializeLong(value: unknown): unknown {
  const text = typeof value === 'bigint' || typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) return value;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
  serialize: serializeLong,
  // graphql-scalars' Long (Strapi 5.54's) refuses first, in its words (`Cannot convert abc to a
  // BigInt`); what it accepts must still fit 64 bits here, and travels on as a string.
  parseValue: (value) => {
    GraphQLLong.parseValue(value);
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    if (typeof value === 'string' && /^-?\d{1,19}$/.test(value)) return value;
    throw invalid('Long', value);
  },
  parseLiteral: (node, variables) => {
    GraphQLLong.parseLiteral(node, variables);
    if (node.kind === Kind.INT || (node.kind === Kind.STRING && /^-?\d{1,19}$/.test(node.value))) return node.value;
    throw invalid('Long', 'kind' in node ? node.kind : node);
  },
});

/** A JSON literal as a plain value (variables in it resolved). */
const jsonLiteral: Literal = (node, variables) => {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((v) => jsonLiteral(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, jsonLiteral(f.value, variables)]));
    case Kind.VARIABLE:
      return variables ? variables[node.name.value] : undefined;
  }
};

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: jsonLiteral,
});

/**
 * The write form of a dynamic zone (`ArticleSectionsDynamicZoneInput`): a list of objects naming
 * their component with `__typename` (the GraphQL type, as Strapi takes it) or `__component` (the
 * uid, as REST takes it). Both become `__component` for the operation layer.
 */
export function dynamicZoneInputScalar(name: string, components: Readonly<Record<string, string>>): GraphQLScalarType {
  const uids = new Set(Object.values(components));
  const parse = (value: unknown): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GraphQLError(`${name}: expected an object with __typename`);
    const { __typename, __component, ...fields } = value as Record<string, unknown>;
    const uid = typeof __typename === 'string' ? components[__typename] : typeof __component === 'string' && uids.has(__component) ? __component : undefined;
    if (uid === undefined) {
      throw new GraphQLError(`${name}: __typename must be one of ${Object.keys(components).join(', ')}`);
    }
    return { ...fields, __component: uid };
  };
  return new GraphQLScalarType({
    name,
    serialize: (value) => value,
    parseValue: parse,
    parseLiteral: (node, variables) => parse(jsonLiteral(node, variables)),
  });
}
