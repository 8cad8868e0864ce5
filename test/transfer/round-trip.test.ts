// Writer → reader: what the writer takes in comes back out of the reader, for each layering, and
// the tar it writes is laid out as `strapi export` lays it out (test/transfer/check-strapi-import.ts
// shows real `strapi import` accepting it).
import { createDecipheriv, scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { extract as createExtract } from 'tar-stream';
import {
  createArchiveWriter,
  openArchive,
  writeArchive,
  type ArchiveSource,
  type AssetInput,
  type ConfigurationRecord,
  type EntityRecord,
  type LinkRecord,
  type SchemaRecord,
  type TransferArchive,
} from '@cms-gen/transfer-archive';

const FIXTURE = join(__dirname, 'archives', 'plain.tar');

interface Records {
  schemas: SchemaRecord[];
  entities: EntityRecord[];
  links: LinkRecord[];
  configuration: ConfigurationRecord[];
  assets: { filename: string; metadata: AssetInput['metadata']; content: Buffer }[];
}

async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const record of records) out.push(record);
  return out;
}

async function readRecords(archive: TransferArchive): Promise<Records> {
  const assets: Records['assets'] = [];
  for await (const asset of archive.assets()) {
    const chunks: Buffer[] = [];
    for await (const chunk of asset.stream) chunks.push(chunk as Buffer);
    assets.push({ filename: asset.filename, metadata: asset.metadata, content: Buffer.concat(chunks) });
  }
  return {
    schemas: await collect(archive.schemas()),
    entities: await collect(archive.entities()),
    links: await collect(archive.links()),
    configuration: await collect(archive.configuration()),
    assets,
  };
}

const asSource = (records: Records, streamAssets = false): ArchiveSource => ({
  schemas: records.schemas,
  entities: records.entities,
  links: records.links,
  configuration: records.configuration,
  assets: records.assets.map((a) => ({
    filename: a.filename,
    metadata: a.metadata,
    content: streamAssets ? { stream: Readable.from([a.content.subarray(0, 7), a.content.subarray(7)]), size: a.content.length } : a.content,
  })),
});

/** Tar entries in order, with their bytes (the archives here are small). */
async function tarEntries(tar: Buffer): Promise<{ name: string; mode: number; content: Buffer }[]> {
  const extract = createExtract();
  Readable.from([tar]).pipe(extract as unknown as NodeJS.WritableStream);
  const out: { name: string; mode: number; content: Buffer }[] = [];
  for await (const entry of extract as unknown as AsyncIterable<AsyncIterable<Buffer> & { header: { name: string; mode: number } }>) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk);
    out.push({ name: entry.header.name, mode: entry.header.mode, content: Buffer.concat(chunks) });
  }
  return out;
}

let dir: string;
let fixture: TransferArchive;
let original: Records;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'transfer-round-trip-'));
  fixture = await openArchive(FIXTURE);
  original = await readRecords(fixture);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  { name: 'plain.tar', options: { compress: false }, layers: { compressed: false, encrypted: false } },
  { name: 'gzip.tar.gz', options: {}, layers: { compressed: true, encrypted: false } },
  { name: 'encrypted.tar.gz.enc', options: { key: 'round-trip key' }, layers: { compressed: true, encrypted: true } },
  { name: 'encrypted.tar.enc', options: { compress: false, key: 'round-trip key' }, layers: { compressed: false, encrypted: true } },
])('a recorded archive written again as $name', ({ name, options, layers }) => {
  it('reads back record for record, file for file', async () => {
    const path = join(dir, name);
    await writeArchive(path, asSource(original, true), { metadata: fixture.metadata, ...options });
    const archive = await openArchive(path, { key: options.key });
    expect(archive.layers).toEqual(layers);
    expect(archive.metadata).toEqual(fixture.metadata);
    expect(archive.summary).toEqual(fixture.summary);
    const copy = await readRecords(archive);
    expect(copy).toEqual(original);
  });
});

