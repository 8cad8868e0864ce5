// Overrides find (through `core`, typed) and findOne (through `super`, as Strapi code does), and
// adds actions for the custom routes.
import { factories } from '../../../../../fixtures/strapi-blog/app/src/factories';

export default factories.createCoreController('api::article.article', ({ strapi, core }) => ({
  async find(ctx) {
    // `core` is typed: a misspelled action does not compile (tsc checks this file).
    // @ts-expect-error the core controller has no action `fnd`
    void core.fnd;
    const res = (await core.find(ctx)) as { data: unknown[]; meta: Record<string, unknown> };
    return { ...res, meta: { ...res.meta, customized: true } };
  },
  async findOne(ctx) {
    const res = (await super.findOne(ctx)) as { data: unknown; meta: Record<string, unknown> };
    return { ...res, meta: { viaSuper: true } };
  },
  ping(ctx) {
    return { pong: true, user: ctx.state.user?.username ?? null, requestTag: ctx.state.tag ?? null };
  },
  echo(ctx) {
    ctx.status = 202;
    return { body: ctx.request.body as unknown };
  },
  async featuredCount(ctx) {
    // `this` is the controller: a sibling action is reached through it.
    const { data } = (await this.featuredList(ctx)) as { data: unknown[] };
    return { count: data.length };
  },
  async featuredList() {
    const { results } = await strapi.service('api::article.article').find({ filters: { featured: true } });
    return { data: results };
  },
}));
