// Type tests of the typed Document Service over the fixture app's generated registry
// (fixtures/strapi-blog/app/src/content-types.ts). Nothing here runs: `npm run typecheck` compiles
// it, so a wrong expected type or an `@ts-expect-error` line that no longer errors fails the build.
// Each `@ts-expect-error` line carries exactly one mistake, so it proves that mistake is refused.
import type { Article, Author, ComponentSectionsCta, ComponentSectionsHero, ComponentSectionsRichText, ComponentSharedSeo, UploadFile } from '../../fixtures/strapi-blog/app/src/types';
import type { ArticleData, ArticleFields, ArticleFilters, ArticlePopulate, ArticleSort, ContentTypes, Documents } from '../../fixtures/strapi-blog/app/src/content-types';
import type { Result } from '@cms-gen/runtime';
import type { Equal, Expect, ItemOf } from './type-assert';

declare const documents: Documents;
const articles = documents('api::article.article');
const authors = documents('api::author.author');
const categories = documents('api::category.category');
const users = documents('plugin::users-permissions.user');
const homepage = documents('api::homepage.homepage');

/** What a document returns with no `fields` and no `populate`: scalars and system fields only. */
type ArticleScalars = Omit<Article, 'cover' | 'gallery' | 'author' | 'categories' | 'seo_page' | 'seo' | 'blocks_list' | 'sections'>;
type AuthorScalars = Omit<Author, 'avatar' | 'articles'>;

// ---------------------------------------------------------------------------------------------
// documents(uid)

export function uids(): void {
  // @ts-expect-error: not a content type of the app
  documents('api::nope.nope');
  // @ts-expect-error: components have no Document Service
  documents('shared.seo');
  documents('plugin::upload.file');
}

// ---------------------------------------------------------------------------------------------
// filters: every operator family, as runtime/query/validate-filters.ts accepts them

export function textFilters(): void {
  void articles.findMany({ filters: { title: 'Hello' } });
  void articles.findMany({ filters: { title: ['a', 'b'] } });
  void articles.findMany({ filters: { title: null } });
  void articles.findMany({ filters: { title: { $eq: 'x', $ne: null, $eqi: 'X', $nei: 'y' } } });
  void articles.findMany({ filters: { title: { $contains: 'a', $notContains: 'b', $containsi: 'c', $notContainsi: 'd' } } });
  void articles.findMany({ filters: { summary: { $startsWith: 'a', $startsWithi: 'b', $endsWith: 'c', $endsWithi: 'd' } } });
  void articles.findMany({ filters: { slug: { $in: ['a', 'b'], $notIn: ['c'] }, body: { $lt: 'm', $gte: 'a' }, contact_email: { $endsWith: '@x.org' } } });
  void articles.findMany({ filters: { title: { $between: ['a', 'm'] } } });
  void articles.findMany({ filters: { title: { $null: true, $notNull: false } } });
  // @ts-expect-error: a number is not a title
  void articles.findMany({ filters: { title: 3 } });
  // @ts-expect-error: $between takes exactly two values
  void articles.findMany({ filters: { title: { $between: ['a'] } } });
  // @ts-expect-error: no such operator
  void articles.findMany({ filters: { title: { $like: 'a' } } });
  // @ts-expect-error: $null takes a flag
  void articles.findMany({ filters: { title: { $null: 'yes' } } });
}

export function enumerationFilters(): void {
  void articles.findMany({ filters: { kind: 'news' } });
  void articles.findMany({ filters: { kind: { $in: ['news', 'review'] } } });
  // Text operators take any text, not only whole values.
  void articles.findMany({ filters: { kind: { $containsi: 'ew' } } });
  // @ts-expect-error: not one of the enumeration's values
  void articles.findMany({ filters: { kind: 'gossip' } });
  // @ts-expect-error: not one of the enumeration's values
  void articles.findMany({ filters: { kind: { $in: ['news', 'gossip'] } } });
}

