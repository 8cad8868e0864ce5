// The one normalizer of recorded Strapi answers: makes an answer comparable between real Strapi
// 5.54 and the generated app. Values that differ by design between two runs (row ids, documentIds,
// timestamps, tokens, per-upload file values) become placeholders, the run's stamp becomes a
// placeholder inside strings, and a few keys that say where an error was raised are left out.
// Every other key stays where it is (key order can be compared). Each answer set (sets.ts) names
// its rules: they are part of what its recorded answers mean, so a set keeps the rules it was
// recorded with.

export interface Rules {
  /** Keys whose string or number values vary between runs, and the placeholder each becomes. */
  volatile: Readonly<Record<string, string>>;
  /** Keys left out wherever they are. */
  dropped?: readonly string[];
  /** Leaves out a file's `size` and `sizeInBytes` (objects with a `mime`): the image encoder's effort, not the API. */
  dropFileSizes?: boolean;
  /** What the run's stamp becomes inside strings. */
  stampPlaceholder?: string;
}

/** Each volatile key becomes `<key>`. */
const own = (keys: string[]): Record<string, string> => Object.fromEntries(keys.map((key) => [key, `<${key}>`]));

const ENTRY = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt'];

/**
 * GET answers on the parity seed (test/parity): timestamps share one placeholder, file hashes, URLs
 * and sizes too (Strapi re-encodes uploaded images). Nothing is dropped.
 */
export const PARITY_RULES: Rules = {
  volatile: { id: '<id>', documentId: '<documentId>', createdAt: '<timestamp>', updatedAt: '<timestamp>', publishedAt: '<timestamp>', hash: '<hash>', url: '<url>', size: '<size>' },
};

/** The parity-a steps (test/strapi-answers): no uploads; the run's prefix. GraphQL error `locations` are compared. */
export const PARITY_A_RULES: Rules = { volatile: own(ENTRY), dropped: ['stacktrace'], stampPlaceholder: '<prefix>' };

/** The kitchen, loose and relation-matrix steps: entries and files. GraphQL error `locations` are compared (Strapi has them on syntax and validation errors only). */
export const STEP_RULES: Rules = { volatile: own([...ENTRY, 'hash', 'url']), dropped: ['stacktrace'], stampPlaceholder: '<stamp>' };

/** The FoodAdvisor steps: entries and files, file sizes left out (Strapi re-encodes the uploaded PNG). */
export const FOODADVISOR_RULES: Rules = { ...STEP_RULES, dropFileSizes: true };

/** The users kit's steps: tokens too, file sizes and GraphQL error locations left out. */
export const USERS_RULES: Rules = { volatile: own([...ENTRY, 'hash', 'url', 'jwt']), dropped: ['stacktrace', 'locations'], dropFileSizes: true, stampPlaceholder: '<stamp>' };

/** `value` with the rules applied; `stamp` (the run's) is replaced inside every string. */
export function normalize(value: unknown, rules: Rules, stamp?: string): unknown {
  const dropped = new Set(rules.dropped ?? []);
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item === 'string') return stamp ? item.split(stamp).join(rules.stampPlaceholder ?? '<stamp>') : item;
    if (typeof item !== 'object' || item === null) return item;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(item)) {
      if (dropped.has(key)) continue;
      if (rules.dropFileSizes && (key === 'size' || key === 'sizeInBytes') && 'mime' in item) continue;
      const placeholder = Object.hasOwn(rules.volatile, key) ? rules.volatile[key] : undefined;
      out[key] = placeholder !== undefined && (typeof v === 'string' || typeof v === 'number') ? placeholder : walk(v);
    }
    return out;
  };
  return walk(value);
}

/** Every object's keys, depth first, in the order they were written: compared where order matters. */
export function keyOrder(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyOrder(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const keys = Object.keys(value);
  return [`${path}: ${keys.join(',')}`, ...keys.flatMap((key) => keyOrder((value as Record<string, unknown>)[key], `${path}.${key}`))];
}
