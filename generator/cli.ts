// Command line: `cms-gen build <schemasDir> [--out <dir>] [--check] [--force] [--runtime-import <module>]`,
// `cms-gen init <schemasDir> [--out <dir>]`, `cms-gen --version`, `cms-gen token create|list|revoke` (API tokens of a generated app)
// `cms-gen migrate plan|apply|status` (its database migrations), `cms-gen import|export` (content to
// and from Strapi's data-transfer archive) and `cms-gen admin create-user` (admin-panel users).
import { Command, CommanderError } from 'commander';
import { build, init } from './build';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';
import { packageInfo } from './package-info';
import { ownPackageSource } from './vendoring/package-source';

interface BuildFlags {
  out: string;
  check?: boolean;
  force?: boolean;
  runtimeImport: string;
}

/**
 * `cms-gen token create|list|revoke`: API tokens of a generated app (runtime/users-permissions).
 * The runtime is loaded only when a token command runs, so `build` stays light.
 */
function addTokenCommands(program: Command, setExitCode: (code: number) => void): void {
  const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
  const cli = (): typeof import('../runtime/users-permissions/api-tokens/token-cli') => require('../runtime/users-permissions/api-tokens/token-cli');
  const collect = (value: string, previous: string[] = []) => [...previous, value];
  const token = program.command('token').description('manage the content-API tokens of a generated app (Bearer tokens)');
  token
    .command('create')
    .description('create a token and print it once (only a hash is stored)')
    .requiredOption('--name <name>', 'unique name')
    .requiredOption('--type <type>', 'read-only | full-access | custom')
    .option('--permission <action>', 'an action uid a custom token may call, e.g. api::article.article.find (repeatable)', collect)
    .option('--expires <duration>', 'lifetime such as 7d, 30d, 90d, 12h, or never', 'never')
    .option('--description <text>', 'free text')
    .option('--app <dir>', 'the generated app (its config/ and DATABASE_URL apply)', process.cwd())
    .option('--json', 'print the token record and key as JSON')
    .action(async (flags: { name: string; type: string; permission?: string[]; expires: string; description?: string; app: string; json?: boolean }) => {
      setExitCode(await cli().tokenCreate(flags, io));
    });
  token
    .command('list')
    .description('list tokens (never their keys)')
    .option('--app <dir>', 'the generated app', process.cwd())
    .option('--json', 'print JSON')
    .action(async (flags: { app: string; json?: boolean }) => {
      setExitCode(await cli().tokenList(flags, io));
    });
  token
    .command('revoke')
    .description('delete a token by id or name')
    .argument('<token>', 'id or name')
    .option('--app <dir>', 'the generated app', process.cwd())
    .action(async (idOrName: string, flags: { app: string }) => {
      setExitCode(await cli().tokenRevoke({ app: flags.app, token: idOrName }, io));
    });
}

/** `cms-gen admin create-user`: an admin-panel user of a generated app (runtime/admin/cli.ts), loaded only when run. */
function addAdminCommands(program: Command, setExitCode: (code: number) => void): void {
  const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
  const cli = (): typeof import('../runtime/admin/cli') => require('../runtime/admin/cli');
  const admin = program.command('admin').description('manage the admin panel of a generated app');
  admin
    .command('create-user')
    .description('create an admin user (the database is migrated first, as a start does)')
    .requiredOption('--email <email>', 'sign-in email')
    .requiredOption('--password <password>', '8+ characters with a lowercase letter, an uppercase letter and a digit')
    .requiredOption('--firstname <name>', 'first name')
    .option('--lastname <name>', 'last name')
    .option('--role <role>', 'role code or name: Super Admin (default), Editor, Author or a custom role')
    .option('--app <dir>', 'the generated app (its .env, config/ and DATABASE_URL apply)', process.cwd())
    .option('--json', 'print the user as JSON')
    .action(async (flags: { email: string; password: string; firstname: string; lastname?: string; role?: string; app: string; json?: boolean }) => {
      setExitCode(await cli().adminCreateUser(flags, io));
    });
}

/**
 * `cms-gen migrate plan|apply|status`: the database migration of a generated app
 * (runtime/app/migrate-cli.ts), loaded only when a migrate command runs.
 */
function addMigrateCommands(program: Command, setExitCode: (code: number) => void): void {
  const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
  const cli = (): typeof import('../runtime/server/app/migrate-cli') => require('../runtime/server/app/migrate-cli');
  const migrate = program.command('migrate').description("plan, apply or list the database migrations of a generated app (what a start runs)");
  const common = (command: Command): Command => command.option('--app <dir>', 'the generated app (its .env, config/ and DATABASE_URL apply)', process.cwd()).option('--json', 'print JSON');
  common(migrate.command('plan').description('print the SQL a start would run (stdout), renames, data-loss warnings and pending data migrations (stderr); changes nothing')).action(
    async (flags: { app: string; json?: boolean }) => setExitCode(await cli().migratePlan(flags, io)),
  );
  common(migrate.command('apply').description('apply the schema change and pending data migrations, as a start does'))
    .option('--allow-data-loss', 'apply even when dropped tables or columns hold data (same as CMS_ALLOW_DATA_LOSS=1)')
    .action(async (flags: { app: string; json?: boolean; allowDataLoss?: boolean }) => setExitCode(await cli().migrateApply(flags, io)));
  common(migrate.command('status').description('list applied schema and data migrations, and what is pending')).action(
    async (flags: { app: string; json?: boolean }) => setExitCode(await cli().migrateStatus(flags, io)),
  );
}