export function numberFilters(): void {
  void articles.findMany({ filters: { views: 3 } });
  void articles.findMany({ filters: { views: { $gt: 1, $lte: 10, $ne: null, $in: [1, 2], $notIn: [3], $between: [1, 9] } } });
  void articles.findMany({ filters: { rating: { $gte: 2.5 } } });
  // Exact types take text too (they are compared as exact decimals).
  void articles.findMany({ filters: { big_counter: { $gt: '9007199254740993' }, price: { $lte: '10.50' } } });
  void articles.findMany({ filters: { big_counter: 1, price: 10.5 } });
  // @ts-expect-error: a view count is a number
  void articles.findMany({ filters: { views: { $gt: 'many' } } });
  // @ts-expect-error: text operators do not apply to numbers
  void articles.findMany({ filters: { views: { $contains: '1' } } });
  // @ts-expect-error: text operators do not apply to numbers
  void articles.findMany({ filters: { price: { $eqi: '1' } } });
  // @ts-expect-error: a list of numbers
  void articles.findMany({ filters: { rating: { $in: ['high'] } } });
  // @ts-expect-error: a boolean is not a biginteger
  void articles.findMany({ filters: { big_counter: true } });
}

export function booleanFilters(): void {
  void articles.findMany({ filters: { featured: true } });
  void articles.findMany({ filters: { featured: { $ne: false, $null: false } } });
  // @ts-expect-error: a flag, not text
  void articles.findMany({ filters: { featured: 'yes' } });
  // @ts-expect-error: text operators do not apply to booleans
  void articles.findMany({ filters: { featured: { $startsWith: 't' } } });
}

export function temporalFilters(): void {
  void articles.findMany({ filters: { publish_date: { $gte: '2024-01-01' }, publish_time: { $lt: '12:00' } } });
  // Datetimes also take epoch milliseconds, as the runtime does.
  void articles.findMany({ filters: { event_at: { $lt: 1_700_000_000_000, $gt: '2024-01-01T00:00:00Z' } } });
  void articles.findMany({ filters: { createdAt: { $gt: '2024-01-01' }, updatedAt: { $between: ['2024-01-01', '2025-01-01'] }, publishedAt: { $null: true } } });
  // @ts-expect-error: a date is ISO text, not a number
  void articles.findMany({ filters: { publish_date: 20240101 } });
  // @ts-expect-error: text operators do not apply to dates
  void articles.findMany({ filters: { event_at: { $contains: '2024' } } });
  // @ts-expect-error: a datetime is not a flag
  void articles.findMany({ filters: { createdAt: { $lt: true } } });
}

export function presenceOnlyFilters(): void {
  void articles.findMany({ filters: { metadata: { $null: true }, content: { $notNull: true } } });
  void articles.findMany({ filters: { metadata: { $not: { $null: true } } } });
  // @ts-expect-error: json has no comparable value
  void articles.findMany({ filters: { metadata: { $eq: 'x' } } });
  // @ts-expect-error: json has no comparable value, so no bare value either
  void articles.findMany({ filters: { metadata: 'x' } });
  // @ts-expect-error: blocks have no comparable value
  void articles.findMany({ filters: { content: { $contains: 'x' } } });
}

export function systemFieldFilters(): void {
  void articles.findMany({ filters: { id: { $in: [1, 2] }, documentId: { $startsWith: 'a' } } });
  void categories.findMany({ filters: { locale: 'fr' } });
  // @ts-expect-error: ids are numbers
  void articles.findMany({ filters: { id: 'one' } });
  // @ts-expect-error: articles are not localized
  void articles.findMany({ filters: { locale: 'fr' } });
}

