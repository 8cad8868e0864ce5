// A tar entry's header carries its size, so a JSONL file cannot go into the tar until it is complete.
// Strapi builds each file as one string in memory (up to 256 MB); here the lines go to a temporary
// file instead, which is copied into the tar when it is full or its stage is done: memory stays flat.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import type { JsonlStage } from './types';

/** `entities/entities_00001.jsonl`: Strapi numbers a stage's files from 1, five digits. */
export const jsonlEntryName = (stage: JsonlStage, index: number): string => `${stage}/${stage}_${String(index).padStart(5, '0')}.jsonl`;

export type AddSpooledFile = (entryName: string, spoolPath: string, size: number) => Promise<void>;

export class JsonlSpool {
  private index = 0;
  private file: WriteStream | undefined;
  private path = '';
  private bytes = 0;
  private failure: Error | undefined;
  private started = false;

  constructor(
    private readonly stage: JsonlStage,
    private readonly dir: string,
    private readonly maxSize: number,
    private readonly addToTar: AddSpooledFile,
  ) {}

  /** Writes one record. Like Strapi's JSONL stringifier, a newline goes before every record but a
   * stage's first (so a file has no final newline, and a stage's second file starts with one). */
  async write(json: string): Promise<void> {
    const line = Buffer.from(this.started ? `\n${json}` : json, 'utf8');
    this.started = true;
    // A record bigger than the limit gets a file of its own (Strapi's export fails on one instead).
    if (this.bytes > 0 && this.bytes + line.length > this.maxSize) await this.flush();
    if (!this.file) {
      this.path = join(this.dir, `${this.stage}-${this.index + 1}.jsonl`);
      this.file = createWriteStream(this.path);
      this.file.on('error', (error) => {
        this.failure = error;
      });
    }
    if (this.failure) throw this.failure;
    this.bytes += line.length;
    if (!this.file.write(line)) {
      const file = this.file;
      await new Promise<void>((resolve) => {
        const settle = (): void => {
          file.off('drain', settle).off('close', settle);
          resolve();
        };
        file.on('drain', settle).on('close', settle);
      });
      if (this.failure) throw this.failure;
    }
  }

  /** Ends the current file and adds it to the tar (nothing when no line was written since the last flush). */
  async flush(): Promise<void> {
    const file = this.file;
    if (!file) return;
    this.file = undefined;
    if (!file.closed) {
      file.end();
      await once(file, 'close');
    }
    if (this.failure) throw this.failure;
    this.index += 1;
    const size = this.bytes;
    this.bytes = 0;
    await this.addToTar(jsonlEntryName(this.stage, this.index), this.path, size);
    await rm(this.path, { force: true });
  }

  /** Drops the current file without adding it (on abort). */
  async discard(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    if (file) {
      file.destroy();
      await rm(this.path, { force: true });
    }
  }
}
