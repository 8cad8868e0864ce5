// Writes a Strapi 5 data-transfer archive that `strapi import` reads: the tar layout, JSONL splitting,
// gzip and AES layering of `strapi export`. Every write waits for room downstream (the spool file, the
// gzip stream, the output file), so memory stays flat however much goes through.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as createPack, type Pack } from 'tar-stream';
import { assetFilename, assetMetadataProblems } from './asset-metadata';
import { createArchiveCipher, deriveKey } from './cipher';
import { TransferArchiveError } from './errors';
import { recordProblem } from './jsonl';
import { JsonlSpool } from './jsonl-spool';
import type { ArchiveMetadata, AssetInput, ConfigurationRecord, EntityRecord, JsonlStage, LinkRecord, SchemaRecord, StageRecords } from './types';

/** Strapi's default limit for one JSONL file: 2.56e8 (it counts string length; this writer counts bytes). */
export const DEFAULT_MAX_JSONL_SIZE = 2.56e8;

export interface ArchiveWriterOptions {
  /** Written last, as `metadata.json`; `createdAt` defaults to the time the writer is created. */
  metadata: { strapi: { version: string }; createdAt?: string };
  /** gzip the tar (the default, as `strapi export`). */
  compress?: boolean;
  /** Encrypt with this passphrase, as `strapi export --key`. */
  key?: string;
  /** Bytes per JSONL file before the next file starts. */
  maxSizeJsonl?: number;
  /** Where JSONL files wait until complete (default: the system's temporary folder). */
  tmpDir?: string;
  /** Allow a file name `strapi import` would not read (it goes by `.tar[.gz][.enc]`). */
  anyFileName?: boolean;
}

/** The name `strapi import` expects for an archive written with these options. */
export const archiveFileName = (base: string, options: { compress?: boolean; key?: string }): string =>
  `${base}.tar${options.compress === false ? '' : '.gz'}${options.key ? '.enc' : ''}`;

/** Strapi writes stages in this order (assets between entities and links); metadata.json comes last. */
const STAGE_ORDER = ['schemas', 'entities', 'assets', 'links', 'configuration'] as const;
type Stage = (typeof STAGE_ORDER)[number];
const JSONL_STAGES: JsonlStage[] = ['schemas', 'entities', 'links', 'configuration'];

export interface ArchiveWriter {
  readonly path: string;
  write<S extends JsonlStage>(stage: S, record: StageRecords[S]): Promise<void>;
  writeSchema(record: SchemaRecord): Promise<void>;
  writeEntity(record: EntityRecord): Promise<void>;
  writeLink(record: LinkRecord): Promise<void>;
  writeConfiguration(record: ConfigurationRecord): Promise<void>;
  /** Adds `assets/metadata/<filename>.json` and `assets/uploads/<filename>`. */
  writeAsset(asset: AssetInput): Promise<void>;
  /** Completes the archive; the file is whole once this resolves. */
  close(): Promise<void>;
  /** Stops and removes the partial file. */
  abort(): Promise<void>;
}