/**
 * `cms-gen import <archive>` and `cms-gen export`: content to and from Strapi's data-transfer archive
 * (runtime/transfer), loaded only when one of them runs.
 */
function addTransferCommands(program: Command, setExitCode: (code: number) => void): void {
  const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`), progress: process.stderr };
  const cli = (): typeof import('../runtime/transfer/cli') => require('../runtime/transfer/cli');
  program
    .command('import')
    .description("load a Strapi 5 export (strapi export: .tar, .tar.gz, .enc) into a generated app's database, replacing its content, in one transaction")
    .argument('<archive>', 'the archive file')
    .option('--app <dir>', 'the generated app (its .env, config/ and DATABASE_URL apply)', process.cwd())
    .option('--key <key>', 'the encryption key of an encrypted archive')
    .option('--dry-run', 'read and check the archive and report what would be imported; write nothing')
    .option('--only-matching', 'when the schemas differ, import what matches instead of refusing')
    .option('--json', 'print the report as JSON on stdout')
    .option('--no-progress', 'no progress line')
    .action(async (archive: string, flags: { app: string; key?: string; dryRun?: boolean; onlyMatching?: boolean; json?: boolean; progress?: boolean }) => {
      setExitCode(await cli().transferImport(archive, flags, io));
    });
  program
    .command('export')
    .description("write a generated app's content as a Strapi 5 export archive (what strapi import loads)")
    .option('--app <dir>', 'the generated app', process.cwd())
    .option('-f, --file <file>', 'output file name without extensions (.tar, .gz, .enc are added as Strapi does)')
    .option('--key <key>', 'encrypt with this key')
    .option('--no-encrypt', 'write without encryption')
    .option('--no-compress', 'write a plain tar')
    .option('--json', 'print the report as JSON on stdout')
    .option('--no-progress', 'no progress line')
    .action(async (flags: { app: string; file?: string; key?: string; encrypt?: boolean; compress?: boolean; json?: boolean; progress?: boolean }) => {
      setExitCode(await cli().transferExport(flags, io));
    });
}

/** Parses `argv` (node, script, args...) and runs the command; resolves to the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command('cms-gen')
    .description('Generates a typed Strapi v5-compatible backend from Strapi content-type schemas')
    .version(packageInfo().version, '-V, --version', 'print the cms-gen version')
    .exitOverride()
    .showHelpAfterError();
  program
    .command('build')
    .description('generate the app from a Strapi project (or its src folder) or a flat schemas folder; the first build into a folder also creates its project files (package.json, tsconfig.json, .gitignore, Dockerfile, starter bootstrap.json), which are never overwritten')
    .argument('<schemasDir>', 'Strapi project, its src folder, or a folder with content-types/ and components/')
    .option('-o, --out <dir>', 'output folder', './generated')
    .option('--check', 'write nothing; exit 1 and list files that differ, are missing or are stale')
    .option('--force', 'overwrite existing files that cms-gen did not write')
    .option('--runtime-import <module>', 'module the generated code imports the runtime from', DEFAULT_EMIT_OPTIONS.runtimeImport)
    .action((schemasDir: string, flags: BuildFlags) => {
      exitCode = build(
        { schemasDir, outDir: flags.out, check: flags.check === true, force: flags.force === true, emit: { runtimeImport: flags.runtimeImport }, packages: ownPackageSource() },
        { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
      );
    });
  program
    .command('init')
    .description('write the project files an app folder lacks (package.json, tsconfig.json, .gitignore, .dockerignore, Dockerfile, starter bootstrap.json); never replaces one')
    .argument('<schemasDir>', 'the schemas the app is generated from')
    .option('-o, --out <dir>', 'the app folder', './generated')
    .action((schemasDir: string, flags: { out: string }) => {
      exitCode = init(
        { schemasDir, outDir: flags.out, emit: DEFAULT_EMIT_OPTIONS, packages: ownPackageSource() },
        { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
      );
    });
  addTokenCommands(program, (code) => {
    exitCode = code;
  });
  addMigrateCommands(program, (code) => {
    exitCode = code;
  });
  addTransferCommands(program, (code) => {
    exitCode = code;
  });
  addAdminCommands(program, (code) => {
    exitCode = code;
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
