// Reads a Strapi 5 data-transfer archive stage by stage. Opening it makes one full pass (metadata.json
// is the tar's last entry, and the pass proves the archive whole: every layer decodes to its end); each
// stage is then one more streaming pass that yields records one at a time, as `strapi import` does.
import { posix } from 'node:path';
import { validateAssetMetadata } from './asset-metadata';
import { TransferArchiveError } from './errors';
import { parseRecord, RecordCounter, splitLines } from './jsonl';
import { detectArchive, type DetectedArchive } from './layers';
import { entryReadable, scanTar, type TarEntry } from './tar-entries';
import type {
  ArchiveAsset,
  ArchiveLayers,
  ArchiveMetadata,
  AssetMetadata,
  ConfigurationRecord,
  EntityRecord,
  JsonlStage,
  LinkRecord,
  SchemaRecord,
  StageRecords,
} from './types';

export interface OpenArchiveOptions {
  /** The passphrase of an encrypted archive (`strapi export --key`). */
  key?: string;
}

export interface StageSummary {
  /** Tar entries (JSONL files, or upload files for assets). */
  files: number;
  /** Their bytes, uncompressed. */
  bytes: number;
  /** Records (lines of the JSONL files; for assets, the upload files). */
  records: number;
}

export interface ArchiveSummary {
  schemas: StageSummary;
  entities: StageSummary;
  links: StageSummary;
  configuration: StageSummary;
  assets: StageSummary;
}

export interface TransferArchive {
  readonly path: string;
  readonly layers: ArchiveLayers;
  readonly metadata: ArchiveMetadata;
  /** Files, bytes and records per stage, counted when the archive was opened: for progress reporting. */
  readonly summary: ArchiveSummary;
  records<S extends JsonlStage>(stage: S): AsyncIterable<StageRecords[S]>;
  schemas(): AsyncIterable<SchemaRecord>;
  entities(): AsyncIterable<EntityRecord>;
  links(): AsyncIterable<LinkRecord>;
  configuration(): AsyncIterable<ConfigurationRecord>;
  /** Files with their metadata, in archive order; read each `stream` before asking for the next. */
  assets(): AsyncIterable<ArchiveAsset>;
}

const JSONL_STAGES: JsonlStage[] = ['schemas', 'entities', 'links', 'configuration'];
/** No Strapi metadata file comes near this; a bigger one is not one. */
const MAX_JSON_FILE = 16 * 1024 * 1024;

