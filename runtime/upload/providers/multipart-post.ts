// A multipart/form-data POST whose file part is streamed from a byte range of a file on disk, over
// node:http(s) with a known Content-Length. fetch with a FormData of `fs.openAsBlob` (or an async
// iterable body) sends the same bytes, but the chunks it reads stay allocated until a full garbage
// collection: 300 MB sent that way grew the process by about 300 MB, against 38 MB through node:http
// (2026-11-28, Node 20, loopback).
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';

export interface FilePart {
  path: string;
  /** Byte range of the file to send, `end` exclusive. */
  start: number;
  end: number;
  /** The part's file name and type. */
  name: string;
  type: string;
}

const IDLE_TIMEOUT_MS = 120_000;

/** A header value's quotes and line breaks escaped, as browsers write form-data names. */
const quoted = (value: string) => `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

/** Posts `fields` (and `file`) as multipart/form-data; answers the status and the body's text. */
export async function postMultipart(url: string, fields: Array<[string, string]>, file?: FilePart, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const boundary = `----cms-gen-${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [name, value] of fields) head += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`;
  if (file) head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=${quoted(file.name)}\r\nContent-Type: ${file.type}\r\n\r\n`;
  const opening = Buffer.from(head);
  const closing = Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`);
  const length = opening.length + (file ? file.end - file.start : 0) + closing.length;
  async function* body() {
    yield opening;
    if (file && file.end > file.start) yield* createReadStream(file.path, { start: file.start, end: file.end - 1 });
    yield closing;
  }
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // A connection that moves no byte either way for this long is given up.
    req.setTimeout(IDLE_TIMEOUT_MS, () => req.destroy(new Error(`${target.host} sent nothing for ${IDLE_TIMEOUT_MS / 1000} s`)));
    pipeline(body(), req).catch(reject);
  });
}
