// Which instance runs a task's scheduled run. Every instance keeps the same timers and, when one
// fires, tries to claim the run in the shared database; the one whose claim succeeds runs it.
//
// `_cms_cron_tasks` holds one row per task: the scheduled time (`tick`, epoch ms) of its latest
// claimed run, the instance running it, and when that run last reported (`heartbeat_at`) and
// finished. A claim is one conditional UPDATE, a compare-and-set the database serializes on the
// task's row (PostgreSQL and MySQL re-check the WHERE clause on the row's latest version after
// waiting for its lock; SQLite writes one transaction at a time, across processes too):
//
//   tick < :tick                         a run is claimed once, and never one older than the
//                                        latest claimed (an instance whose clock lags, or whose
//                                        timer fired late, finds it taken); a latest claimed
//                                        time over an hour ahead of the claimer's clock was set
//                                        by a wrong clock and is passed over
//   finished_at IS NOT NULL              the task's previous run is over: runs of one task never
//   or heartbeat_at < :now - staleAfter  overlap across instances, unless its instance stopped
//                                        reporting (died): then the run is taken over
//
// So the identity of a run is its scheduled time, not the moment an instance's timer fired:
// instances whose clocks differ by less than the task's interval claim the same run. The first
// run of a task inserts its row (INSERT … ON CONFLICT DO NOTHING / INSERT IGNORE); one row per task
// means the table never grows with the runs. No advisory lock is taken (the table's creation aside).
import { lockedTransaction } from '@cms-gen/core/db/database-lock';
import type { Db, DialectName } from '@cms-gen/db/types';

export const CRON_TABLE = '_cms_cron_tasks';

/** How a claimed run ended: `interrupted` when the app closed before the task did. */
export type RunOutcome = 'done' | 'failed' | 'interrupted';

export interface Claim {
  /** The previous run had not finished and its instance had stopped reporting: this claim took it over. */
  readonly tookOver: boolean;
  /** Reports the run alive; false when the run is no longer this instance's (it was taken over). */
  heartbeat(): Promise<boolean>;
  finish(outcome: RunOutcome): Promise<void>;
}

export interface CronClaims {
  /** The claim of the run of `task` scheduled at `tick`, or null when another instance has it (or the task is still running). */
  claim(task: string, tick: Date): Promise<Claim | null>;
}