it('lays the tar out as strapi export does: stages in order, assets as sidecar then file, metadata.json last', async () => {
  const path = join(dir, 'layout.tar');
  await writeArchive(path, asSource(original), { metadata: fixture.metadata, compress: false });
  const written = await tarEntries(readFileSync(path));
  const recorded = await tarEntries(readFileSync(FIXTURE));
  expect(written.map((e) => e.name)).toEqual(recorded.map((e) => e.name));
  expect(written.map((e) => e.mode)).toEqual(recorded.map((e) => e.mode));
  // Byte for byte: JSONL files, sidecars, uploads and metadata.json.
  for (const [i, entry] of written.entries()) expect(entry.content.equals(recorded[i].content)).toBe(true);
});

it('encrypts the gzipped tar with AES-128-ECB under a scrypt-derived key, as strapi export --key does', async () => {
  const path = join(dir, 'layers.tar.gz.enc');
  await writeArchive(path, { entities: original.entities.slice(0, 3) }, { metadata: fixture.metadata, key: 'k3y' });
  // Decrypt the way Strapi's import does, independently of the module.
  const decipher = createDecipheriv('aes-128-ecb', scryptSync('k3y', '', 16), null);
  const gz = Buffer.concat([decipher.update(readFileSync(path)), decipher.final()]);
  const entries = await tarEntries(gunzipSync(gz));
  expect(entries.map((e) => e.name)).toEqual(['entities/entities_00001.jsonl', 'metadata.json']);
  // Lines are separated by a newline, with none after the last, as Strapi's JSONL stringifier writes them.
  expect(entries[0].content.toString('utf8')).toBe(original.entities.slice(0, 3).map((e) => JSON.stringify(e)).join('\n'));
});

it('splits a stage into numbered JSONL files of at most maxSizeJsonl bytes, a longer record alone in its file', async () => {
  const path = join(dir, 'split.tar');
  const maxSizeJsonl = 2048;
  await writeArchive(path, asSource(original), { metadata: fixture.metadata, compress: false, maxSizeJsonl });
  const entries = await tarEntries(readFileSync(path));
  for (const stage of ['schemas', 'entities', 'links', 'configuration']) {
    const files = entries.filter((e) => e.name.startsWith(`${stage}/`));
    expect(files.map((f) => f.name)).toEqual(files.map((_, i) => `${stage}/${stage}_${String(i + 1).padStart(5, '0')}.jsonl`));
    for (const file of files) {
      const lines = file.content.toString('utf8').split('\n').filter(Boolean);
      if (lines.length > 1) expect(file.content.length).toBeLessThanOrEqual(maxSizeJsonl);
      else expect(lines).toHaveLength(1);
    }
  }
  expect(entries.filter((e) => e.name.startsWith('entities/')).length).toBeGreaterThan(10);
  // Continuation files start with the separating newline, as Strapi writes them.
  expect(entries.find((e) => e.name === 'entities/entities_00002.jsonl')!.content[0]).toBe(0x0a);
  const split = await openArchive(path);
  expect(split.summary.entities.records).toBe(original.entities.length);
  expect(split.summary.links.records).toBe(original.links.length);
  expect(await readRecords(split)).toEqual(original);
});

it('takes stages in any order and keeps each stage in write order', async () => {
  const path = join(dir, 'interleaved.tar.gz');
  const writer = await createArchiveWriter(path, { metadata: { strapi: { version: '5.54.0' } }, maxSizeJsonl: 1000 });
  const [a, b] = [original.entities.slice(0, 40), original.entities.slice(40)];
  for (const e of a) await writer.writeEntity(e);
  for (const l of original.links) await writer.writeLink(l);
  await writer.writeAsset({ ...original.assets[0] });
  for (const e of b) await writer.writeEntity(e);
  for (const s of original.schemas) await writer.writeSchema(s);
  await writer.close();
  const copy = await readRecords(await openArchive(path));
  expect(copy.entities).toEqual(original.entities);
  expect(copy.links).toEqual(original.links);
  expect(copy.schemas).toEqual(original.schemas);
  expect(copy.assets).toEqual([original.assets[0]]);
});

