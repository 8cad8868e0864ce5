// `cms-gen export`: the app's content as a Strapi 5 data-transfer archive (the format `strapi export`
// writes, so `strapi import` loads it into a Strapi with the same schemas). Streams: rows, links and
// files are read a page at a time and written through the archive writer, which spools JSONL on disk.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { schemaRecords, exportedContentTypes } from './export-schemas';
import { contentTypeEntities } from './export-entities';
import { appLinks } from './export-links';
import { DEFAULT_LOCALE_KEY, USERS_PERMISSIONS_KEYS } from './settings';
import { openApp, TransferError } from './open-app';
import { createProgress, type ProgressSink } from './progress';
import {
  archiveFileName,
  createArchiveWriter,
  decodeValue,
  dialectFor,
  isTransferArchiveError,
  localDirectory,
  type AppConfig,
  type ArchiveWriter,
  type AssetMetadata,
  type Db,
  type JsonObject,
  type JsonValue,
  type SchemaMeta,
} from './runtime-deps';

/** The Strapi version the archive says it comes from: the one whose API the app speaks. */
export const EXPORT_STRAPI_VERSION = '5.54.0';

export interface ExportOptions {
  app: string;
  /** Output path without the extensions (they follow compression and encryption, as Strapi names them). */
  file?: string;
  /** Encrypt with this key; without it, `encrypt: false` must be given (as `--no-encrypt`). */
  key?: string;
  encrypt?: boolean;
  compress?: boolean;
  schema?: SchemaMeta;
  progress?: ProgressSink;
  log?: (line: string) => void;
}

export interface ExportReport {
  file: string;
  entities: Record<string, number>;
  links: number;
  assets: number;
  /** Files whose bytes were not found (their rows and links are still written), as Strapi does. */
  missingAssets: string[];
  configuration: number;
  ms: number;
}

function defaultName(): string {
  const t = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `export_${t}`;
}

/** A file's row in Strapi's attribute names (the asset metadata sidecar). */
function fileMetadata(row: Record<string, unknown>): AssetMetadata {
  const json = (value: unknown) => decodeValue('json', value) as JsonValue;
  return {
    id: Number(row.id),
    documentId: String(row.document_id),
    name: String(row.name),
    alternativeText: (row.alternative_text as string | null) ?? null,
    caption: (row.caption as string | null) ?? null,
    focalPoint: json(row.focal_point),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    formats: json(row.formats),
    hash: String(row.hash),
    ext: (row.ext as string | null) ?? null,
    mime: String(row.mime),
    size: Number(row.size),
    url: String(row.url),
    previewUrl: (row.preview_url as string | null) ?? null,
    provider: (row.provider as string | null) ?? null,
    provider_metadata: json(row.provider_metadata),
    folderPath: (row.folder_path as string | null) ?? null,
    createdAt: decodeValue('datetime', row.created_at) as string,
    updatedAt: decodeValue('datetime', row.updated_at) as string,
    publishedAt: decodeValue('datetime', row.published_at) as string | null,
    locale: null,
  };
}

/** Where a stored file's bytes are: the local folder, or its URL (S3 and other remote providers). */
async function openBytes(config: AppConfig, appDir: string, url: string): Promise<{ stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>; size: number } | undefined> {
  if (url.startsWith('/uploads/')) {
    const path = join(localDirectory(config.plugins.upload, appDir), url.slice('/uploads/'.length));
    if (!existsSync(path)) return undefined;
    return { stream: createReadStream(path), size: statSync(path).size };
  }
  if (!/^https?:\/\//.test(url)) return undefined;
  const res = await fetch(url);
  const length = Number(res.headers.get('content-length'));
  if (!res.ok || !res.body || !Number.isFinite(length)) return undefined;
  return { stream: res.body as unknown as AsyncIterable<Uint8Array>, size: length };
}

async function writeAssets(db: Db, config: AppConfig, appDir: string, writer: ArchiveWriter, tick: () => void, missing: string[]): Promise<number> {
  const q = dialectFor(db.dialect).quote;
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = await db.query(`SELECT * FROM ${q('files')} WHERE id > ? ORDER BY id LIMIT 200`, [after]);
    for (const row of rows) {
      const metadata = fileMetadata(row);
      const entries: AssetMetadata[] = [metadata];
      const formats = metadata.formats;
      if (formats && typeof formats === 'object' && !Array.isArray(formats)) {
        for (const [type, format] of Object.entries(formats)) {
          if (format && typeof format === 'object' && !Array.isArray(format)) entries.push({ ...(format as JsonObject), type, id: metadata.id, mainHash: metadata.hash } as AssetMetadata);
        }
      }
      for (const entry of entries) {
        const content = await openBytes(config, appDir, entry.url);
        const filename = `${entry.hash}${entry.ext ?? ''}`;
        if (!content) {
          missing.push(filename);
          continue;
        }
        await writer.writeAsset({ metadata: entry, filename, content });
        count += 1;
        tick();
      }
    }
    if (rows.length < 200) return count;
    after = Number(rows[rows.length - 1].id);
  }
}

