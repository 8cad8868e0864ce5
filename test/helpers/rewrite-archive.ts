// A copy of a transfer archive (.tar.gz) with the body of its `links/` entries rewritten, still a
// valid tar in a valid gzip: the import suites use it to make an import fail half-way, after the
// archive's files were stored.
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as createExtract, pack as createPack } from 'tar-stream';

/** Writes `<dir>/corrupt.tar.gz`: `source` with each links file's body passed through `rewrite`. */
export async function withLinksRewritten(source: string, dir: string, rewrite: (body: Buffer) => Buffer): Promise<string> {
  const target = join(dir, 'corrupt.tar.gz');
  const extract = createExtract();
  const pack = createPack();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: unknown) => chunks.push(c as Buffer));
    stream.on('end', () => {
      let body: Buffer = Buffer.concat(chunks);
      if (header.name.startsWith('links/')) body = rewrite(body);
      pack.entry({ ...header, size: body.length }, body, next);
    });
  });
  extract.on('finish', () => pack.finalize());
  await Promise.all([pipeline(createReadStream(source), createGunzip(), extract), pipeline(pack, createGzip(), createWriteStream(target))]);
  return target;
}

/** The links file cut short half-way (a JSON line broken mid-way). */
export const cutInHalf = (body: Buffer): Buffer => body.subarray(0, Math.floor(body.length / 2));
