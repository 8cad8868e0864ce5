// Experiment knob, off by default: BENCH_EXTRA_INDEXES=1 adds indexes the generated schema does not
// (yet) have to BOTH servers' copies, to show what the ratio becomes once SQLite stops being the
// bottleneck. Measured on the seeded data: the pagination COUNT(*) over published rows scans the
// whole articles table (~9 ms of a ~10.5 ms populated page) without an index on published_at, and
// the next inverse_position on create reads every link row of the target without
// (target_document_id, inverse_position).
//
// Applied after both servers are up: the app's migration would drop indexes its Prisma schema does
// not declare, and SQLite re-prepares the servers' statements when the schema changes, so both pick
// the new indexes up.
import Database from 'better-sqlite3';

export const EXTRA_INDEXES = [
  'CREATE INDEX IF NOT EXISTS bench_articles_published_at_idx ON articles (published_at)',
  'CREATE INDEX IF NOT EXISTS bench_articles_author_lnk_inverse_idx ON articles_author_lnk (target_document_id, inverse_position)',
  'CREATE INDEX IF NOT EXISTS bench_articles_categories_lnk_inverse_idx ON articles_categories_lnk (target_document_id, inverse_position)',
];

export function extraIndexesEnabled(): boolean {
  return process.env.BENCH_EXTRA_INDEXES === '1';
}

export function addExtraIndexes(files: string[]): void {
  for (const file of files) {
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      for (const sql of EXTRA_INDEXES) db.exec(sql);
    } finally {
      db.close();
    }
  }
}
