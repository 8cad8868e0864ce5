// `cms-gen import`: a Strapi 5 export archive into a generated app's database, in one transaction
// (all or nothing; files copied to the upload provider are removed again when it fails). The
// archive's schemas are compared with the app's first and a mismatch refuses the import unless
// `onlyMatching`. Everything streams: memory holds one batch of rows or links at a time, never the
// archive. Ids are kept (rows, components), so links and media find their rows by the archive's ids
// and the API answers with the same ids, documentIds and timestamps as the Strapi it came from.
import { APP_INTERNAL_TYPES, compareSchemas, type SchemaComparison, type SchemaMismatch } from './schema-compare';
import { openApp, loadSchemaMeta, TransferError } from './open-app';
import { createProgress, type ProgressSink } from './progress';
import { writeEntity, type EntityContext } from './entity-rows';
import { dropVersionDuplicates, LinkWriter, mergeVersionLinks, type LinkCounts } from './links';
import { DISCARD_ROWS, RowBatch, resetSequences } from './row-batch';
import { copyAssets, openAssetTarget } from './assets';
import { applyConfiguration, emptyConfigurationCounts, type ConfigurationCounts } from './settings';
import { createProvider, dialectFor, isTransferArchiveError, openArchive, type Db, type SchemaMeta, type SchemaRecord, type TransferArchive } from './runtime-deps';
import { resolve } from 'node:path';

export interface ImportOptions {
  archive: string;
  /** The generated app (its config/, .env and DATABASE_URL apply). */
  app: string;
  key?: string;
  /** Validate and report; write nothing (no database connection at all). */
  dryRun?: boolean;
  /** Import what matches when the schemas differ, instead of refusing. */
  onlyMatching?: boolean;
  /** The app's schema metadata (default: loaded from the app). */
  schema?: SchemaMeta;
  progress?: ProgressSink;
  log?: (line: string) => void;
}

export interface ImportReport {
  dryRun: boolean;
  strapiVersion: string;
  mismatches: SchemaMismatch[];
  notes: SchemaMismatch[];
  /** Rows written (or that would be), per content type uid. */
  entities: Record<string, number>;
  /** Entities of types the app does not import, per uid. */
  skippedEntities: Record<string, number>;
  /** Rows written per table, components included. */
  rows: Record<string, number>;
  links: { written: number; skipped: number; reasons: Record<string, number> };
  assets: number;
  configuration: ConfigurationCounts;
  ms: number;
}

export class SchemaMismatchError extends TransferError {
  constructor(readonly mismatches: SchemaMismatch[]) {
    super(`the archive's schemas do not match the app's (${mismatches.length} difference${mismatches.length === 1 ? '' : 's'}); nothing was imported. Pass --only-matching to import what matches.`);
  }
}

async function openChecked(path: string, key: string | undefined): Promise<TransferArchive> {
  try {
    return await openArchive(path, { key });
  } catch (error) {
    if (isTransferArchiveError(error)) throw new TransferError(error.message);
    throw error;
  }
}

/** Removes what an import replaces: every content-type row (and its components and links). */
async function wipe(db: Db, schema: SchemaMeta, importsApiTokens: boolean): Promise<void> {
  const q = dialectFor(db.dialect).quote;
  const linkTables = new Set<string>();
  for (const model of [...Object.values(schema.contentTypes), ...Object.values(schema.components)]) {
    for (const attribute of Object.values(model.attributes)) {
      if ((attribute.kind === 'relation' || attribute.kind === 'morph') && attribute.owner) linkTables.add(attribute.linkTable);
    }
  }
  for (const table of linkTables) await db.execute(`DELETE FROM ${q(table)}`);
  await db.execute(`DELETE FROM ${q('files_related')}`);
  for (const component of Object.values(schema.components)) await db.execute(`DELETE FROM ${q(component.table)}`);
  for (const meta of Object.values(schema.contentTypes)) {
    if (meta.uid === 'plugin::users-permissions.setting') continue;
    if (meta.uid === 'plugin::users-permissions.api-token' && !importsApiTokens) continue;
    await db.execute(`DELETE FROM ${q(meta.table)}`);
  }
}

function plain<V>(map: Map<string, V>): Record<string, V> {
  return Object.fromEntries(map);
}

function linkReport(counts: LinkCounts): ImportReport['links'] {
  return { written: counts.written, skipped: counts.skipped, reasons: plain(counts.reasons) };
}

