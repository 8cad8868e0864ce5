// `cms-gen build`: generate in memory, then write the output folder (or only compare it, --check).
// Returns the process exit code; all printing goes through `io` so tests can capture it.
import { resolve } from 'node:path';
import type { EmitOptions } from './emitters/types';
import { generateFrom, type Generated } from './generate';
import { loadSchemas } from './load';
import { compareOutput, writeOutput, type Difference } from './output';
import { formatProblem, ValidationFailed } from './problems';

export interface BuildOptions {
  schemasDir: string;
  outDir: string;
  /** Compare only: exit 1 when the output folder is not what a build would write. */
  check: boolean;
  /** Overwrite files that exist but were not written by cms-gen. */
  force: boolean;
  emit: EmitOptions;
}

export interface BuildIo {
  /** Results meant for scripts (the --check list). */
  out(line: string): void;
  /** Progress and problems. */
  err(line: string): void;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function generateOrReport(options: BuildOptions, io: BuildIo): Generated | undefined {
  try {
    const loaded = loadSchemas(options.schemasDir);
    io.err(`loaded ${plural(loaded.contentTypes.length, 'content type')}, ${plural(loaded.components.length, 'component')}`);
    return generateFrom(loaded, options.emit);
  } catch (err) {
    if (!(err instanceof ValidationFailed)) throw err;
    for (const problem of err.problems) io.err(formatProblem(problem));
    io.err(`${plural(err.problems.length, 'problem')} found; nothing written`);
    return undefined;
  }
}

function reportCheck(differences: Difference[], total: number, io: BuildIo): number {
  if (differences.length === 0) {
    io.err(`${plural(total, 'file')} up to date`);
    return 0;
  }
  for (const difference of differences) io.out(`${difference.kind === 'foreign' ? 'differs' : difference.kind}: ${difference.path}`);
  io.err(`${plural(differences.length, 'file')} out of date; run cms-gen build without --check`);
  return 1;
}

export function build(options: BuildOptions, io: BuildIo): number {
  const generated = generateOrReport(options, io);
  if (!generated) return 1;
  const outDir = resolve(options.outDir);
  const differences = compareOutput(outDir, generated.files);
  if (options.check) return reportCheck(differences, generated.files.length, io);
  const foreign = differences.filter((d) => d.kind === 'foreign');
  if (foreign.length > 0 && !options.force) {
    for (const difference of foreign) io.err(`refusing to overwrite ${difference.path}: it was not written by cms-gen (use --force to overwrite)`);
    io.err('nothing written');
    return 1;
  }
  const report = writeOutput(outDir, generated.files, differences);
  io.err(`wrote ${plural(report.written.length, 'file')} (${report.unchanged} unchanged)`);
  if (report.removed.length > 0) io.err(`removed ${plural(report.removed.length, 'stale file')}: ${report.removed.join(', ')}`);
  return 0;
}
