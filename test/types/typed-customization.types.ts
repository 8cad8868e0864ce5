// Type tests of user code typed by its content type: a service file's added methods are callable,
// typed, through `strapi.service(uid)`; a Document Service middleware's context and a lifecycle's
// event carry the type's input as `params.data`, narrowed by uid and action. Compiled by
// typecheck only (fixtures/strapi-blog/app/src/factories.ts is the registry under test).
import type { ArticleData, ArticleUpdateData, CategoryData } from '../../fixtures/strapi-blog/app/src/content-types';
import type { Lifecycles, Strapi } from '../../fixtures/strapi-blog/app/src/factories';
import type { Article } from '../../fixtures/strapi-blog/app/src/types';
import type { Equal, Expect } from './type-assert';

export async function services(strapi: Strapi): Promise<void> {
  // The method src/api/article/services/article.ts adds, with its own signature.
  const cheap = strapi.service('api::article.article').countByPrice(10);
  type _count = Expect<Equal<typeof cheap, Promise<number>>>;
  // @ts-expect-error: countByPrice takes a number
  await strapi.service('api::article.article').countByPrice('10');
  // @ts-expect-error: the author's service has no such method (its service file adds none)
  await strapi.service('api::author.author').countByPrice(10);
  // The core methods stay, typed by the content type (test/types/typed-rest.types.ts).
  const page = await strapi.service('api::article.article').find();
  type _core = Expect<Equal<(typeof page.results)[number]['title'], Article['title']>>;
}

export function middleware(strapi: Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (ctx.uid === 'api::article.article' && ctx.action === 'create') {
      type _create = Expect<Equal<typeof ctx.params.data, ArticleData | undefined>>;
      // @ts-expect-error: not an attribute of Article
      void ctx.params.data?.titel;
    }
    if (ctx.uid === 'api::article.article' && ctx.action === 'update') {
      type _update = Expect<Equal<typeof ctx.params.data, ArticleUpdateData | undefined>>;
    }
    if (ctx.action === 'findMany') {
      type _read = Expect<Equal<typeof ctx.params.data, undefined>>;
    }
    // @ts-expect-error: not a content type of the app
    if (ctx.uid === 'api::nope.nope') return next();
    return next();
  });
}

export const categoryLifecycles = {
  beforeCreate(event) {
    type _data = Expect<Equal<typeof event.params.data, CategoryData | undefined>>;
    type _uid = Expect<Equal<typeof event.model.uid, 'api::category.category'>>;
    // @ts-expect-error: a category has a name, not a title
    void event.params.data?.title;
  },
  afterFindMany(event) {
    type _none = Expect<Equal<typeof event.params.data, undefined>>;
  },
} satisfies Lifecycles<'api::category.category'>;

// @ts-expect-error: lifecycle names are checked
export const misspelt = { beforeCreat() {} } satisfies Lifecycles<'api::category.category'>;

export function subscribe(strapi: Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: ['api::article.article', 'api::category.category'],
    beforeCreate(event) {
      // One event type per model: the data is the input of one of them.
      type _uid = Expect<Equal<typeof event.model.uid, 'api::article.article' | 'api::category.category'>>;
      type _data = Expect<Equal<typeof event.params.data, ArticleData | CategoryData | undefined>>;
    },
  });
  // @ts-expect-error: not a content type of the app
  strapi.db.lifecycles.subscribe({ models: ['api::nope.nope'] });
}
