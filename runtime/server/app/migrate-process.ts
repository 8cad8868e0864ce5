// Runs the start-up migration in a child process when it needs Prisma's schema engine, so that
// what the engine leaves behind goes away with that process.
//
// Why: the engine is WebAssembly (@prisma/schema-engine-wasm). Once a process has loaded it, its
// compiled code and its linear memory (which grows during a diff and never shrinks) stay for the
// life of the process: the wasm-bindgen glue is an ES module, cached by Node's loader for good,
// and it holds the instance and views of that memory. Measured on the compiled fixture app, a
// first start (a full migration) left it at about 160 MB of RSS against 110 MB for a start that
// found the schema up to date (docs/benchmarks.md, "Memory at rest"). A worker thread is not
// enough: the memory the engine's compilation takes from malloc stays in the worker's arena
// after the thread ends (about 30 MB here). A child process returns all of it to the system.
//
// Only when it pays: a start whose schema text is the one last applied never loads the engine
// (migrate's fast path), so it migrates in-process as before; so do MySQL (no engine), SQLite
// ':memory:' (a database that exists only on this process's connection) and a runtime running
// from TypeScript sources (the child would need the TypeScript loader; development and tests).
import { spawn } from 'node:child_process';
import type { MigrateOptions, MigrationReport } from '@cms-gen/core/db/migrate';

/** What the child gets: the options minus the log function (lines come back as messages). */
export type ChildMigrateOptions = Omit<MigrateOptions, 'log' | 'connection'>;

type ChildMessage = { line: string } | { report: MigrationReport } | { error: { name: string; message: string; stack?: string } };

// Plain JavaScript run by `node -e`: loads the compiled migrate module by path, migrates, reports.
const CHILD_SOURCE = `
const fail = (err) => process.send({ error: { name: (err && err.name) || 'Error', message: (err && err.message) || String(err), stack: err && err.stack } }, () => process.exit(0));
process.once('message', (options) => {
  let migrate;
  try {
    ({ migrate } = require(process.env.CMS_MIGRATE_MODULE));
  } catch (err) {
    return fail(err);
  }
  migrate({ ...options, log: (line) => process.send({ line }) }).then((report) => process.send({ report }, () => process.exit(0)), fail);
});`;

/**
 * Runs `migrate(options)` from the compiled module `modulePath` in a child process: log lines are
 * passed to `log` as they come, the report is returned, an error is rethrown with its name and
 * message. The child has exited when this settles.
 */
export function migrateInChildProcess(modulePath: string, options: ChildMigrateOptions, log: (line: string) => void = () => undefined): Promise<MigrationReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      env: { ...process.env, CMS_MIGRATE_MODULE: modulePath },
      // Whatever the child prints itself goes where the app's output goes.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let outcome: { report: MigrationReport } | { error: Error } | undefined;
    child.on('message', (message: ChildMessage) => {
      if ('line' in message) log(message.line);
      else if ('report' in message) outcome = { report: message.report };
      else {
        const err = new Error(message.error.message);
        err.name = message.error.name;
        if (message.error.stack) err.stack = message.error.stack;
        outcome = { error: err };
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (outcome && 'report' in outcome) resolve(outcome.report);
      else if (outcome) reject(outcome.error);
      else reject(new Error(`the migration process stopped (${signal ?? `exit code ${code}`}) before it finished`));
    });
    child.send(options);
  });
}

/** The compiled migrate module beside this one, or undefined when the runtime runs from TypeScript sources. */
export function compiledMigrateModule(): string | undefined {
  const path = require.resolve('@cms-gen/core/db/migrate');
  return path.endsWith('.js') ? path : undefined;
}