describe('the writer refuses what strapi import would not read', () => {
  const metadata = { strapi: { version: '5.54.0' } };

  it('a file name that does not say how the archive is wrapped', async () => {
    await expect(createArchiveWriter(join(dir, 'x.tar'), { metadata })).rejects.toMatchObject({ code: 'INVALID_WRITE', message: expect.stringContaining('.tar.gz') });
    await expect(createArchiveWriter(join(dir, 'x.tar.gz'), { metadata, key: 'k' })).rejects.toMatchObject({ code: 'INVALID_WRITE', message: expect.stringContaining('.tar.gz.enc') });
    await expect(createArchiveWriter(join(dir, 'x.tar.gz'), { metadata: { strapi: { version: '' } } })).rejects.toMatchObject({ code: 'INVALID_WRITE' });
  });

  it('a record that is not one of its stage, and a file that cannot be created', async () => {
    const writer = await createArchiveWriter(join(dir, 'bad-record.tar.gz'), { metadata });
    await expect(writer.writeEntity({ type: 'api::article.article', data: {} } as unknown as EntityRecord)).rejects.toMatchObject({
      code: 'INVALID_WRITE',
      message: 'Not one of the entities records: no numeric "id".',
    });
    expect(readdirSync(dir)).not.toContain('bad-record.tar.gz');
    await expect(createArchiveWriter(join(dir, 'no-such-folder', 'x.tar.gz'), { metadata })).rejects.toMatchObject({ code: 'UNWRITABLE' });
  });

  it('asset metadata Strapi rejects, leaving no partial file behind', async () => {
    const path = join(dir, 'bad-asset.tar.gz');
    const writer = await createArchiveWriter(path, { metadata });
    await writer.writeEntity(original.entities[0]);
    const asset = original.assets[0];
    await expect(writer.writeAsset({ ...asset, metadata: { ...asset.metadata, id: 0 } })).rejects.toMatchObject({ code: 'INVALID_WRITE', message: expect.stringContaining('id') });
    expect(readdirSync(dir)).not.toContain('bad-asset.tar.gz');
    await expect(writer.writeEntity(original.entities[1])).rejects.toMatchObject({ code: 'INVALID_WRITE' });
    await expect(writer.close()).rejects.toMatchObject({ code: 'INVALID_WRITE' });
  });

  it('an asset whose name is not its hash and ext', async () => {
    const writer = await createArchiveWriter(join(dir, 'renamed.tar.gz'), { metadata });
    await expect(writer.writeAsset({ ...original.assets[0], filename: 'other.png' })).rejects.toMatchObject({ code: 'INVALID_WRITE', message: expect.stringContaining('other.png') });
  });

  it('an asset stream shorter than its announced size', async () => {
    const path = join(dir, 'short.tar.gz');
    const writer = await createArchiveWriter(path, { metadata });
    const asset = original.assets[0];
    await expect(
      writer.writeAsset({ ...asset, content: { stream: Readable.from([asset.content.subarray(1)]), size: asset.content.length } }),
    ).rejects.toMatchObject({ code: 'INVALID_WRITE', message: expect.stringContaining(`${asset.content.length} bytes`) });
    expect(readdirSync(dir)).not.toContain('short.tar.gz');
  });

  it('writing after close; abort removes the file and its temporary files', async () => {
    const tmp = mkdtempSync(join(dir, 'spool-'));
    const closed = await createArchiveWriter(join(dir, 'closed.tar.gz'), { metadata, tmpDir: tmp });
    await closed.close();
    await expect(closed.writeEntity(original.entities[0])).rejects.toMatchObject({ code: 'INVALID_WRITE', message: expect.stringContaining('closed') });
    const aborted = await createArchiveWriter(join(dir, 'aborted.tar.gz'), { metadata, tmpDir: tmp });
    for (const e of original.entities) await aborted.writeEntity(e);
    await aborted.abort();
    expect(readdirSync(dir)).not.toContain('aborted.tar.gz');
    expect(readdirSync(tmp)).toEqual([]);
  });
});