export function privateFieldsAreNotFilters(): void {
  // @ts-expect-error: a password cannot be filtered
  void articles.findMany({ filters: { secret_code: 'x' } });
  // @ts-expect-error: a password cannot be filtered
  void users.findMany({ filters: { password: { $null: true } } });
  // @ts-expect-error: private attributes cannot be filtered
  void users.findMany({ filters: { resetPasswordToken: 'x' } });
  // @ts-expect-error: private attributes cannot be filtered through a relation either
  void documents('plugin::users-permissions.role').findMany({ filters: { users: { confirmationToken: 'x' } } });
  // @ts-expect-error: misspelled attribute
  void articles.findMany({ filters: { titel: 'x' } });
}

export function logicalFilters(): void {
  void articles.findMany({ filters: { $or: [{ title: 'a' }, { views: { $gt: 3 } }], $not: { featured: true } } });
  void articles.findMany({ filters: { $and: [{ title: { $containsi: 'a' } }, [{ views: 1 }, { rating: 2 }]] } });
  // A list at the root is an AND.
  void articles.findMany({ filters: [{ title: 'a' }, { views: 1 }] });
  // On one field: $not, $and, $or over conditions of that field.
  void articles.findMany({ filters: { title: { $not: { $contains: 'x' } }, views: { $or: [{ $lt: 1 }, { $gt: 9 }], $and: { $ne: 5 } } } });
  // @ts-expect-error: $or holds filters of the same type
  void articles.findMany({ filters: { $or: [{ name: 'a' }] } });
  // @ts-expect-error: a field's $not keeps to that field's type
  void articles.findMany({ filters: { views: { $not: { $contains: 'x' } } } });
}

export function traversalFilters(): void {
  void articles.findMany({ filters: { author: { name: { $eq: 'Ada' } } } });
  // Under a relation a bare value, list or comparison operator compares the target's id.
  void articles.findMany({ filters: { author: 3, categories: [1, 2], seo_page: { $null: true } } });
  void articles.findMany({ filters: { author: { id: { $in: [1] }, documentId: 'abc' } } });
  // Cyclic relations: article → categories → articles → author, as deep as written.
  void articles.findMany({ filters: { categories: { articles: { author: { name: { $startsWith: 'A' } } } } } });
  void articles.findMany({ filters: { cover: { mime: { $startsWith: 'image/' } }, gallery: { size: { $gt: 10 } } } });
  void articles.findMany({ filters: { seo: { meta_title: { $containsi: 'x' }, meta_social: { social_network: 'Twitter' } }, blocks_list: { position: 1 } } });
  void articles.findMany({ filters: { author: { $or: [{ name: 'a' }, { email: { $endsWith: '.org' } }] } } });
  // @ts-expect-error: misspelled attribute of the relation's target
  void articles.findMany({ filters: { author: { nmae: 'Ada' } } });
  // @ts-expect-error: wrong value type in the target
  void articles.findMany({ filters: { categories: { position: { $gt: 'x' } } } });
  // @ts-expect-error: dynamic zones cannot be filtered
  void articles.findMany({ filters: { sections: { title: 'x' } } });
  // @ts-expect-error: a bare id under a relation is a number
  void articles.findMany({ filters: { author: 'Ada' } });
  // @ts-expect-error: components have no documentId
  void articles.findMany({ filters: { seo: { documentId: 'x' } } });
}

export function filterAliases(): void {
  const byTitle: ArticleFilters = { title: { $containsi: 'x' }, author: { name: 'Ada' } };
  void articles.findMany({ filters: byTitle });
  // @ts-expect-error: the alias is as strict as the parameter
  const wrong: ArticleFilters = { views: { $containsi: 'x' } };
  void wrong;
}

// ---------------------------------------------------------------------------------------------
// fields

