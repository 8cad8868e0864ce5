// Type tests of what user files see: `strapi` in src/index.ts hooks and in controller/service
// factories (fixtures/strapi-blog/app/src/factories.ts) is typed from the generated registry, so a
// custom controller's Document Service call is checked like any other. Compiled by typecheck only.
import { factories, type Strapi } from '../../fixtures/strapi-blog/app/src/factories';
import type { Equal, Expect, ItemOf } from './type-assert';

export async function hooks({ strapi }: { strapi: Strapi }): Promise<void> {
  const titles = await strapi.documents('api::article.article').findMany({ fields: ['title'], populate: { author: { fields: ['name'] } } });
  type Row = ItemOf<typeof titles>;
  type _row = Expect<Equal<Row['title'], string>>;
  type _author = Expect<Equal<NonNullable<Row['author']>['name'], string>>;
  // @ts-expect-error: not an attribute of Article
  await strapi.documents('api::article.article').findMany({ fields: ['titel'] });
  // @ts-expect-error: $containsi is a text operator; views is an integer
  await strapi.documents('api::article.article').findMany({ filters: { views: { $containsi: '1' } } });
  // @ts-expect-error: not a content type of the app
  strapi.documents('api::nope.nope');
  strapi.documents.use(async (ctx, next) => {
    type _action = Expect<Equal<typeof ctx.action, 'findMany' | 'findFirst' | 'findOne' | 'count' | 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft'>>;
    return next();
  });
  strapi.db.lifecycles.subscribe({ models: ['api::article.article'], beforeCreate: (event) => void event.params.data });
  // @ts-expect-error: lifecycle names are checked
  strapi.db.lifecycles.subscribe({ beforeCreat: () => undefined });
}

export const controller = factories.createCoreController('api::author.author', ({ strapi }) => ({
  async named() {
    const found = await strapi.documents('api::author.author').findFirst({ filters: { name: { $startsWith: 'A' } }, fields: ['name'] });
    type _found = Expect<Equal<NonNullable<typeof found>['name'], string>>;
    // @ts-expect-error: the author has no title
    await strapi.documents('api::author.author').findFirst({ fields: ['title'] });
    return { data: found };
  },
}));
