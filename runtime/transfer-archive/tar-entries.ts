// One sequential pass over the tar inside an archive. Entries arrive in tar order; each must be read
// (or is skipped) before the next, so a pass holds one entry's buffered chunk at a time, whatever the
// archive's size.
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { posix } from 'node:path';
import { extract as createExtract } from 'tar-stream';
import { explainDecodeError, openTarBytes, type DetectedArchive } from './layers';
import { TransferArchiveError } from './errors';

export interface TarEntry {
  /** POSIX path inside the archive (a Windows-made tar's backslashes turned to slashes, as Strapi does). */
  name: string;
  size: number;
  isFile: boolean;
  /** The entry's bytes; whatever the caller leaves unread is skipped. */
  body: AsyncIterableIterator<Uint8Array>;
}

const END_MARKER = 1024;

/** Remembers the last bytes of the tar so a pass can tell a complete tar from one cut at an entry boundary. */
class TailWatcher extends Transform {
  private tail: Buffer = Buffer.alloc(0);
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.tail = chunk.length >= END_MARKER ? chunk.subarray(chunk.length - END_MARKER) : Buffer.concat([this.tail, chunk]).subarray(-END_MARKER);
    callback(null, chunk);
  }
  endsWithMarker(): boolean {
    return this.tail.length === END_MARKER && this.tail.every((byte) => byte === 0);
  }
}

export function toPosixPath(name: string): string {
  const slashed = name.includes('/') ? name : name.split('\\').join('/');
  return posix.normalize(slashed).replace(/^(\.\/)+/, '');
}

export interface ScanOptions {
  /** Fail with TRUNCATED when the tar stops without its end-of-archive blocks (the full check at open). */
  requireEndMarker?: boolean;
}

export async function* scanTar(archive: DetectedArchive, options: ScanOptions = {}): AsyncGenerator<TarEntry> {
  const bytes = openTarBytes(archive);
  const tail = new TailWatcher();
  const extract = createExtract();
  let pipelineError: unknown;
  pipeline(bytes, tail, extract as unknown as NodeJS.WritableStream, (error) => {
    if (error) pipelineError = error;
  });
  const entries = (extract as unknown as AsyncIterable<Readable & { header: { name: string; size: number; type: string } }>)[
    Symbol.asyncIterator
  ]();
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<Readable & { header: { name: string; size: number; type: string } }>;
      try {
        next = await entries.next();
      } catch (error) {
        throw explainDecodeError(pipelineError ?? error, archive.path);
      }
      if (next.done) break;
      const source = next.value;
      const raw = source[Symbol.asyncIterator]() as AsyncIterableIterator<Uint8Array>;
      // A decoding failure reaches whoever is reading an entry: say what it means for the archive.
      const body: AsyncIterableIterator<Uint8Array> = {
        [Symbol.asyncIterator]() {
          return this;
        },
        next: () =>
          raw.next().catch((error: unknown) => {
            throw explainDecodeError(pipelineError ?? error, archive.path);
          }),
        return: (value?: unknown) => (raw.return ? raw.return(value) : Promise.resolve({ done: true as const, value: undefined })),
      };
      const entry: TarEntry = {
        name: toPosixPath(source.header.name),
        size: source.header.size,
        isFile: source.header.type === 'file' || source.header.type === 'contiguous-file',
        body,
      };
      yield entry;
      // Skip what the caller left: reading on (never destroying the entry, which would end the tar).
      try {
        for (;;) if ((await body.next()).done) break;
      } catch (error) {
        throw explainDecodeError(pipelineError ?? error, archive.path);
      }
    }
    if (pipelineError) throw explainDecodeError(pipelineError, archive.path);
    if (options.requireEndMarker && !tail.endsWithMarker()) {
      throw new TransferArchiveError('TRUNCATED', `${archive.path} ends early: its tar has no end-of-archive marker (the archive is truncated).`);
    }
    finished = true;
  } finally {
    if (!finished) {
      extract.destroy();
      bytes.destroy();
    }
  }
}

/** A Node Readable over an entry's body that leaves the body readable for scanTar to skip the rest. */
export function entryReadable(body: AsyncIterableIterator<Uint8Array>): { stream: Readable; release(): Promise<void> } {
  let inFlight: Promise<unknown> | undefined;
  let done = false;
  const stream = new Readable({
    read() {
      if (inFlight || done) return;
      inFlight = body.next().then(
        (result) => {
          inFlight = undefined;
          if (result.done) {
            done = true;
            stream.push(null);
          } else {
            stream.push(Buffer.from(result.value.buffer, result.value.byteOffset, result.value.byteLength));
          }
        },
        (error) => {
          inFlight = undefined;
          done = true;
          stream.destroy(error as Error);
        },
      );
    },
  });
  return {
    stream,
    // Waits for a read in progress so scanTar's own reads do not overlap it.
    async release() {
      if (inFlight) await inFlight.catch(() => undefined);
      if (!stream.destroyed && !stream.readableEnded) stream.destroy();
    },
  };
}