export async function fields(): Promise<void> {
  const two = await articles.findMany({ fields: ['title', 'views'] });
  type _two = Expect<Equal<(typeof two)[number], { id: number; documentId: string; title: string; views: number | null }>>;

  const one = await articles.findFirst({ fields: 'title' });
  type _one = Expect<Equal<typeof one, { id: number; documentId: string; title: string } | null>>;

  const system = await categories.findMany({ fields: ['name', 'locale', 'createdAt'] });
  type _system = Expect<Equal<(typeof system)[number], { id: number; documentId: string; name: string; locale: string; createdAt: string }>>;

  const star = await articles.findMany({ fields: ['*'] });
  type _star = Expect<Equal<(typeof star)[number], ArticleScalars>>;

  const none = await articles.findMany();
  type _none = Expect<Equal<(typeof none)[number], ArticleScalars>>;

  const selected: ArticleFields = ['title', 'slug'];
  void selected;

  // @ts-expect-error: misspelled attribute
  void articles.findMany({ fields: ['title', 'titel'] });
  // @ts-expect-error: a password is never selected
  void articles.findMany({ fields: ['secret_code'] });
  // @ts-expect-error: a relation is populated, not selected
  void articles.findMany({ fields: ['author'] });
  // @ts-expect-error: articles are not localized
  void articles.findMany({ fields: ['locale'] });
  // @ts-expect-error: private attributes are never selected
  void users.findMany({ fields: ['username', 'resetPasswordToken'] });
}

// ---------------------------------------------------------------------------------------------
// sort

export function sort(): void {
  void articles.findMany({ sort: 'title' });
  void articles.findMany({ sort: 'views:desc' });
  void articles.findMany({ sort: ['views:desc', 'title', 'createdAt:asc'] });
  void articles.findMany({ sort: 'author.name:asc' });
  void articles.findMany({ sort: 'seo.share_image.url' });
  void articles.findMany({ sort: { title: 'desc' } });
  void articles.findMany({ sort: [{ views: 'desc' }, 'title', { author: { name: 'asc' } }] });
  // Object notation goes as deep as written.
  void articles.findMany({ sort: { categories: { articles: { author: { name: 'asc' } } } } });
  const byViews: ArticleSort = ['views:desc', { seo: { meta_title: 'asc' } }];
  void byViews;
  // @ts-expect-error: misspelled attribute
  void articles.findMany({ sort: 'titel' });
  // @ts-expect-error: only asc and desc
  void articles.findMany({ sort: 'title:up' });
  // @ts-expect-error: json has no order
  void articles.findMany({ sort: 'metadata' });
  // @ts-expect-error: a password has no order either
  void articles.findMany({ sort: { secret_code: 'asc' } });
  // @ts-expect-error: a relation needs one of its fields
  void articles.findMany({ sort: 'author' });
  // @ts-expect-error: dynamic zones cannot be sorted by
  void articles.findMany({ sort: { sections: { title: 'asc' } } });
  // @ts-expect-error: misspelled attribute of the target
  void articles.findMany({ sort: { author: { nmae: 'asc' } } });
}

// ---------------------------------------------------------------------------------------------
// populate: every notation, and the result it gives

type Cta = Omit<ComponentSectionsCta, 'category'>;
type Hero = Omit<ComponentSectionsHero, 'image'>;
type SeoScalars = Omit<ComponentSharedSeo, 'share_image' | 'meta_social'>;
type Zone = (Hero & { __component: 'sections.hero' }) | (ComponentSectionsRichText & { __component: 'sections.rich-text' }) | (Cta & { __component: 'sections.cta' });
type Flat<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;

export async function populateStar(): Promise<void> {
  const all = await articles.findOne({ documentId: 'a', populate: '*' });
  type Expected = ArticleScalars & {
    cover: UploadFile | null;
    gallery: UploadFile[];
    author: AuthorScalars | null;
    categories: Result<ContentTypes, 'api::category.category'>[];
    seo_page: Result<ContentTypes, 'api::seo-page.seo-page'> | null;
    seo: SeoScalars | null;
    blocks_list: Result<ContentTypes, 'shared.quote'>[];
    sections: Flat<Zone>[];
  };
  type _all = Expect<Equal<typeof all, { [K in keyof Expected]: Expected[K] } | null>>;

  const flag = await articles.findMany({ populate: true });
  type _flag = Expect<Equal<ItemOf<typeof flag>, NonNullable<typeof all>>>;
}