export async function importArchive(options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const archive = await openChecked(options.archive, options.key);
  const schemaRecords: SchemaRecord[] = [];
  for await (const record of archive.schemas()) schemaRecords.push(record);
  const schema = options.schema ?? loadSchemaMeta(resolve(options.app));
  const comparison: SchemaComparison = compareSchemas(schemaRecords, schema);
  if (comparison.mismatches.length > 0 && !options.onlyMatching) throw new SchemaMismatchError(comparison.mismatches);
  const importsApiTokens = comparison.importable.has('plugin::users-permissions.api-token');
  for (const uid of APP_INTERNAL_TYPES) if (uid !== 'plugin::users-permissions.api-token') comparison.importable.delete(uid);

  const progress = createProgress(options.progress);
  const summary = archive.summary;
  const entities = new Map<string, number>();
  const skippedEntities = new Map<string, number>();
  const rows = new Map<string, number>();
  const configuration = emptyConfigurationCounts();
  let assets = 0;
  let links: LinkCounts = { written: 0, skipped: 0, reasons: new Map() };

  const run = async (db: Db | undefined, provider: Awaited<ReturnType<typeof openAssetTarget>> | undefined): Promise<void> => {
    // A dry run (no db) maps every row into a sink that drops it, encoding values as for SQLite (so a
    // value no database could take still fails), and its link and asset steps never touch the db.
    const batch = db ? new RowBatch(db) : DISCARD_ROWS;
    const dbOrNull = db as Db;
    if (db) await wipe(db, schema, importsApiTokens);
    const entityCtx: EntityContext = { db: db ?? ({ dialect: 'sqlite' } as Db), schema, importable: comparison.importable, batch, written: rows };
    progress.stage('entities', summary.entities.records);
    for await (const entity of archive.entities()) {
      const target = (await writeEntity(entityCtx, entity)) ? entities : skippedEntities;
      target.set(entity.type, (target.get(entity.type) ?? 0) + 1);
      progress.tick();
    }
    await batch.flush();
    progress.stage('assets', summary.assets.records);
    const importsFiles = comparison.importable.has('plugin::upload.file');
    assets = await copyAssets({ db: dbOrNull, target: importsFiles ? provider : undefined, dryRun: !db, onAsset: () => progress.tick() }, archive);
    progress.stage('links', summary.links.records);
    const versionTables = new Set<string>();
    const bothVersionTables = new Set<string>();
    const writer = new LinkWriter({ db: dbOrNull, schema, importable: comparison.importable, batch, versionTables, bothVersionTables }, !db);
    for await (const link of archive.links()) {
      await writer.add(link);
      progress.tick();
    }
    await writer.flush();
    await batch.flush();
    links = writer.counts;
    if (db) {
      await mergeVersionLinks(db, versionTables);
      const morphTables = new Set<string>();
      for (const model of [...Object.values(schema.contentTypes), ...Object.values(schema.components)]) {
        for (const a of Object.values(model.attributes)) if (a.kind === 'morph' && a.owner) morphTables.add(a.linkTable);
      }
      await dropVersionDuplicates(db, bothVersionTables, (table) => morphTables.has(table));
    }
    progress.stage('configuration', summary.configuration.records);
    for await (const record of archive.configuration()) {
      await applyConfiguration(db, schema, record, configuration);
      progress.tick();
    }
    progress.done();
    if (db && batch instanceof RowBatch) await resetSequences(db, batch.tablesWithIds);
  };

  // A failure still ends the progress line, so it shows where the import stopped.
  const runShowingProgress: typeof run = (db, target) =>
    run(db, target).catch((error: unknown) => {
      progress.done();
      throw error;
    });
  if (options.dryRun) {
    await runShowingProgress(undefined, undefined);
  } else {
    const app = await openApp(options.app, { schema, log });
    let target: Awaited<ReturnType<typeof openAssetTarget>> | undefined;
    try {
      target = await openAssetTarget(app.config, app.appDir, await createProvider(app.config.plugins.upload, app.appDir));
      await app.db.transaction((tx) => runShowingProgress(tx, target));
    } catch (error) {
      await target?.undo();
      throw error;
    } finally {
      await target?.close();
      await app.close();
    }
  }
  return {
    dryRun: options.dryRun === true,
    strapiVersion: archive.metadata.strapi.version,
    mismatches: comparison.mismatches,
    notes: comparison.notes,
    entities: plain(entities),
    skippedEntities: plain(skippedEntities),
    rows: plain(rows),
    links: linkReport(links),
    assets,
    configuration,
    ms: Date.now() - started,
  };
}
