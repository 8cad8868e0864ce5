// `cms-gen import` and `cms-gen export`: flags to options, reports to lines. The progress line goes
// to stderr (rewritten in place on a terminal); the summary too, so stdout stays free for `--json`.
import { importArchive, SchemaMismatchError, type ImportReport } from './import';
import { exportArchive } from './export';
import { formatMismatches } from './schema-compare';
import { TransferError } from './open-app';

export interface TransferIo {
  out(line: string): void;
  err(line: string): void;
  /** stderr, for the progress line. */
  progress?: { write(text: string): void; isTTY?: boolean };
}

export interface ImportFlags {
  app: string;
  key?: string;
  dryRun?: boolean;
  onlyMatching?: boolean;
  json?: boolean;
  progress?: boolean;
}

export interface ExportFlags {
  app: string;
  file?: string;
  key?: string;
  encrypt?: boolean;
  compress?: boolean;
  json?: boolean;
  progress?: boolean;
}

function importSummary(report: ImportReport, io: TransferIo): void {
  const rows = Object.values(report.entities).reduce((a, b) => a + b, 0);
  io.err(`${report.dryRun ? 'dry run (nothing written): would import' : 'imported'} ${rows} entities of ${Object.keys(report.entities).length} types, ${report.links.written} links, ${report.assets} files, ${report.configuration.settings} settings in ${(report.ms / 1000).toFixed(1)}s (archive of Strapi ${report.strapiVersion})`);
  for (const [uid, n] of Object.entries(report.entities)) io.err(`  ${uid}: ${n}`);
  for (const [uid, n] of Object.entries(report.skippedEntities)) io.err(`  skipped ${n} entities of ${uid} (not in the app)`);
  for (const [reason, n] of Object.entries(report.links.reasons)) io.err(`  skipped ${n} links: ${reason}`);
  if (report.mismatches.length) {
    io.err(`imported what matches; ${report.mismatches.length} schema differences:`);
    for (const line of formatMismatches(report.mismatches)) io.err(line);
  }
  if (report.notes.length) io.err(`${report.notes.length} known differences of the built-in plugin models (imported as far as they fit; --json lists them)`);
  for (const hook of report.configuration.webhooks) io.err(`  webhook "${hook.name}" (${hook.url}; ${hook.events.join(', ')}) is not imported: add it to config/webhooks`);
  if (report.configuration.defaultLocale) io.err(`  default locale: ${report.configuration.defaultLocale}`);
}

export async function transferImport(archive: string, flags: ImportFlags, io: TransferIo): Promise<number> {
  try {
    const report = await importArchive({
      archive,
      app: flags.app,
      key: flags.key,
      dryRun: flags.dryRun,
      onlyMatching: flags.onlyMatching,
      progress: flags.progress === false ? undefined : io.progress,
      log: io.err,
    });
    if (flags.json) io.out(JSON.stringify(report));
    importSummary(report, io);
    return 0;
  } catch (error) {
    if (error instanceof SchemaMismatchError) {
      io.err(`cms-gen import: ${error.message}`);
      for (const line of formatMismatches(error.mismatches)) io.err(line);
      return 1;
    }
    if (error instanceof TransferError) {
      io.err(`cms-gen import: ${error.message}${flags.dryRun ? '' : ' Nothing was imported.'}`);
      return error.exitCode;
    }
    io.err(`cms-gen import failed, nothing was imported (the transaction was rolled back): ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

export async function transferExport(flags: ExportFlags, io: TransferIo): Promise<number> {
  try {
    const report = await exportArchive({
      app: flags.app,
      file: flags.file,
      key: flags.key,
      encrypt: flags.encrypt,
      compress: flags.compress,
      progress: flags.progress === false ? undefined : io.progress,
      log: io.err,
    });
    if (flags.json) io.out(JSON.stringify(report));
    else io.out(report.file);
    const rows = Object.values(report.entities).reduce((a, b) => a + b, 0);
    io.err(`exported ${rows} entities, ${report.links} links, ${report.assets} files and ${report.configuration} settings to ${report.file} in ${(report.ms / 1000).toFixed(1)}s`);
    for (const name of report.missingAssets) io.err(`  warning: ${name} is not in the upload provider: its row and links are exported, its bytes are not`);
    return 0;
  } catch (error) {
    if (error instanceof TransferError) {
      io.err(`cms-gen export: ${error.message}`);
      return error.exitCode;
    }
    throw error;
  }
}
