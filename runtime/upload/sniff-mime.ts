// Media type sniffing with `file-type` (ESM only). Node ≥ 20.19 loads it through `require`; a module
// loader that cannot (Jest's registry on Node 20) gets the same library in a worker thread, which
// runs on Node's own loader. Either way the answer comes from the same code reading the same file.
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { SniffedType } from './detect-type';

type SniffFile = (path: string) => Promise<SniffedType | undefined>;

interface FileTypeModule {
  fileTypeFromFile(path: string): Promise<{ mime: string; ext: string } | undefined>;
}

/** How many leading bytes decide whether a file looks like text. */
const TEXT_SAMPLE = 4100;

let sniffer: SniffFile | undefined;
let worker: WorkerSniffer | undefined;

function loadNative(): SniffFile | undefined {
  try {
    // An ESM-only package: Node 20.19+ loads it through require(esm).
    const mod = require('file-type') as FileTypeModule;
    return async (path) => pick(await mod.fileTypeFromFile(path));
  } catch {
    return undefined;
  }
}

const pick = (found: { mime: string; ext: string } | undefined): SniffedType | undefined => (found ? { mime: found.mime, ext: found.ext } : undefined);

interface Reply {
  id: number;
  result?: SniffedType;
  error?: string;
}

/** file-type in a worker thread: one request per message, answered by id. */
class WorkerSniffer {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: SniffedType | undefined): void; reject(err: Error): void }>();
  private nextId = 1;

  constructor() {
    // The worker resolves the package itself, from this file's folder: file-type 21 offers only
    // the `import` and `module-sync` export conditions, which the caller's loader may not know.
    const source = `
      const { parentPort } = require('node:worker_threads');
      const fileType = require(require.resolve('file-type', { paths: [${JSON.stringify(__dirname)}] }));
      parentPort.on('message', ({ id, path }) => {
        fileType.fileTypeFromFile(path).then(
          (found) => parentPort.postMessage({ id, result: found ? { mime: found.mime, ext: found.ext } : undefined }),
          (err) => parentPort.postMessage({ id, error: String(err && err.message || err) }),
        );
      });`;
    this.worker = new Worker(source, { eval: true });
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiter.reject(new Error(`file type detection failed: ${reply.error}`));
      else waiter.resolve(reply.result);
    });
    this.worker.on('error', (err) => {
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    });
    // Sniffing must never keep the process alive on its own. After the listeners: adding a
    // 'message' listener refs the worker's port again.
    this.worker.unref();
  }

  sniff(path: string): Promise<SniffedType | undefined> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, path });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

function currentSniffer(): SniffFile {
  if (sniffer) return sniffer;
  const native = loadNative();
  if (native) sniffer = native;
  else {
    worker = new WorkerSniffer();
    const w = worker;
    sniffer = (path) => w.sniff(path);
  }
  return sniffer;
}

/** The format the file's bytes identify, if any. */
export function sniffFile(path: string): Promise<SniffedType | undefined> {
  return currentSniffer()(path);
}

/** True when the first bytes hold no NUL byte (binary formats almost always do). */
export async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE, 0);
    return !buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/** Stops the worker thread, when one was started. */
export async function closeSniffer(): Promise<void> {
  const w = worker;
  worker = undefined;
  sniffer = undefined;
  if (w) await w.close();
}