export async function populateStrings(): Promise<void> {
  const one = await articles.findMany({ fields: ['title'], populate: 'author' });
  type _one = Expect<Equal<ItemOf<typeof one>, { id: number; documentId: string; title: string; author: AuthorScalars | null }>>;

  const list = await articles.findMany({ fields: ['title'], populate: ['cover', 'blocks_list'] });
  type _list = Expect<Equal<ItemOf<typeof list>, { id: number; documentId: string; title: string; cover: UploadFile | null; blocks_list: Result<ContentTypes, 'shared.quote'>[] }>>;

  // A dotted path populates each level; a path into a dynamic zone, the components that have it.
  const dotted = await articles.findMany({ fields: ['title'], populate: ['author.avatar', 'sections.image'] });
  type DottedZone = Flat<(Hero & { __component: 'sections.hero'; image: UploadFile | null }) | (ComponentSectionsRichText & { __component: 'sections.rich-text' }) | (Cta & { __component: 'sections.cta' })>;
  type _dotted = Expect<
    Equal<ItemOf<typeof dotted>, { id: number; documentId: string; title: string; author: (AuthorScalars & { avatar: UploadFile | null }) extends infer A ? { [K in keyof A]: A[K] } | null : never; sections: DottedZone[] }>
  >;

  // Unpopulated attributes are absent: reading one is a compile error.
  const plain = await articles.findFirst({ populate: 'author' });
  // @ts-expect-error: categories were not populated
  void plain?.categories;
  void plain?.author?.name;
  // @ts-expect-error: the author's articles were not populated
  void plain?.author?.articles;

  // @ts-expect-error: scalars are not populated
  void articles.findMany({ populate: 'title' });
  // @ts-expect-error: misspelled attribute
  void articles.findMany({ populate: ['author', 'categoris'] });
  // @ts-expect-error: misspelled attribute in a dotted path
  void articles.findMany({ populate: 'author.avatr' });
  // @ts-expect-error: media end a path
  void articles.findMany({ populate: 'cover.folder' });
  // @ts-expect-error: no component of the zone has it
  void articles.findMany({ populate: 'sections.share_image' });
}

