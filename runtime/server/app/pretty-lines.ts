// Readable log lines for development: pino's JSON entry becomes
//   12:04:01.532 INFO  cms-gen app listening on http://127.0.0.1:1337
//   12:04:02.108 HTTP  GET /api/articles 200 (3.1 ms) reqId=6f1c…
// with an error's stack on the lines below. A few dozen lines instead of pino-pretty, whose 13
// dependencies every app would install for a development convenience.
import type { DestinationStream } from 'pino';

/** Fields that are already in the line (or noise in a terminal). */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'err', 'method', 'path', 'status', 'durationMs']);

const COLORS: Readonly<Record<string, string>> = { fatal: '\x1b[41m', error: '\x1b[31m', warn: '\x1b[33m', info: '\x1b[32m', http: '\x1b[36m', debug: '\x1b[90m', trace: '\x1b[90m' };
const RESET = '\x1b[0m';

function time(iso: unknown): string {
  return typeof iso === 'string' && iso.length >= 23 ? iso.slice(11, 23) : String(iso ?? '');
}

function value(v: unknown): string {
  return typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v);
}

/** One entry (a JSON line pino wrote) as readable text, ending in a newline. */
export function prettyLine(json: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = String(entry.level ?? '');
  const label = level.toUpperCase().padEnd(5);
  let out = `${time(entry.time)} ${color ? `${COLORS[level] ?? ''}${label}${RESET}` : label} ${String(entry.msg ?? '')}`;
  for (const [key, v] of Object.entries(entry)) if (!SHOWN.has(key) && v !== undefined) out += ` ${key}=${value(v)}`;
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  if (err) out += `\n    ${String(err.stack ?? err.message).split('\n').join('\n    ')}`;
  return `${out}\n`;
}

/** A pino destination that writes each entry to `target` as a readable line. */
export function prettyLines(target: DestinationStream, color = process.stderr.isTTY === true): DestinationStream {
  return {
    write(chunk: string) {
      target.write(prettyLine(chunk, color));
    },
  };
}
