// Type tests of the emitted client SDK (fixtures/strapi-blog/app/client): REST names, filters,
// fields, sort, populate and data are checked against the client's registry, and results follow
// `fields` and `populate` as the server's typed Document Service does. Nothing here runs:
// `npm run typecheck` compiles it. Each `@ts-expect-error` line carries exactly one mistake.
import {
  createClient,
  StrapiClientError,
  type ArticleFilters,
  type ListResponse,
  type StrapiErrorBody,
  type UploadFile,
  type User,
} from '../../fixtures/strapi-blog/app/client/src/index';
import type { Equal, Expect } from './type-assert';

const client = createClient({ baseURL: 'http://localhost:1337/api', auth: 'token' });
const articles = client.collection('articles');

/** `data` items of a find, `data` of the other calls. */
type ListItem<P> = Awaited<P> extends ListResponse<infer T> ? T : never;
type DataOf<P> = Awaited<P> extends { data: infer T } ? T : never;

export function names(): void {
  client.collection('authors');
  client.single('homepage');
  // @ts-expect-error: collection types are named by their plural API name
  client.collection('article');
  // @ts-expect-error: a single type is not a collection
  client.collection('homepage');
  // @ts-expect-error: a collection is not a single type
  client.single('articles');
  // @ts-expect-error: internal types are not in the client's registry
  client.collection('api-tokens');
}

export function filters(): void {
  void articles.find({ filters: { title: { $containsi: 'x' }, views: { $gte: 3 }, author: { name: 'Ann' }, categories: { name: { $in: ['a'] } } } });
  void articles.find({ filters: { $or: [{ title: 'a' }, { kind: 'news' }] } });
  // @ts-expect-error: misspelled attribute
  void articles.find({ filters: { titel: 'x' } });
  // @ts-expect-error: no such operator
  void articles.find({ filters: { title: { $like: 'x' } } });
  // @ts-expect-error: text operators only on text fields
  void articles.find({ filters: { views: { $contains: '3' } } });
  // @ts-expect-error: a string is not an integer
  void articles.find({ filters: { views: { $gt: 'three' } } });
  // @ts-expect-error: not one of the enumeration's values
  void articles.find({ filters: { kind: 'gossip' } });
  // @ts-expect-error: private attributes cannot be filtered
  void articles.find({ filters: { secret_code: 'x' } });
  // @ts-expect-error: misspelled attribute under a relation
  void articles.find({ filters: { author: { nam: 'Ann' } } });
  const typed: ArticleFilters = { title: 'x' };
  void articles.find({ filters: typed });
}

export function selection(): void {
  void articles.find({ sort: ['views:desc', 'author.name'], pagination: { page: 1, pageSize: 10 }, status: 'draft', locale: 'en', _q: 'hello' });
  // @ts-expect-error: unknown field
  void articles.find({ fields: ['title', 'nope'] });
  // @ts-expect-error: unknown sort field
  void articles.find({ sort: 'nope:asc' });
  // @ts-expect-error: populate of an unknown relation
  void articles.find({ populate: { autor: true } });
  // @ts-expect-error: populate of an unknown relation (string notation)
  void articles.find({ populate: ['autor'] });
  // @ts-expect-error: scalars cannot be populated
  void articles.find({ populate: { title: true } });
  // @ts-expect-error: no such status
  void articles.find({ status: 'archived' });
}

export function results(): void {
  const list = articles.find({ fields: ['title', 'views'], populate: { author: { fields: ['name'] }, cover: { fields: ['url'] } } });
  type _list = Expect<
    Equal<
      ListItem<typeof list>,
      { id: number; documentId: string; title: string; views: number | null; author: { id: number; documentId: string; name: string } | null; cover: { id: number; documentId: string; url: string } | null }
    >
  >;
  const one = articles.findOne('doc', { fields: ['title'], populate: ['categories'] });
  type Category = DataOf<typeof one>['categories'][number];
  type _one = Expect<Equal<keyof DataOf<typeof one>, 'id' | 'documentId' | 'title' | 'categories'>>;
  type _category = Expect<Equal<Category['name'], string>>;
  const plain = articles.findOne('doc');
  // Not populated, not there: reading it is an error instead of an undefined.
  // @ts-expect-error: author was not populated
  void plain.then((r) => r.data.author);
  const home = client.single('homepage').find({ fields: ['tagline'] });
  type _home = Expect<Equal<DataOf<typeof home>, { id: number; documentId: string; tagline: string | null }>>;
  const meta = articles.find().then((r) => r.meta.pagination.total);
  type _meta = Expect<Equal<Awaited<typeof meta>, number>>;
}

export function writes(): void {
  void articles.create({ title: 'x', author: 'doc', categories: { connect: ['a', { documentId: 'b', position: { start: true } }] }, cover: 1, sections: [{ __component: 'sections.cta', label: 'Go', url: '/' }] });
  void articles.update('doc', { views: 3 });
  // @ts-expect-error: title is required on create
  void articles.create({ views: 1 });
  // @ts-expect-error: a string is not an integer
  void articles.update('doc', { views: 'three' });
  // @ts-expect-error: unknown attribute
  void articles.update('doc', { titel: 'x' });
  void client.single('homepage').update({ title: 'Home' });
  const created = articles.create({ title: 'x' }, { fields: ['title'] });
  type _created = Expect<Equal<DataOf<typeof created>, { id: number; documentId: string; title: string }>>;
}

export async function filesAndAuth(): Promise<void> {
  const [file] = await client.files.upload(new Blob(['x']), { fileInfo: { alternativeText: 'x' } });
  type _file = Expect<Equal<typeof file, UploadFile>>;
  void client.files.find({ filters: { mime: { $startsWith: 'image/' } } });
  // @ts-expect-error: files have no such attribute
  void client.files.find({ filters: { mimetype: 'image/png' } });
  const me = await client.auth.me();
  type _me = Expect<Equal<typeof me, User>>;
  // @ts-expect-error: login takes an identifier, not an email
  void client.auth.login({ email: 'a@b.c', password: 'x' });
}

export function errors(error: unknown): void {
  if (error instanceof StrapiClientError) {
    type _envelope = Expect<Equal<typeof error.error, StrapiErrorBody>>;
    type _status = Expect<Equal<typeof error.status, number>>;
  }
}

/** The five-line front-end example of docs/clients.md, as written there. */
export async function docsExample(): Promise<void> {
  const { data } = await client.collection('articles').find({ fields: ['title', 'slug'], populate: { cover: { fields: ['url'] } }, sort: 'publish_date:desc' });
  for (const article of data) {
    type _title = Expect<Equal<typeof article.title, string>>;
    type _url = Expect<Equal<typeof article.cover, { id: number; documentId: string; url: string } | null>>;
    // @ts-expect-error: summary was not selected
    void article.summary;
  }
}