export async function populateObjects(): Promise<void> {
  // Nested fields and populate narrow at every level.
  const nested = await articles.findMany({
    fields: ['title'],
    populate: { author: { fields: ['name'], populate: { avatar: { fields: ['url'] } } }, categories: { fields: ['name'], filters: { name: { $startsWith: 'A' } }, sort: 'name:asc' }, seo: true },
  });
  type _nested = Expect<
    Equal<
      ItemOf<typeof nested>,
      {
        id: number;
        documentId: string;
        title: string;
        author: { id: number; documentId: string; name: string; avatar: { id: number; documentId: string; url: string } | null } | null;
        categories: { id: number; documentId: string; name: string }[];
        seo: SeoScalars | null;
      }
    >
  >;

  // Cyclic relations resolve as deep as the query goes.
  const cycle = await authors.findMany({ fields: ['name'], populate: { articles: { fields: ['title'], populate: { author: { fields: ['name'], populate: { articles: { fields: ['slug'] } } } } } } });
  type _cycle = Expect<
    Equal<
      ItemOf<typeof cycle>,
      {
        id: number;
        documentId: string;
        name: string;
        articles: { id: number; documentId: string; title: string; author: { id: number; documentId: string; name: string; articles: { id: number; documentId: string; slug: string | null }[] } | null }[];
      }
    >
  >;

  // `count` on a to-many relation returns the number instead of the rows.
  const counted = await authors.findMany({ fields: ['name'], populate: { articles: { count: true } } });
  type _counted = Expect<Equal<ItemOf<typeof counted>, { id: number; documentId: string; name: string; articles: { count: number } }>>;

  // localizations of a localized type.
  const localized = await categories.findMany({ fields: ['name'], populate: { localizations: { fields: ['locale'] } } });
  type _localized = Expect<Equal<ItemOf<typeof localized>, { id: number; documentId: string; name: string; localizations: { id: number; documentId: string; locale: string }[] }>>;

  // `false` leaves an attribute out.
  const off = await articles.findMany({ fields: ['title'], populate: { author: false, cover: '*' } });
  type _off = Expect<Equal<ItemOf<typeof off>, { id: number; documentId: string; title: string; cover: UploadFile | null }>>;

  const alias: ArticlePopulate = { author: { populate: ['avatar'] }, sections: { on: { 'sections.cta': true } } };
  void alias;

  // @ts-expect-error: misspelled attribute next to a valid one
  void articles.findMany({ populate: { author: true, autor: true } });
  // @ts-expect-error: misspelled field of the target
  void articles.findMany({ populate: { author: { fields: ['nmae'] } } });
  // @ts-expect-error: misspelled option
  void articles.findMany({ populate: { author: { field: ['name'] } } });
  // @ts-expect-error: misspelled attribute in a nested filter
  void articles.findMany({ populate: { author: { filters: { nmae: 'x' } } } });
  // @ts-expect-error: misspelled attribute in a nested populate
  void articles.findMany({ populate: { author: { populate: { avatr: true } } } });
  // @ts-expect-error: count only on to-many relations
  void articles.findMany({ populate: { author: { count: true } } });
  // @ts-expect-error: media take no filters
  void articles.findMany({ populate: { cover: { filters: { url: 'x' } } } });
  // @ts-expect-error: a password is never populated
  void users.findMany({ populate: { password: true } });
  // @ts-expect-error: articles are not localized
  void articles.findMany({ populate: { localizations: true } });
  // @ts-expect-error: status only at the root
  void articles.findMany({ populate: { author: { status: 'draft' } } });
}

export async function populateDynamicZones(): Promise<void> {
  // `on`: per component; components not named return their scalars.
  const on = await articles.findMany({
    fields: ['title'],
    populate: { sections: { on: { 'sections.cta': { fields: ['label'], populate: { category: { fields: ['name'] } } }, 'sections.hero': true } } },
  });
  type _on = Expect<
    Equal<
      ItemOf<typeof on>,
      {
        id: number;
        documentId: string;
        title: string;
        sections: (
          | { __component: 'sections.hero'; id: number; title: string; subtitle: string | null }
          | { __component: 'sections.rich-text'; id: number; body: string | null }
          | { __component: 'sections.cta'; id: number; label: string; category: { id: number; documentId: string; name: string } | null }
        )[];
      }
    >
  >;

  // `populate: '*'` populates every component one level.
  const star = await articles.findMany({ fields: ['title'], populate: { sections: { populate: '*' } } });
  type StarZone = Flat<
    | (Hero & { __component: 'sections.hero'; image: UploadFile | null })
    | (ComponentSectionsRichText & { __component: 'sections.rich-text' })
    | ((Cta & { __component: 'sections.cta'; category: Result<ContentTypes, 'api::category.category'> | null }) extends infer C ? C : never)
  >;
  type _star = Expect<Equal<ItemOf<typeof star>, { id: number; documentId: string; title: string; sections: StarZone[] }>>;

  // @ts-expect-error: not a component of the zone
  void articles.findMany({ populate: { sections: { on: { 'shared.seo': true } } } });
  // @ts-expect-error: zones take `on` and `populate` only
  void articles.findMany({ populate: { sections: { fields: ['title'] } } });
  // @ts-expect-error: misspelled attribute of a component under `on`
  void articles.findMany({ populate: { sections: { on: { 'sections.cta': { fields: ['lable'] } } } } });
}

/** Widens a value to `T` (an assignment to a union-typed const would narrow it back). */
const pick = <T>(value: T): T => value;

