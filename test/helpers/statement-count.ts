// Counts the SQL statements a request runs for its content, leaving out the app's housekeeping.
//
// `db.stats.queries` counts everything on the handle, including statements the request does not
// cause or that only some requests run: the role permissions and the locale codes are re-read when
// their 2-second caches expire (on a loaded machine, in the middle of a counted request), and cron
// claims run on timers. A test that pins "one statement per
// populated relation" must not fail because a cache expired, so those tables are left out here.
import type { Db } from '@cms-gen/db/types';

const HOUSEKEEPING = /\b(?:up_permissions|up_roles|admin_permissions|admin_roles|i18n_locale|strapi_api_tokens|_cms_\w+)\b/;

/** Runs `request` and returns its result with the content statements it ran. */
export async function contentStatements<T>(db: Db, request: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const seen: string[] = [];
  const query = jest.spyOn(db, 'query').mockName('query');
  const execute = jest.spyOn(db, 'execute').mockName('execute');
  try {
    const result = await request();
    for (const [sql] of [...query.mock.calls, ...execute.mock.calls]) if (!HOUSEKEEPING.test(sql)) seen.push(sql);
    return { result, statements: seen };
  } finally {
    query.mockRestore();
    execute.mockRestore();
  }
}
