// Counts the SQL statements a request runs for its content, leaving out the app's housekeeping.
//
// `db.stats.queries` counts everything on the handle, including statements the request does not
// cause or that only some requests run: the role permissions and the locale codes are re-read when
// their 2-second caches expire (on a loaded machine, in the middle of a counted request), and cron
// claims run on timers. A test that pins "one statement per
// populated relation" must not fail because a cache expired, so those tables are left out here.
//
// A page count is one statement whatever the count cache holds. The cache probes the database's
// version before serving a count it holds, and that probe hits or misses with other suites' writes
// (PostgreSQL's snapshot is cluster-wide). Here the probe is answered as a miss and left out, so
// each count runs its one counting statement (which stores the real version again).
import type { Db, Row, SqlValue } from '@cms-gen/db/types';
import { versionProbe } from '@cms-gen/core/engine/count-cache';

const HOUSEKEEPING = /\b(?:up_permissions|up_roles|admin_permissions|admin_roles|i18n_locale|strapi_api_tokens|_cms_\w+)\b/;

/** Runs `request` and returns its result with the content statements it ran. */
export async function contentStatements<T>(db: Db, request: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const seen: string[] = [];
  const probe = versionProbe(db.dialect);
  const realQuery = db.query.bind(db);
  const query = jest
    .spyOn(db, 'query')
    .mockName('query')
    .mockImplementation((text: string, params?: readonly SqlValue[]): Promise<Row[]> =>
      text === probe ? Promise.resolve([{ v: 'probe answered as a miss while statements are counted' }]) : realQuery(text, params),
    );
  const execute = jest.spyOn(db, 'execute').mockName('execute');
  try {
    const result = await request();
    for (const [sql] of [...query.mock.calls, ...execute.mock.calls]) if (sql !== probe && !HOUSEKEEPING.test(sql)) seen.push(sql);
    return { result, statements: seen };
  } finally {
    query.mockRestore();
    execute.mockRestore();
  }
}
