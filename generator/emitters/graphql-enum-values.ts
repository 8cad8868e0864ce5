// GraphQL names of enumeration values, as Strapi 5 derives them: the value transliterated to
// Latin letters and every run of other characters turned into one `_`, trimmed (`Кафе` → `Kafe`,
// `Łódź` → `Lodz`, `index,follow` → `index_follow`, `"quoted"` → `quoted`), with the slugify
// package Strapi itself uses. Values Strapi refuses to boot with (a name starting with a digit,
// empty or colliding names) keep cms-gen's own fallback (runtime/graphql/naming.ts), and failing
// that the attribute is typed String.
import slugify from '@sindresorhus/slugify';
import { enumValueNames as fallbackNames } from '../../runtime/graphql/naming';

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const RESERVED = new Set(['true', 'false', 'null']);

const usable = (names: string[]): boolean => names.length > 0 && names.every((n) => GRAPHQL_NAME.test(n) && !RESERVED.has(n)) && new Set(names).size === names.length;

/**
 * Names already derived, by value. slugify transliterates with a few hundred replacements, each a
 * new RegExp per call (about a millisecond a value), and a build asks for each value several times
 * (validation, then the enum, output and input types of both GraphQL shapes). Bounded, then dropped.
 */
const derived = new Map<string, string>();
const DERIVED_LIMIT = 10_000;

/** The GraphQL name Strapi gives an enumeration value (before checking it is a usable name). */
export function graphqlEnumName(value: string): string {
  let name = derived.get(value);
  if (name === undefined) {
    name = slugify(value, { decamelize: false, lowercase: false, separator: '_' });
    if (derived.size >= DERIVED_LIMIT) derived.clear();
    derived.set(value, name);
  }
  return name;
}

export function enumValueNames(values: readonly string[]): string[] | undefined {
  const names = values.map(graphqlEnumName);
  return usable(names) ? names : fallbackNames(values);
}