async function readJsonFile(entry: TarEntry, path: string): Promise<unknown> {
  if (entry.size > MAX_JSON_FILE) throw new TransferArchiveError('INVALID_RECORD', `${entry.name} in ${path} is ${entry.size} bytes: too large for a metadata file.`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TransferArchiveError('INVALID_RECORD', `${entry.name} in ${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

function checkMetadata(value: unknown, path: string): ArchiveMetadata {
  const version = (value as ArchiveMetadata | null)?.strapi?.version;
  if (typeof version !== 'string') {
    throw new TransferArchiveError('INVALID_RECORD', `metadata.json in ${path} does not say which Strapi wrote it (no strapi.version).`);
  }
  const major = /^v?(\d+)\./.exec(version)?.[1];
  if (major !== '5') {
    throw new TransferArchiveError(
      'UNSUPPORTED_VERSION',
      `${path} was exported by Strapi ${version}; only Strapi 5 archives can be read (a Strapi 4 export has no documentIds: migrate the project to Strapi 5 and export again).`,
    );
  }
  return value as ArchiveMetadata;
}

const emptySummary = (): ArchiveSummary => ({
  schemas: { files: 0, bytes: 0, records: 0 },
  entities: { files: 0, bytes: 0, records: 0 },
  links: { files: 0, bytes: 0, records: 0 },
  configuration: { files: 0, bytes: 0, records: 0 },
  assets: { files: 0, bytes: 0, records: 0 },
});

/** Which stage a tar entry belongs to, by its folder, as Strapi decides it. */
function stageOf(name: string): JsonlStage | 'uploads' | 'sidecars' | 'metadata' | undefined {
  if (name === 'metadata.json') return 'metadata';
  const dir = posix.dirname(name);
  if (dir === 'assets/uploads') return 'uploads';
  if (dir === 'assets/metadata') return 'sidecars';
  return (JSONL_STAGES as string[]).includes(dir) ? (dir as JsonlStage) : undefined;
}

export async function openArchive(path: string, options: OpenArchiveOptions = {}): Promise<TransferArchive> {
  const detected = await detectArchive(path, options.key);
  let metadata: unknown;
  const summary = emptySummary();
  for await (const entry of scanTar(detected, { requireEndMarker: true })) {
    if (!entry.isFile) continue;
    const stage = stageOf(entry.name);
    if (stage === 'metadata') metadata = await readJsonFile(entry, path);
    else if (stage === 'uploads') {
      summary.assets.files += 1;
      summary.assets.records += 1;
      summary.assets.bytes += entry.size;
    } else if (stage && stage !== 'sidecars') {
      summary[stage].files += 1;
      summary[stage].bytes += entry.size;
      const counter = new RecordCounter();
      for await (const chunk of entry.body) counter.add(chunk);
      counter.end();
      summary[stage].records += counter.count;
    }
  }
  if (metadata === undefined) {
    throw new TransferArchiveError('MISSING_METADATA', `${path} has no metadata.json: it is not a Strapi data-transfer archive.`);
  }
  return new Archive(detected, checkMetadata(metadata, path), summary);
}

class Archive implements TransferArchive {
  constructor(
    private readonly detected: DetectedArchive,
    readonly metadata: ArchiveMetadata,
    readonly summary: ArchiveSummary,
  ) {}

  get path(): string {
    return this.detected.path;
  }
  get layers(): ArchiveLayers {
    return { compressed: this.detected.compressed, encrypted: this.detected.encrypted };
  }

  async *records<S extends JsonlStage>(stage: S): AsyncGenerator<StageRecords[S]> {
    for await (const entry of scanTar(this.detected)) {
      if (!entry.isFile || stageOf(entry.name) !== stage) continue;
      for await (const line of splitLines(entry.body)) {
        const record = parseRecord(stage, entry.name, line);
        if (record !== undefined) yield record;
      }
    }
  }
  schemas(): AsyncGenerator<SchemaRecord> {
    return this.records('schemas');
  }
  entities(): AsyncGenerator<EntityRecord> {
    return this.records('entities');
  }
  links(): AsyncGenerator<LinkRecord> {
    return this.records('links');
  }
  configuration(): AsyncGenerator<ConfigurationRecord> {
    return this.records('configuration');
  }

  async *assets(): AsyncGenerator<ArchiveAsset> {
    // Strapi writes each sidecar just before its upload: one waits here until its upload comes.
    const sidecars = new Map<string, AssetMetadata>();
    for await (const entry of scanTar(this.detected)) {
      if (!entry.isFile) continue;
      const stage = stageOf(entry.name);
      const base = posix.basename(entry.name);
      if (stage === 'sidecars' && base.endsWith('.json')) {
        const filename = base.slice(0, -'.json'.length);
        sidecars.set(filename, validateAssetMetadata(await readJsonFile(entry, this.path), filename));
        continue;
      }
      if (stage !== 'uploads') continue;
      const metadata = sidecars.get(base) ?? (await this.findSidecar(base));
      sidecars.delete(base);
      const { stream, release } = entryReadable(entry.body);
      try {
        yield { filename: base, metadata, size: entry.size, stream };
      } finally {
        await release();
      }
    }
  }

  /** An upload whose sidecar comes later in the tar (not Strapi's order): one more pass to find it. */
  private async findSidecar(filename: string): Promise<AssetMetadata> {
    const wanted = `assets/metadata/${filename}.json`;
    for await (const entry of scanTar(this.detected)) {
      if (entry.isFile && entry.name === wanted) return validateAssetMetadata(await readJsonFile(entry, this.path), filename);
    }
    throw new TransferArchiveError('INVALID_ASSET', `Asset "${filename}" has no ${wanted} in ${this.path}; strapi import refuses such an archive.`);
  }
}
