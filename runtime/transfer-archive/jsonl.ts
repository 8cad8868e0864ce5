// JSON Lines as Strapi writes them: one JSON.stringify'd record per line, lines separated by "\n"
// (jsonl-spool.ts writes them). Lines are split on bytes, so a record (or a multi-byte character) split
// across chunks reads whole; memory holds one line at a time. Blank lines are skipped.
import { TransferArchiveError } from './errors';
import type { JsonlStage, StageRecords } from './types';

export interface JsonLine {
  /** 1-based line number in its file. */
  line: number;
  text: string;
}

const NEWLINE = 0x0a;

export async function* splitLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<JsonLine> {
  let pending: Buffer[] = [];
  let line = 0;
  for await (const raw of chunks) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE, start); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, at);
      const text = (pending.length ? Buffer.concat([...pending, piece]) : piece).toString('utf8');
      pending = [];
      line += 1;
      yield { line, text };
      start = at + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) {
    line += 1;
    yield { line, text: Buffer.concat(pending).toString('utf8') };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What makes a parsed line the record its stage holds; undefined when it is. */
const SHAPES: { [S in JsonlStage]: (value: Record<string, unknown>) => string | undefined } = {
  schemas: (v) =>
    typeof v.uid !== 'string'
      ? 'no string "uid"'
      : v.modelType !== 'contentType' && v.modelType !== 'component'
        ? '"modelType" is neither "contentType" nor "component"'
        : !isObject(v.attributes)
          ? 'no "attributes" object'
          : undefined,
  entities: (v) =>
    typeof v.type !== 'string'
      ? 'no string "type"'
      : typeof v.id !== 'number'
        ? 'no numeric "id"'
        : !isObject(v.data)
          ? 'no "data" object'
          : undefined,
  links: (v) =>
    typeof v.kind !== 'string'
      ? 'no string "kind"'
      : !isObject(v.left) || typeof v.left.type !== 'string'
        ? 'no "left" with a "type"'
        : !isObject(v.right) || typeof v.right.type !== 'string'
          ? 'no "right" with a "type"'
          : undefined,
  configuration: (v) =>
    v.type !== 'core-store' && v.type !== 'webhook'
      ? '"type" is neither "core-store" nor "webhook"'
      : !isObject(v.value)
        ? 'no "value" object'
        : undefined,
};

/** Why a value is not a record of the stage, or undefined when it is one. */
export const recordProblem = (stage: JsonlStage, value: unknown): string | undefined => (isObject(value) ? SHAPES[stage](value) : 'not a JSON object');

/**
 * Counts the records (non-blank lines) in a JSONL file's bytes without parsing them: a newline search
 * per line, for the summary the reader gives before any stage is read.
 */
export class RecordCounter {
  count = 0;
  /** Whether the line being counted has a character other than "\r" yet. */
  private content = false;

  add(chunk: Uint8Array): void {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE, start); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      if (this.content || this.hasContent(chunk, start, at)) this.count += 1;
      this.content = false;
      start = at + 1;
    }
    if (!this.content) this.content = this.hasContent(chunk, start, chunk.length);
  }

  /** Call at the end of a file: a last line without a newline is a record too. */
  end(): void {
    if (this.content) this.count += 1;
    this.content = false;
  }

  private hasContent(chunk: Uint8Array, from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (chunk[i] !== 0x0d && chunk[i] !== 0x20) return true;
    return false;
  }
}

export function parseRecord<S extends JsonlStage>(stage: S, file: string, { line, text }: JsonLine): StageRecords[S] | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TransferArchiveError('INVALID_RECORD', `${file} line ${line} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const problem = recordProblem(stage, value);
  if (problem) throw new TransferArchiveError('INVALID_RECORD', `${file} line ${line} is not a ${stage} record: ${problem}.`);
  return value as StageRecords[S];
}