export async function createArchiveWriter(path: string, options: ArchiveWriterOptions): Promise<ArchiveWriter> {
  const compress = options.compress !== false;
  const expected = archiveFileName('', { compress, key: options.key });
  if (!options.anyFileName && !path.endsWith(expected)) {
    throw new TransferArchiveError(
      'INVALID_WRITE',
      `strapi import reads an archive by its name: written ${compress ? 'compressed' : 'uncompressed'}${options.key ? ' and encrypted' : ''}, ${path} must end in "${expected}".`,
    );
  }
  const version = options.metadata?.strapi?.version;
  if (typeof version !== 'string' || version === '') throw new TransferArchiveError('INVALID_WRITE', 'The archive metadata needs strapi.version.');
  const metadata: ArchiveMetadata = { createdAt: options.metadata.createdAt ?? new Date().toISOString(), strapi: { version } };
  const maxSize = options.maxSizeJsonl ?? DEFAULT_MAX_JSONL_SIZE;
  if (!(maxSize > 0)) throw new TransferArchiveError('INVALID_WRITE', `maxSizeJsonl must be positive, not ${maxSize}.`);

  const cipherKey = options.key ? await deriveKey(options.key) : undefined;
  const output = createWriteStream(path);
  try {
    await new Promise<void>((resolve, reject) => output.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    throw new TransferArchiveError('UNWRITABLE', `Cannot create ${path}: ${(error as Error).message}`, { cause: error });
  }
  let spoolDir: string;
  try {
    spoolDir = await mkdtemp(join(options.tmpDir ?? tmpdir(), 'transfer-archive-'));
  } catch (error) {
    output.destroy();
    await rm(path, { force: true });
    throw new TransferArchiveError('UNWRITABLE', `Cannot create a temporary folder for ${path}: ${(error as Error).message}`, { cause: error });
  }
  const pack = createPack();
  const layers: NodeJS.ReadWriteStream[] = [];
  if (compress) layers.push(createGzip());
  if (cipherKey) layers.push(createArchiveCipher(cipherKey));
  const streams: NodeJS.ReadWriteStream[] = [pack as unknown as NodeJS.ReadWriteStream, ...layers, output as unknown as NodeJS.ReadWriteStream];
  const written = pipeline(streams);
  let outputError: unknown;
  written.catch((error: unknown) => {
    outputError ??= error;
  });
  return new Writer(path, metadata, maxSize, spoolDir, pack, written, () => outputError);
}

class Writer implements ArchiveWriter {
  private readonly spools: Record<JsonlStage, JsonlSpool>;
  /** Operations run one at a time, in call order: the tar takes one entry at a time. */
  private queue: Promise<void> = Promise.resolve();
  private stage: Stage = 'schemas';
  private state: 'open' | 'closed' | 'failed' = 'open';
  private failure: unknown;

  constructor(
    readonly path: string,
    private readonly metadata: ArchiveMetadata,
    maxSize: number,
    private readonly spoolDir: string,
    private readonly pack: Pack,
    private readonly written: Promise<void>,
    private readonly outputError: () => unknown,
  ) {
    const addToTar = (name: string, spoolPath: string, size: number): Promise<void> => this.addEntry(name, size, createReadStream(spoolPath));
    this.spools = {
      schemas: new JsonlSpool('schemas', spoolDir, maxSize, addToTar),
      entities: new JsonlSpool('entities', spoolDir, maxSize, addToTar),
      links: new JsonlSpool('links', spoolDir, maxSize, addToTar),
      configuration: new JsonlSpool('configuration', spoolDir, maxSize, addToTar),
    };
  }

  write<S extends JsonlStage>(stage: S, record: StageRecords[S]): Promise<void> {
    return this.run(async () => {
      const problem = recordProblem(stage, record);
      if (problem) throw new TransferArchiveError('INVALID_WRITE', `Not one of the ${stage} records: ${problem}.`);
      await this.enterStage(stage);
      await this.spools[stage].write(JSON.stringify(record));
    });
  }
  writeSchema(record: SchemaRecord): Promise<void> {
    return this.write('schemas', record);
  }
  writeEntity(record: EntityRecord): Promise<void> {
    return this.write('entities', record);
  }
  writeLink(record: LinkRecord): Promise<void> {
    return this.write('links', record);
  }
  writeConfiguration(record: ConfigurationRecord): Promise<void> {
    return this.write('configuration', record);
  }

  writeAsset(asset: AssetInput): Promise<void> {
    return this.run(async () => {
      const filename = asset.filename ?? assetFilename(asset.metadata);
      if (filename === '' || /[/\\]/.test(filename)) {
        throw new TransferArchiveError('INVALID_WRITE', `Asset file name "${filename}" must be a plain name (no slashes), as Strapi reads it.`);
      }
      const problems = assetMetadataProblems(asset.metadata, filename);
      if (problems.length) {
        throw new TransferArchiveError('INVALID_WRITE', `Asset "${filename}" would be refused by strapi import: ${problems.join('; ')}.`);
      }
      await this.enterStage('assets');
      await this.addBuffer(`assets/metadata/${filename}.json`, Buffer.from(JSON.stringify(asset.metadata), 'utf8'));
      const { content } = asset;
      if (Buffer.isBuffer(content)) await this.addBuffer(`assets/uploads/${filename}`, content);
      else {
        const source = Symbol.asyncIterator in content.stream ? content.stream : Readable.from(content.stream as AsyncIterable<Uint8Array>);
        await this.addEntry(`assets/uploads/${filename}`, content.size, source as NodeJS.ReadableStream).catch((error: unknown) => {
          throw /size mismatch/i.test(String((error as Error)?.message))
            ? new TransferArchiveError('INVALID_WRITE', `Asset "${filename}": its stream did not give the ${content.size} bytes announced.`, { cause: error })
            : error;
        });
      }
    });
  }

  close(): Promise<void> {
    return this.run(async () => {
      for (const stage of JSONL_STAGES) await this.spools[stage].flush();
      // Strapi writes metadata.json last, pretty-printed.
      await this.addBuffer('metadata.json', Buffer.from(JSON.stringify(this.metadata, null, 2), 'utf8'));
      this.pack.finalize();
      await this.written;
      this.state = 'closed';
      await rm(this.spoolDir, { recursive: true, force: true });
    });
  }

  async abort(): Promise<void> {
    await this.queue.catch(() => undefined);
    if (this.state === 'closed') return;
    if (this.state === 'open') this.failure = new TransferArchiveError('INVALID_WRITE', 'The archive writer was aborted.');
    this.state = 'failed';
    await this.cleanUp();
  }

  private run(operation: () => Promise<void>): Promise<void> {
    const next = this.queue.then(async () => {
      if (this.state === 'closed') throw new TransferArchiveError('INVALID_WRITE', `${this.path} is already closed.`);
      if (this.state === 'failed') throw this.failure;
      try {
        await operation();
      } catch (error) {
        this.state = 'failed';
        // The output's own failure explains more than the "stream destroyed" it causes, unless the
        // operation already said what went wrong.
        this.failure = error instanceof TransferArchiveError ? error : (this.outputError() ?? error);
        await this.cleanUp();
        throw this.failure;
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Moving on to a later stage completes the earlier stages' JSONL files, so the tar reads in Strapi's order. */
  private async enterStage(stage: Stage): Promise<void> {
    const rank = STAGE_ORDER.indexOf(stage);
    if (rank <= STAGE_ORDER.indexOf(this.stage)) return;
    for (const earlier of JSONL_STAGES) if (STAGE_ORDER.indexOf(earlier) < rank) await this.spools[earlier].flush();
    this.stage = stage;
  }

  private addBuffer(name: string, content: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pack.entry({ name, size: content.length }, content, (error) => (error ? reject(error) : resolve()));
    });
  }

  private async addEntry(name: string, size: number, source: NodeJS.ReadableStream | AsyncIterable<Uint8Array>): Promise<void> {
    const sink = this.pack.entry({ name, size });
    await pipeline(source as Readable, sink as unknown as NodeJS.WritableStream);
  }

  private async cleanUp(): Promise<void> {
    for (const stage of JSONL_STAGES) await this.spools[stage].discard().catch(() => undefined);
    this.pack.destroy();
    await this.written.catch(() => undefined);
    await rm(this.path, { force: true });
    await rm(this.spoolDir, { recursive: true, force: true });
  }
}

/** Everything an archive holds, each stage as records to write in Strapi's order. */
export interface ArchiveSource {
  schemas?: Iterable<SchemaRecord> | AsyncIterable<SchemaRecord>;
  entities?: Iterable<EntityRecord> | AsyncIterable<EntityRecord>;
  assets?: Iterable<AssetInput> | AsyncIterable<AssetInput>;
  links?: Iterable<LinkRecord> | AsyncIterable<LinkRecord>;
  configuration?: Iterable<ConfigurationRecord> | AsyncIterable<ConfigurationRecord>;
}

/** Writes a whole archive from its stages; on any failure the partial file is removed. */
export async function writeArchive(path: string, source: ArchiveSource, options: ArchiveWriterOptions): Promise<void> {
  const writer = await createArchiveWriter(path, options);
  try {
    for await (const record of source.schemas ?? []) await writer.writeSchema(record);
    for await (const record of source.entities ?? []) await writer.writeEntity(record);
    for await (const asset of source.assets ?? []) await writer.writeAsset(asset);
    for await (const record of source.links ?? []) await writer.writeLink(record);
    for await (const record of source.configuration ?? []) await writer.writeConfiguration(record);
    await writer.close();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
