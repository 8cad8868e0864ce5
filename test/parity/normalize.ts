// Makes an answer comparable between the Strapi oracle and the generated app: values that differ by
// design are replaced by placeholders, keeping every key where it is (key order is compared too).
// Replaced: numeric `id`s (Strapi re-creates rows, docs/rest.md "Deliberate"), `documentId`s
// (random), timestamps, and the per-upload parts of a file (hash, url, size).
const PLACEHOLDER_KEYS: Record<string, string> = {
  id: '<id>',
  documentId: '<documentId>',
  createdAt: '<timestamp>',
  updatedAt: '<timestamp>',
  publishedAt: '<timestamp>',
  hash: '<hash>',
  url: '<url>',
  // Strapi re-encodes uploaded images (size optimization), so a file's stored size differs.
  size: '<size>',
};

export function normalizeAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeAnswer);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key in PLACEHOLDER_KEYS && item !== null && typeof item !== 'object' ? PLACEHOLDER_KEYS[key] : normalizeAnswer(item);
  }
  return out;
}

/** Every object's keys, depth first, in the order they were written: compared where order matters. */
export function keyOrder(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyOrder(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const keys = Object.keys(value);
  return [`${path}: ${keys.join(',')}`, ...keys.flatMap((key) => keyOrder((value as Record<string, unknown>)[key], `${path}.${key}`))];
}
