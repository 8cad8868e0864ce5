// Command line: `cms-gen build <schemasDir> [--out <dir>] [--check] [--force] [--runtime-import <module>]`.
import { Command, CommanderError } from 'commander';
import { build } from './build';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';

interface BuildFlags {
  out: string;
  check?: boolean;
  force?: boolean;
  runtimeImport: string;
}

/** Parses `argv` (node, script, args...) and runs the command; resolves to the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command('cms-gen')
    .description('Generates a typed Strapi v5-compatible backend from Strapi content-type schemas')
    .exitOverride()
    .showHelpAfterError();
  program
    .command('build')
    .description('generate the app from a Strapi project (or its src folder) or a flat schemas folder')
    .argument('<schemasDir>', 'Strapi project, its src folder, or a folder with content-types/ and components/')
    .option('-o, --out <dir>', 'output folder', './generated')
    .option('--check', 'write nothing; exit 1 and list files that differ, are missing or are stale')
    .option('--force', 'overwrite existing files that cms-gen did not write')
    .option('--runtime-import <module>', 'module the generated code imports the runtime from', DEFAULT_EMIT_OPTIONS.runtimeImport)
    .action((schemasDir: string, flags: BuildFlags) => {
      exitCode = build(
        { schemasDir, outDir: flags.out, check: flags.check === true, force: flags.force === true, emit: { runtimeImport: flags.runtimeImport } },
        { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
      );
    });
  try {
    await program.parseAsync([...argv]);
  } catch (err) {
    // Help and version exit 0; usage errors were already printed by commander.
    if (err instanceof CommanderError) return err.exitCode;
    throw err;
  }
  return exitCode;
}

if (require.main === module) {
  runCli(process.argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`cms-gen: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
