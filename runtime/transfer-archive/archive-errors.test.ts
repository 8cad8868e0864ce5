// What the reader says about archives it cannot read: each failure has its own code and a message
// naming the file and what to do.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack as createPack } from 'tar-stream';
import { openArchive, writeArchive, type EntityRecord, type TransferArchive } from './index';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'transfer-errors-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entities: EntityRecord[] = Array.from({ length: 200 }, (_, i) => ({
  type: 'api::article.article',
  id: i + 1,
  data: { documentId: `d${i}`, title: `Article ${i} ${'x'.repeat(100)}`, publishedAt: null, locale: null },
}));
const metadata = { strapi: { version: '5.54.0' } };
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const assetMetadata = { id: 1, name: 'a.png', hash: 'a_123', ext: '.png', mime: 'image/png', url: '/uploads/a_123.png', size: 0.02 };

async function written(name: string, options: { compress?: boolean; key?: string } = {}): Promise<string> {
  const path = join(dir, name);
  await writeArchive(path, { entities, assets: [{ metadata: assetMetadata, content: png }] }, { metadata, ...options });
  return path;
}

/** A tar made by hand, for layouts the writer would never produce. */
async function handMade(name: string, entries: { name: string; content: string | Buffer }[]): Promise<string> {
  const pack = createPack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => pack.entry({ name: entry.name }, entry.content, (error) => (error ? reject(error) : resolve())));
  }
  pack.finalize();
  await done;
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

const cut = (path: string, keep: (size: number) => number, name: string): string => {
  const bytes = readFileSync(path);
  const out = join(dir, name);
  writeFileSync(out, bytes.subarray(0, keep(bytes.length)));
  return out;
};

async function drain(archive: TransferArchive): Promise<void> {
  for await (const _ of archive.entities());
  for await (const asset of archive.assets()) for await (const _ of asset.stream);
}

describe('encryption', () => {
  it('a wrong key is told apart from a damaged file', async () => {
    const path = await written('wrong-key.tar.gz.enc', { key: 'right' });
    await expect(openArchive(path, { key: 'wrong' })).rejects.toMatchObject({ code: 'WRONG_KEY', message: expect.stringContaining('key does not decrypt') });
    const plain = await written('wrong-key-plain.tar.enc', { compress: false, key: 'right' });
    await expect(openArchive(plain, { key: 'wrong' })).rejects.toMatchObject({ code: 'WRONG_KEY' });
  });

  it('an encrypted archive without a key asks for one', async () => {
    const path = await written('no-key.tar.gz.enc', { key: 'right' });
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'KEY_REQUIRED', message: expect.stringContaining('give its key') });
  });

  it('a key given for an archive that is not encrypted is not needed', async () => {
    const path = await written('unneeded-key.tar.gz');
    const archive = await openArchive(path, { key: 'whatever' });
    expect(archive.layers).toEqual({ compressed: true, encrypted: false });
  });
});

describe('truncated archives', () => {
  it('a plain tar cut inside an entry', async () => {
    const path = cut(await written('whole.tar', { compress: false }), (n) => Math.floor(n / 2) + 100, 'cut-inside.tar');
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'TRUNCATED' });
  });

  it('a plain tar cut between two entries, which a tar parser alone takes for a whole one', async () => {
    const whole = readFileSync(await written('boundary.tar', { compress: false }));
    // Drop metadata.json (header and one block of content) and the end-of-archive blocks.
    const path = cut(join(dir, 'boundary.tar'), (n) => n - 1024 - 1024, 'cut-between.tar');
    expect(whole.subarray(whole.length - 2048, whole.length - 1536).toString('latin1')).toContain('metadata.json');
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'TRUNCATED', message: expect.stringContaining('end-of-archive') });
  });

  it('a gzip cut short', async () => {
    const path = cut(await written('whole.tar.gz'), (n) => n - 40, 'cut.tar.gz');
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'TRUNCATED', message: expect.stringContaining('truncated') });
  });

  it('an encrypted archive cut mid-block and on a block boundary', async () => {
    const whole = await written('whole.tar.gz.enc', { key: 'k' });
    await expect(openArchive(cut(whole, (n) => n - 5, 'cut-mid.tar.gz.enc'), { key: 'k' })).rejects.toMatchObject({ code: 'NOT_AN_ARCHIVE' });
    await expect(openArchive(cut(whole, (n) => n - 32, 'cut-block.tar.gz.enc'), { key: 'k' })).rejects.toMatchObject({ code: 'TRUNCATED' });
    const plain = await written('whole.tar.enc', { compress: false, key: 'k' });
    await expect(openArchive(cut(plain, (n) => n - 16 * 100, 'cut-block.tar.enc'), { key: 'k' })).rejects.toMatchObject({ code: 'TRUNCATED' });
  });
});

