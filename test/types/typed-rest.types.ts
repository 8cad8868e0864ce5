// Type tests of the emitted per-type REST files of the fixture (src/api/<api>/{controller,service,
// router,query}.ts): each is the runtime's generic piece bound to its content type and typed by it,
// and `strapi.service(uid)` answers the same types. Compiled by typecheck only.
import type { ArticleData, ContentTypes } from '../../fixtures/strapi-blog/app/src/content-types';
import type { Strapi } from '../../fixtures/strapi-blog/app/src/factories';
import { articleController } from '../../fixtures/strapi-blog/app/src/api/article/controller';
import { articleQuery } from '../../fixtures/strapi-blog/app/src/api/article/query';
import { articleRoutes } from '../../fixtures/strapi-blog/app/src/api/article/router';
import { articleService } from '../../fixtures/strapi-blog/app/src/api/article/service';
import { homepageController } from '../../fixtures/strapi-blog/app/src/api/homepage/controller';
import { homepageService } from '../../fixtures/strapi-blog/app/src/api/homepage/service';
import type { Article, Category, Homepage } from '../../fixtures/strapi-blog/app/src/types';
import type { QueryCompiler, RequestContext, Result, StrapiApp, TypedCollectionService } from '@cms-gen/runtime';
import type { Equal, Expect, ItemOf } from './type-assert';

type ArticleUid = 'api::article.article';

export async function service(strapi: StrapiApp): Promise<void> {
  const articles = articleService({ strapi });
  type _service = Expect<Equal<typeof articles, TypedCollectionService<ContentTypes, ArticleUid>>>;
  const page = await articles.find({ filters: { title: { $containsi: 'x' } }, sort: 'title:asc' });
  // A list answers Articles: their attributes, typed as src/types.ts has them.
  type _title = Expect<Equal<ItemOf<typeof page.results>['title'], Article['title']>>;
  // `fields` and `populate` shape the answer, as with strapi.documents(uid).
  const shaped = await articles.findOne('abc', { fields: ['title'], populate: { categories: true } });
  type _shaped = Expect<Equal<NonNullable<typeof shaped>['categories'], Result<ContentTypes, 'api::category.category'>[]>>;
  // @ts-expect-error: Article has no attribute `titel`
  await articles.find({ filters: { titel: { $eq: 'x' } } });
  // @ts-expect-error: a category has a name, not a title
  await articles.find({ populate: { categories: { fields: ['title'] } } });
  const data: ArticleData = { title: 'x' };
  const created = await articles.create({ data });
  type _created = Expect<Equal<typeof created.slug, Article['slug']>>;
  // @ts-expect-error: `views` is a number
  await articles.update('abc', { data: { views: 'many' } });

  const home = await homepageService({ strapi }).find();
  type _home = Expect<Equal<NonNullable<typeof home>['title'], Homepage['title']>>;
  // @ts-expect-error: a single type has no findOne
  void homepageService({ strapi }).findOne;
}

export async function appService(strapi: Strapi): Promise<void> {
  // strapi.service(uid) is the emitted service's type (with the service file's own methods).
  const page = await strapi.service('api::article.article').find({ populate: { categories: true } });
  type _categories = Expect<Equal<ItemOf<typeof page.results>['categories'][number]['name'], Category['name']>>;
  const categories = await strapi.service('api::category.category').find();
  type _name = Expect<Equal<ItemOf<typeof categories.results>['name'], Category['name']>>;
  // @ts-expect-error: filters are checked against the type's attributes
  await strapi.service('api::category.category').find({ filters: { title: 'x' } });
}

export async function controller(strapi: StrapiApp, ctx: RequestContext): Promise<void> {
  const list = await articleController({ strapi }).find(ctx);
  type _list = Expect<Equal<ItemOf<typeof list.data>['title'], Article['title']>>;
  type _meta = Expect<Equal<keyof typeof list.meta, 'pagination'>>;
  const one = await homepageController({ strapi }).find(ctx);
  type _one = Expect<Equal<typeof one.data.title, Homepage['title']>>;
  // @ts-expect-error: a single type's controller has no findOne
  void homepageController({ strapi }).findOne;
}

export function routesAndQuery(): void {
  type _uid = Expect<Equal<typeof articleRoutes.uid, ArticleUid>>;
  type _query = Expect<Equal<typeof articleQuery, QueryCompiler<ContentTypes, ArticleUid>>>;
  type _queryUid = Expect<Equal<typeof articleQuery.uid, ArticleUid>>;
}
