// How Strapi's validator (yup) prints a value inside a message such as "cast from the value `…`":
// a scalar as text (strings in double quotes), and objects and arrays as two-space-indented JSON
// whose scalars are replaced by that same text, so `[{ "label": "x" }]` reads
// `[\n  {\n    "label": "\"x\""\n  }\n]`. Only the forms a JSON body can hold are covered.

/** The text of a scalar, or undefined for an object or array. */
function scalarText(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'bigint') return String(value);
  return undefined;
}

/** Replaces every scalar of a JSON tree by its text, keeping key order. */
function textTree(value: unknown): unknown {
  const text = scalarText(value);
  if (text !== undefined) return text;
  if (Array.isArray(value)) return value.map(textTree);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = textTree(item);
  return out;
}

export function printValue(value: unknown): string {
  return scalarText(value) ?? JSON.stringify(textTree(value), null, 2);
}
