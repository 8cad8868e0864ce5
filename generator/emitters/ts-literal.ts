// Renders plain data (objects, arrays, strings, numbers, booleans, null) as a TypeScript literal,
// one property per line, keys unquoted when they are identifiers. Key order is kept as given, so
// the same data always renders to the same text.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key: bare when it is an identifier, quoted otherwise. */
export function renderKey(key: string): string {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/** Single-quoted string literal. */
function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** Arrays of short scalars stay on one line: `['news', 'tutorial']`. */
function isInlineArray(value: unknown[]): boolean {
  return value.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item)) && JSON.stringify(value).length <= 80;
}

/** Options of renderTsLiteral: `inlineDepth` puts every object and array nested that deep (the top value is depth 0) on one line. */
export interface LiteralLayout {
  inlineDepth?: number;
}

/** The value on one line: `{ name: 'title', kind: 'scalar', required: false }`. */
function renderInline(value: unknown): string {
  if (value === null || typeof value !== 'object') return renderTsLiteral(value);
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${renderKey(k)}: ${renderInline(v)}`).join(', ')} }`;
}

export function renderTsLiteral(value: unknown, indent = '', layout: LiteralLayout = {}, depth = 0): string {
  if (layout.inlineDepth !== undefined && depth >= layout.inlineDepth) return renderInline(value);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`cannot render ${value} as a literal`);
      return String(value);
    case 'boolean':
      return String(value);
    case 'object':
      break;
    default:
      throw new Error(`cannot render a ${typeof value} as a literal`);
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (isInlineArray(value)) return `[${value.map((item) => renderTsLiteral(item)).join(', ')}]`;
    return `[\n${value.map((item) => `${inner}${renderTsLiteral(item, inner, layout, depth + 1)},\n`).join('')}${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${renderKey(k)}: ${renderTsLiteral(v, inner, layout, depth + 1)},\n`).join('')}${indent}}`;
}