describe('files that are not Strapi archives', () => {
  it('random bytes, an empty file, a missing file', async () => {
    const odd = join(dir, 'garbage.bin');
    writeFileSync(odd, randomBytes(1001));
    await expect(openArchive(odd)).rejects.toMatchObject({ code: 'NOT_AN_ARCHIVE' });
    await expect(openArchive(odd, { key: 'k' })).rejects.toMatchObject({ code: 'NOT_AN_ARCHIVE' });
    const aligned = join(dir, 'garbage-aligned.bin');
    writeFileSync(aligned, randomBytes(1024));
    await expect(openArchive(aligned)).rejects.toMatchObject({ code: 'KEY_REQUIRED' });
    await expect(openArchive(aligned, { key: 'k' })).rejects.toMatchObject({ code: 'WRONG_KEY' });
    const empty = join(dir, 'empty.tar');
    writeFileSync(empty, '');
    await expect(openArchive(empty)).rejects.toMatchObject({ code: 'NOT_AN_ARCHIVE', message: expect.stringContaining('empty') });
    await expect(openArchive(join(dir, 'nothing-here.tar'))).rejects.toMatchObject({ code: 'UNREADABLE' });
  });

  it('a gzip damaged in the middle', async () => {
    const bytes = readFileSync(await written('damaged.tar.gz'));
    for (let i = 40; i < 80; i++) bytes[i] ^= 0xff;
    const path = join(dir, 'damaged2.tar.gz');
    writeFileSync(path, bytes);
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'CORRUPT' });
  });

  it('a tar without metadata.json', async () => {
    const path = await handMade('no-metadata.tar', [{ name: 'entities/entities_00001.jsonl', content: JSON.stringify(entities[0]) }]);
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'MISSING_METADATA', message: expect.stringContaining('not a Strapi data-transfer archive') });
  });

  it('an archive exported by Strapi 4', async () => {
    const v4 = { createdAt: '2024-01-01T00:00:00.000Z', strapi: { version: '4.25.12' } };
    const path = await handMade('v4.tar', [
      { name: 'entities/entities_00001.jsonl', content: JSON.stringify({ type: 'api::article.article', id: 1, data: { title: 'no documentId in v4' } }) },
      { name: 'metadata.json', content: JSON.stringify(v4) },
    ]);
    await expect(openArchive(path)).rejects.toMatchObject({ code: 'UNSUPPORTED_VERSION', message: expect.stringContaining('Strapi 4.25.12') });
    const unversioned = await handMade('unversioned.tar', [{ name: 'metadata.json', content: '{"createdAt":"2024-01-01T00:00:00.000Z"}' }]);
    await expect(openArchive(unversioned)).rejects.toMatchObject({ code: 'INVALID_RECORD', message: expect.stringContaining('strapi.version') });
  });
});

describe('damaged records', () => {
  const meta = { name: 'metadata.json', content: JSON.stringify({ createdAt: '2026-01-01T00:00:00.000Z', ...metadata }) };

  it('a line that is not JSON, with its file and line', async () => {
    const path = await handMade('bad-line.tar', [{ name: 'entities/entities_00001.jsonl', content: `${JSON.stringify(entities[0])}\n{"type":` }, meta]);
    const archive = await openArchive(path);
    await expect(drain(archive)).rejects.toMatchObject({ code: 'INVALID_RECORD', message: expect.stringContaining('entities/entities_00001.jsonl line 2 is not JSON') });
  });

  it('a line that is JSON but not the stage record', async () => {
    const path = await handMade('bad-shape.tar', [{ name: 'links/links_00001.jsonl', content: '{"kind":"relation.basic","left":{"ref":1}}' }, meta]);
    const archive = await openArchive(path);
    await expect(async () => {
      for await (const _ of archive.links());
    }).rejects.toMatchObject({ code: 'INVALID_RECORD', message: expect.stringContaining('no "left" with a "type"') });
  });

  it('an upload without its sidecar, or with one strapi import refuses', async () => {
    const lonely = await handMade('no-sidecar.tar', [{ name: 'assets/uploads/a_123.png', content: png }, meta]);
    await expect(drain(await openArchive(lonely))).rejects.toMatchObject({ code: 'INVALID_ASSET', message: expect.stringContaining('assets/metadata/a_123.png.json') });
    const wrong = await handMade('bad-sidecar.tar', [
      { name: 'assets/metadata/a_123.png.json', content: JSON.stringify({ ...assetMetadata, hash: 'b_456' }) },
      { name: 'assets/uploads/a_123.png', content: png },
      meta,
    ]);
    await expect(drain(await openArchive(wrong))).rejects.toMatchObject({ code: 'INVALID_ASSET', message: expect.stringContaining('do not name the upload') });
  });

  it('a sidecar after its upload is still found (other tar tools order entries differently)', async () => {
    const path = await handMade('late-sidecar.tar', [
      { name: 'assets/uploads/a_123.png', content: png },
      { name: 'assets/metadata/a_123.png.json', content: JSON.stringify(assetMetadata) },
      meta,
    ]);
    const archive = await openArchive(path);
    const seen: string[] = [];
    for await (const asset of archive.assets()) {
      const chunks: Buffer[] = [];
      for await (const chunk of asset.stream) chunks.push(chunk as Buffer);
      seen.push(`${asset.filename} ${asset.metadata.name} ${Buffer.concat(chunks).equals(png)}`);
    }
    expect(seen).toEqual(['a_123.png a.png true']);
  });

  it('Windows paths and blank lines read as Strapi reads them', async () => {
    const path = await handMade('windows.tar', [
      { name: 'entities\\entities_00001.jsonl', content: `${JSON.stringify(entities[0])}\r\n\n${JSON.stringify(entities[1])}` },
      meta,
    ]);
    const archive = await openArchive(path);
    const ids: number[] = [];
    for await (const e of archive.entities()) ids.push(e.id);
    expect(ids).toEqual([1, 2]);
  });
});

it('a consumer that stops early leaves nothing open, and the archive reads again', async () => {
  const path = await written('early.tar.gz');
  const archive = await openArchive(path);
  for await (const e of archive.entities()) if (e.id === 3) break;
  for await (const asset of archive.assets()) {
    expect(asset.filename).toBe('a_123.png');
    break;
  }
  let count = 0;
  for await (const _ of archive.entities()) count += 1;
  expect(count).toBe(entities.length);
});