const CREATE_TABLE: Record<DialectName, string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS "${CRON_TABLE}" ("task" TEXT PRIMARY KEY, "tick" INTEGER NOT NULL, "instance" TEXT NOT NULL, "started_at" INTEGER NOT NULL, "heartbeat_at" INTEGER NOT NULL, "finished_at" INTEGER, "outcome" TEXT)`,
  postgres: `CREATE TABLE IF NOT EXISTS "${CRON_TABLE}" ("task" VARCHAR(255) PRIMARY KEY, "tick" BIGINT NOT NULL, "instance" VARCHAR(255) NOT NULL, "started_at" BIGINT NOT NULL, "heartbeat_at" BIGINT NOT NULL, "finished_at" BIGINT, "outcome" VARCHAR(16))`,
  // utf8mb4_bin: task names are compared as written ("Sync" and "sync" are two tasks, as in JavaScript).
  mysql: `CREATE TABLE IF NOT EXISTS \`${CRON_TABLE}\` (\`task\` VARCHAR(255) COLLATE utf8mb4_bin PRIMARY KEY, \`tick\` BIGINT NOT NULL, \`instance\` VARCHAR(255) NOT NULL, \`started_at\` BIGINT NOT NULL, \`heartbeat_at\` BIGINT NOT NULL, \`finished_at\` BIGINT NULL, \`outcome\` VARCHAR(16) NULL) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
};

/**
 * A claimed time this far ahead of the claimer's clock was claimed by an instance whose clock was
 * wrong (runs are claimed when they are due, so never ahead of a right clock): it no longer holds
 * the task back, or a clock once set a year ahead would stop the task for a year.
 */
export const FUTURE_TICK_MS = 3_600_000;

const INSERT_VERB: Record<DialectName, [string, string]> = {
  sqlite: ['INSERT OR IGNORE INTO', ''],
  postgres: ['INSERT INTO', ' ON CONFLICT DO NOTHING'],
  mysql: ['INSERT IGNORE INTO', ''],
};

export interface DatabaseClaimsOptions {
  /** Names this process in the table (host, pid and a random part). */
  instance: string;
  /** A run that has not reported for this long is presumed dead and may be taken over. */
  staleAfterMs: number;
  /** The wall clock (epoch ms) of the times written and compared; tests pass their own. */
  now?: () => number;
}

export class DatabaseClaims implements CronClaims {
  private table: Promise<void> | undefined;
  /** Tasks whose row is known to exist: their claims skip the INSERT. */
  private readonly rows = new Set<string>();
  private readonly sql: { claimFree: string; claimStale: string; insert: string; heartbeat: string; finish: string };
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: DatabaseClaimsOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    const q = (name: string) => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
    const t = q(CRON_TABLE);
    const set = `SET ${q('tick')} = ?, ${q('instance')} = ?, ${q('started_at')} = ?, ${q('heartbeat_at')} = ?, ${q('finished_at')} = NULL, ${q('outcome')} = NULL`;
    const mine = `${q('task')} = ? AND ${q('tick')} = ? AND ${q('instance')} = ?`;
    const [insert, onConflict] = INSERT_VERB[db.dialect];
    this.sql = {
      claimFree: `UPDATE ${t} ${set} WHERE ${q('task')} = ? AND (${q('tick')} < ? OR ${q('tick')} > ?) AND ${q('finished_at')} IS NOT NULL`,
      claimStale: `UPDATE ${t} ${set} WHERE ${q('task')} = ? AND (${q('tick')} < ? OR ${q('tick')} > ?) AND ${q('finished_at')} IS NULL AND ${q('heartbeat_at')} < ?`,
      insert: `${insert} ${t} (${q('task')}, ${q('tick')}, ${q('instance')}, ${q('started_at')}, ${q('heartbeat_at')}) VALUES (?, ?, ?, ?, ?)${onConflict}`,
      heartbeat: `UPDATE ${t} SET ${q('heartbeat_at')} = ? WHERE ${mine} AND ${q('finished_at')} IS NULL`,
      finish: `UPDATE ${t} SET ${q('finished_at')} = ?, ${q('outcome')} = ? WHERE ${mine} AND ${q('finished_at')} IS NULL`,
    };
  }

  /**
   * Creates the table once per process. Instances starting together take turns (two concurrent
   * `CREATE TABLE IF NOT EXISTS` on PostgreSQL can fail one of them); on SQLite the statement alone
   * is atomic, and a transaction around it would hold the file's write lock across an await.
   */
  private ensureTable(): Promise<void> {
    this.table ??= this.createTable().catch((err: unknown) => {
      this.table = undefined;
      throw err;
    });
    return this.table;
  }

  private async createTable(): Promise<void> {
    const create = CREATE_TABLE[this.db.dialect];
    if (this.db.dialect === 'sqlite') await this.db.execute(create);
    else await lockedTransaction(this.db, 'cron-table', (tx) => tx.execute(create));
  }

  async claim(task: string, tick: Date): Promise<Claim | null> {
    await this.ensureTable();
    const at = tick.getTime();
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = this.now();
      const values = [at, this.options.instance, now, now, task, at, now + FUTURE_TICK_MS];
      if ((await this.db.execute(this.sql.claimFree, values)).changes === 1) return this.claimed(task, at, false);
      if ((await this.db.execute(this.sql.claimStale, [...values, now - this.options.staleAfterMs])).changes === 1) return this.claimed(task, at, true);
      if (this.rows.has(task)) return null;
      // The task's first run anywhere: its row does not exist yet (or another instance has just inserted it).
      const inserted = (await this.db.execute(this.sql.insert, [task, at, this.options.instance, now, now])).changes === 1;
      this.rows.add(task);
      if (inserted) return this.claimed(task, at, false);
      // Someone else's insert won: for this run, or (clocks apart) an older one, which the UPDATEs settle.
    }
    return null;
  }

  private claimed(task: string, tick: number, tookOver: boolean): Claim {
    this.rows.add(task);
    const mine = [task, tick, this.options.instance];
    return {
      tookOver,
      heartbeat: async () => (await this.db.execute(this.sql.heartbeat, [this.now(), ...mine])).changes === 1,
      finish: async (outcome) => void (await this.db.execute(this.sql.finish, [this.now(), outcome, ...mine])),
    };
  }
}