export async function populateFromVariables(): Promise<void> {
  // A literal kept with `as const satisfies` types the result precisely.
  const populate = { author: { fields: ['name'] } } as const satisfies ArticlePopulate;
  const precise = await articles.findMany({ fields: ['title'], populate });
  type _precise = Expect<Equal<ItemOf<typeof precise>, { id: number; documentId: string; title: string; author: { id: number; documentId: string; name: string } | null }>>;

  // A variable typed as the whole parameter type selects what only the run time knows: the result
  // says so (every field optional, populated attributes optional and unknown) instead of guessing.
  const wide = pick<ArticlePopulate>('author');
  const wideFields = pick<ArticleFields>(['title']);
  const loose = await articles.findFirst({ fields: wideFields, populate: wide });
  type Loose = NonNullable<typeof loose>;
  type _loose = [
    Expect<Equal<Loose['id'], number>>,
    Expect<Equal<Loose['title'], string | undefined>>,
    Expect<Equal<Loose['author'], unknown>>,
    Expect<Equal<'author' extends keyof Loose ? ({} extends Pick<Loose, 'author'> ? 'optional' : 'required') : 'absent', 'optional'>>,
  ];
  // @ts-expect-error: still only the attributes a query can name
  void loose?.secret_code;
}

// ---------------------------------------------------------------------------------------------
// data

export async function data(): Promise<void> {
  const created = await articles.create({
    data: {
      title: 'Hello',
      kind: 'news',
      views: 1,
      big_counter: '9007199254740993',
      price: '10.50',
      featured: true,
      event_at: '2024-01-01T00:00:00Z',
      metadata: { any: ['json'] },
      secret_code: 'writable, never readable',
      author: 'author-document-id',
      categories: { connect: [{ documentId: 'c1', position: { before: 'c2' } }, 'c3'], disconnect: ['c4'] },
      seo_page: null,
      cover: 3,
      gallery: [1, { id: 2 }],
      seo: { meta_title: 'Title', meta_social: [{ social_network: 'Twitter', title: 'T' }], share_image: 4 },
      blocks_list: [{ title: 'Quote' }],
      sections: [{ __component: 'sections.cta', label: 'Go', category: 'category-id' }, { __component: 'sections.rich-text', body: 'text' }],
    },
    fields: ['title'],
  });
  type _created = Expect<Equal<typeof created, { id: number; documentId: string; title: string }>>;

  const full: ArticleData = { title: 'x', categories: ['a', 'b'], author: { set: ['a'] } };
  void full;
  // Media changes, as Strapi 5.54 takes them.
  const mediaChanges: ArticleData = { title: 'x', cover: { connect: [3] }, gallery: { connect: [1, { id: 2 }], disconnect: 4 } };
  void mediaChanges;
  // @ts-expect-error: media changes are connect, disconnect and set
  void articles.create({ data: { title: 'x', gallery: { add: [1] } } });

  // @ts-expect-error: title is required on create
  void articles.create({ data: { views: 1 } });
  // @ts-expect-error: a required attribute cannot be null
  void articles.create({ data: { title: null } });
  // @ts-expect-error: wrong scalar type
  void articles.create({ data: { title: 'x', views: 'many' } });
  // @ts-expect-error: not one of the enumeration's values
  void articles.create({ data: { title: 'x', kind: 'gossip' } });
  // @ts-expect-error: misspelled attribute
  void articles.create({ data: { title: 'x', titel: 'y' } });
  // @ts-expect-error: a to-one relation takes one document
  void articles.create({ data: { title: 'x', author: ['a', 'b'] } });
  // @ts-expect-error: relation changes are connect, disconnect and set
  void articles.create({ data: { title: 'x', categories: { add: ['a'] } } });
  // @ts-expect-error: media are file ids
  void articles.create({ data: { title: 'x', cover: 'cover.png' } });
  // @ts-expect-error: a component's required attributes are required
  void articles.create({ data: { title: 'x', seo: { meta_description: 'd' } } });
  // @ts-expect-error: a zone entry names its component
  void articles.create({ data: { title: 'x', sections: [{ label: 'Go' }] } });
  // @ts-expect-error: not a component of the zone
  void articles.create({ data: { title: 'x', sections: [{ __component: 'shared.seo', meta_title: 'x' }] } });
  // @ts-expect-error: the cta's label is required
  void articles.create({ data: { title: 'x', sections: [{ __component: 'sections.cta', url: '/' }] } });

  // Update: everything optional; null clears what is not required.
  const updated = await articles.update({ documentId: 'a', data: { views: null, summary: 'new', author: null }, populate: ['author'] });
  type _updated = Expect<Equal<typeof updated, (ArticleScalars & { author: AuthorScalars | null }) extends infer T ? { [K in keyof T]: T[K] } | null : never>>;
  // @ts-expect-error: a required attribute cannot be cleared
  void articles.update({ documentId: 'a', data: { title: null } });
  // @ts-expect-error: collection types need the documentId
  void articles.update({ data: { views: 1 } });
  // Single types address their one document.
  void homepage.update({ data: { tagline: 'x' } });

  // Users: the password is writable, never readable.
  void users.create({ data: { username: 'u', email: 'u@x.org', password: 'secret', role: 1 } });
}

