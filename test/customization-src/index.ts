// Records the app hooks in order, with what `strapi` offers at each point.
import type { Strapi } from '../../fixtures/strapi-blog/app/src/factories';

export const hookCalls: string[] = [];

export default {
  register({ strapi }: { strapi: Strapi }) {
    hookCalls.push(`register:${typeof strapi.service('api::article.article').find}`);
  },
  async bootstrap({ strapi }: { strapi: Strapi }) {
    const { results } = await strapi.service('api::author.author').find({});
    hookCalls.push(`bootstrap:${results.length}`);
  },
  destroy() {
    hookCalls.push('destroy');
  },
};
