// Type tests of strapi.cron in user code: a task added from src/index.ts receives the app's typed
// `strapi` and its run's time, and the schedule forms are checked. Compiled by typecheck only.
import type { Strapi } from '../../fixtures/strapi-blog/app/src/factories';
import type { CronTasks } from '@cms-gen/runtime';
import type { Equal, Expect } from './type-assert';

export function bootstrap({ strapi }: { strapi: Strapi }): void {
  strapi.cron
    .add({
      countArticles: {
        task: async ({ strapi: app }, tick) => {
          type _tick = Expect<Equal<typeof tick, Date>>;
          const published = await app.documents('api::article.article').count({ status: 'published' });
          app.log.info(`${published} published at ${tick.toISOString()}`);
          // @ts-expect-error: not an attribute of Article
          await app.documents('api::article.article').findMany({ fields: ['titel'] });
        },
        options: { rule: '0 0 * * * *', tz: 'Europe/Paris', start: new Date(), end: '2030-01-01' },
      },
      '*/5 * * * *': ({ strapi: app }) => app.log.debug('every five minutes'),
      once: { task: () => undefined, options: new Date(Date.now() + 60_000) },
      objectRule: { task: () => undefined, options: { hour: 14, minute: 30, dayOfWeek: [1, { start: 3, end: 5 }] } },
    })
    .remove('countArticles');
  const names: Array<string | null> = strapi.cron.jobs.map((spec) => spec.name);
  void names;
  // @ts-expect-error: options is required
  strapi.cron.add({ noOptions: { task: () => undefined } });
  // @ts-expect-error: Strapi's key is tz, not timezone
  strapi.cron.add({ misspelled: { task: () => undefined, options: { rule: '* * * * *', timezone: 'UTC' } } });
}

// Tasks kept in their own module (src/cron-tasks.ts) type `strapi` through CronTasks.
export const tasks: CronTasks<Strapi> = {
  nightly: { task: ({ strapi }) => void strapi.documents('api::author.author').findMany({ fields: ['name'] }), options: '0 0 3 * * *' },
};