// ---------------------------------------------------------------------------------------------
// method return types and the other parameters

export function methods(): void {
  const titles = { fields: ['title'] } as const;
  type Doc = { id: number; documentId: string; title: string };
  const findMany = articles.findMany({ ...titles, status: 'published', locale: 'en', pagination: { page: 1, pageSize: 10 }, _q: 'x', publicationFilter: 'modified' });
  const offset = articles.findMany({ start: 0, limit: 5, pagination: { start: 0, limit: 5, withCount: false } });
  const findFirst = articles.findFirst(titles);
  const findOne = articles.findOne({ documentId: 'a', ...titles });
  const create = articles.create({ data: { title: 'x' }, ...titles });
  const update = articles.update({ documentId: 'a', data: {}, ...titles });
  const remove = articles.delete({ documentId: 'a', ...titles });
  const count = articles.count({ filters: { views: { $gt: 1 } }, status: 'draft' });
  const publish = articles.publish({ documentId: 'a', ...titles });
  const unpublish = articles.unpublish({ documentId: 'a', ...titles });
  const discard = articles.discardDraft({ documentId: 'a', ...titles });
  type _methods = [
    Expect<Equal<typeof findMany, Promise<Doc[]>>>,
    Expect<Equal<typeof offset, Promise<ArticleScalars[]>>>,
    Expect<Equal<typeof findFirst, Promise<Doc | null>>>,
    Expect<Equal<typeof findOne, Promise<Doc | null>>>,
    Expect<Equal<typeof create, Promise<Doc>>>,
    Expect<Equal<typeof update, Promise<Doc | null>>>,
    Expect<Equal<typeof remove, Promise<{ documentId: string; entries: Doc[] }>>>,
    Expect<Equal<typeof count, Promise<number>>>,
    Expect<Equal<typeof publish, Promise<{ documentId: string; entries: Doc[] }>>>,
    Expect<Equal<typeof unpublish, Promise<{ documentId: string; entries: Doc[] }>>>,
    Expect<Equal<typeof discard, Promise<{ documentId: string; entries: Doc[] }>>>,
  ];

  // @ts-expect-error: findOne needs the documentId
  void articles.findOne({ fields: ['title'] });
  // @ts-expect-error: status is draft or published
  void articles.findMany({ status: 'live' });
  // @ts-expect-error: count takes no sort
  void articles.count({ sort: 'title' });
  // @ts-expect-error: not a publication filter
  void articles.findMany({ publicationFilter: 'sometimes' });
}