async function writeConfiguration(db: Db, schema: SchemaMeta, writer: ArchiveWriter): Promise<number> {
  const q = dialectFor(db.dialect).quote;
  let id = 0;
  let count = 0;
  if (schema.contentTypes['plugin::users-permissions.setting']) {
    const rows = await db.query(`SELECT ${q('key')}, ${q('value')} FROM ${q('up_settings')} ORDER BY id`);
    for (const row of rows) {
      if (!(USERS_PERMISSIONS_KEYS as readonly string[]).includes(String(row.key))) continue;
      await writer.writeConfiguration({ type: 'core-store', value: { id: ++id, key: String(row.key), value: decodeValue('json', row.value) as JsonValue, type: 'object', environment: null, tag: null } });
      count += 1;
    }
  }
  if (schema.contentTypes['plugin::i18n.locale']?.attributes.isDefault) {
    const [row] = await db.query(`SELECT code FROM ${q('i18n_locale')} WHERE is_default = ? ORDER BY id LIMIT 1`, [db.dialect === 'postgres' ? true : 1]);
    if (row) {
      await writer.writeConfiguration({ type: 'core-store', value: { id: ++id, key: DEFAULT_LOCALE_KEY, value: String(row.code), type: 'string', environment: null, tag: null } });
      count += 1;
    }
  }
  return count;
}

export async function exportArchive(options: ExportOptions): Promise<ExportReport> {
  const started = Date.now();
  if (options.encrypt !== false && !options.key) throw new TransferError('pass --key <key> to encrypt the archive, or --no-encrypt');
  const key = options.encrypt === false ? undefined : options.key;
  const compress = options.compress !== false;
  const suffix = archiveFileName('', { compress, key });
  const base = options.file ?? defaultName();
  const file = resolve(base.endsWith(suffix) ? base : `${base}${suffix}`);
  const app = await openApp(options.app, { schema: options.schema, log: options.log });
  const progress = createProgress(options.progress);
  const entities: Record<string, number> = {};
  const missingAssets: string[] = [];
  let links = 0;
  let assets = 0;
  let configuration = 0;
  let writer: ArchiveWriter | undefined;
  try {
    writer = await createArchiveWriter(file, { metadata: { strapi: { version: EXPORT_STRAPI_VERSION } }, key, compress });
    const { db, schema } = app;
    const types = exportedContentTypes(schema);
    progress.stage('schemas');
    for (const record of schemaRecords(schema)) {
      await writer.writeSchema(record);
      progress.tick();
    }
    progress.stage('entities');
    for (const meta of types) {
      for await (const entity of contentTypeEntities(db, schema, meta)) {
        await writer.writeEntity(entity);
        entities[meta.uid] = (entities[meta.uid] ?? 0) + 1;
        progress.tick();
      }
    }
    progress.stage('assets');
    if (schema.contentTypes['plugin::upload.file']) assets = await writeAssets(db, app.config, app.appDir, writer, () => progress.tick(), missingAssets);
    progress.stage('links');
    for await (const link of appLinks(db, schema, types)) {
      await writer.writeLink(link);
      links += 1;
      progress.tick();
    }
    progress.stage('configuration');
    configuration = await writeConfiguration(db, schema, writer);
    progress.tick(configuration);
    progress.done();
    await writer.close();
  } catch (error) {
    await writer?.abort().catch(() => undefined);
    if (isTransferArchiveError(error)) throw new TransferError(error.message);
    throw error;
  } finally {
    await app.close();
  }
  return { file, entities, links, assets, missingAssets, configuration, ms: Date.now() - started };
}
