// Deterministic, realistic-looking field values for the seeded documents. A fixed PRNG seed makes
// every seeded database the same, so runs on different days measure the same bytes.

/** mulberry32: tiny, fast, good enough for picking words. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec ' +
  'romeo sierra tango uniform victor whiskey xray yankee zulu schema relation populate filter publish draft ' +
  'content media upload component locale query index cache server request response document version'
).split(' ');

const KINDS = ['news', 'tutorial', 'opinion', 'review'] as const;

export class Faker {
  private readonly rand: () => number;
  constructor(seed: number) {
    this.rand = prng(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** Distinct items, between `min` and `max` of them. */
  sample<T>(items: readonly T[], min: number, max: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    const count = this.int(min, max);
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0]);
    return out;
  }

  word(): string {
    return this.pick(WORDS);
  }

  /** Words up to roughly `length` characters, ending with a period. */
  sentence(length: number): string {
    const words: string[] = [];
    let size = 0;
    while (size < length - 10) {
      const w = this.word();
      words.push(w);
      size += w.length + 1;
    }
    const text = words.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  }

  round(value: number, digits: number): number {
    const f = 10 ** digits;
    return Math.round(value * f) / f;
  }
}

const cap = (w: string) => `${w[0].toUpperCase()}${w.slice(1)}`;

export function authorData(f: Faker, i: number): Record<string, unknown> {
  const first = cap(f.word());
  const last = cap(f.word());
  return { name: `${first} ${last} ${i}`, email: `author${i}@example.com`, bio: f.sentence(120) };
}

export function categoryData(f: Faker, i: number): Record<string, unknown> {
  const name = `${cap(f.word())} ${cap(f.word())}`;
  return { name, slug: `category-${i}`, description: f.sentence(80), position: i };
}

/** ~500 characters of markdown: a heading, two paragraphs with emphasis, a list. */
function markdownBody(f: Faker, i: number): string {
  return [
    `# ${cap(f.word())} ${f.word()} ${i}`,
    '',
    `Some **${f.word()}** text: ${f.sentence(170)}`,
    '',
    `A second paragraph with \`${f.word()}\` and a [link](https://example.com/${i}). ${f.sentence(120)}`,
    '',
    `- ${f.sentence(40)}`,
    `- ${f.sentence(40)}`,
    '',
  ].join('\n');
}

export function articleData(f: Faker, i: number, authorIds: readonly string[], categoryIds: readonly string[]): Record<string, unknown> {
  const day = new Date(Date.UTC(2023, 0, 1) + f.int(0, 900) * 86_400_000).toISOString().slice(0, 10);
  return {
    title: `Article ${i}: ${cap(f.word())} ${f.word()} ${f.word()}`,
    slug: `article-${i}`,
    summary: f.sentence(150),
    body: markdownBody(f, i),
    kind: f.pick(KINDS),
    views: f.int(0, 100_000),
    rating: f.round(f.int(0, 500) / 100, 2),
    price: f.round(f.int(100, 99_999) / 100, 2),
    featured: f.int(0, 9) === 0,
    publish_date: day,
    metadata: { index: i, tags: f.sample(['api', 'schema', 'media', 'cache', 'locale', 'draft'], 1, 3), nested: { even: i % 2 === 0, score: f.int(0, 10) } },
    author: f.pick(authorIds),
    categories: f.sample(categoryIds, 1, 3),
  };
}

const SOCIAL_NETWORKS = ['Facebook', 'Twitter', 'LinkedIn'] as const;

/** Every DEEP_EVERY-th article also gets an seo component, a blocks_list and sections (get-one-deep). */
export const DEEP_EVERY = 10;

/**
 * The components of a "deep" article: seo (with two meta_social), two or three blocks_list quotes,
 * and a hero, a rich-text and a cta (related to a category) in the sections dynamic zone. Drawn
 * from their own Faker so the other articles' values stay what they were before deep articles
 * existed. None of it is in the floor's payloads: the list and get-one do not populate components.
 */
export function deepArticleData(f: Faker, i: number, categoryIds: readonly string[]): Record<string, unknown> {
  const quotes = f.int(2, 3);
  return {
    seo: {
      meta_title: `Article ${i}: ${cap(f.word())} ${f.word()}`,
      meta_description: f.sentence(150),
      keywords: f.sample(WORDS, 3, 5).join(', '),
      prevent_indexing: false,
      meta_social: f.sample(SOCIAL_NETWORKS, 2, 2).map((network) => ({
        social_network: network,
        title: f.sentence(50),
        description: f.sentence(60),
      })),
    },
    blocks_list: Array.from({ length: quotes }, (_, q) => ({ title: `${cap(f.word())} ${f.word()}`, body: f.sentence(100), position: q + 1 })),
    sections: [
      { __component: 'sections.hero', title: `${cap(f.word())} ${f.word()} ${i}`, subtitle: f.sentence(60) },
      { __component: 'sections.rich-text', body: markdownBody(f, i) },
      { __component: 'sections.cta', label: `Read more on ${f.word()}`, url: `https://example.com/cta/${i}`, category: f.pick(categoryIds) },
    ],
  };
}
