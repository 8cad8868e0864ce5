// The app's logger: pino, at the level of config/logger (env LOG_LEVEL), writing JSON lines in
// production and readable lines elsewhere (pretty-lines.ts), to stderr. Start-up messages,
// plugins, `strapi.log` and the request lines (http/request-log.ts) all go through it.
//
// Most of the runtime still hands messages around as one string (`log(line)`, as in
// PluginContext.log), with a `warning: ` or `error: ` prefix for what is not news. `lineToLevel`
// turns those prefixes into levels, so every existing message is filtered and tagged by severity.
// Tests pass their own `log(line)` to startApp: `lineLogger` keeps those exact lines.
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LoggerConfig, LogLevel } from '../config/types';
import { BatchedLines } from './batched-lines';
import { FdLines } from './fd-lines';
import { isoTime } from './iso-time';
import { prettyLines } from './pretty-lines';

/** Fields of a log entry beside its message (a request line's method, path, status, …). */
export type LogFields = Record<string, unknown>;

type Method = (message: string, fields?: LogFields) => void;

export interface AppLogger {
  error: Method;
  warn: Method;
  info: Method;
  /** Request lines (Strapi's `http` level: below info, above debug). */
  http: Method;
  debug: Method;
  /** A message in the runtime's line form: `warning: …`, `error: …`, `debug: …` or plain (info). */
  line(text: string): void;
  /** Whether entries of `level` are written at all (callers skip building fields otherwise). */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

/** pino's levels plus `http`, numbered between info (30) and debug (20). */
const CUSTOM_LEVELS = { http: 25 } as const;

const PREFIXES: ReadonlyArray<[prefix: string, level: 'error' | 'warn' | 'debug']> = [
  ['error: ', 'error'],
  ['warning: ', 'warn'],
  ['debug: ', 'debug'],
];

/** The level a runtime line is logged at, and its text without the prefix. */
export function lineToLevel(text: string): { level: 'error' | 'warn' | 'info' | 'debug'; message: string } {
  for (const [prefix, level] of PREFIXES) if (text.startsWith(prefix)) return { level, message: text.slice(prefix.length) };
  // The `!!! WARNING` block about Public grants is a warning too; it keeps its text.
  if (text.startsWith('!!!')) return { level: 'warn', message: text };
  return { level: 'info', message: text };
}

export interface LoggerOptions {
  config: LoggerConfig;
  /** NODE_ENV: picks the format when config/logger sets none. */
  environment: string;
  /** Where lines go; stderr unless a test captures them. */
  destination?: DestinationStream;
}

/** The pino logger of an app. */
export function createPinoLogger(options: LoggerOptions): Logger<'http'> {
  const format = options.config.format ?? (options.environment === 'production' ? 'json' : 'pretty');
  // Lines go out together once per turn of the event loop (batched-lines.ts), in one synchronous
  // write to stderr (fd-lines.ts); what is pending when the process exits is written then.
  const stderr: DestinationStream = options.destination ?? new BatchedLines(new FdLines(2));
  return pino<'http'>(
    {
      level: options.config.level,
      customLevels: CUSTOM_LEVELS,
      // Level names ("warn") rather than numbers: log stores and people read them without a table.
      formatters: { level: (label) => ({ level: label }) },
      // pino's isoTime, with the text up to the second formatted once per second (iso-time.ts).
      timestamp: isoTime,
      base: { pid: process.pid },
    },
    format === 'json' ? stderr : prettyLines(stderr),
  );
}

/** An AppLogger writing through pino. Errors go under `err`, which pino serializes with their stack. */
export function pinoAppLogger(logger: Logger<'http'>): AppLogger {
  const method =
    (level: 'error' | 'warn' | 'info' | 'http' | 'debug'): Method =>
    (message, fields) =>
      fields ? logger[level](fields, message) : logger[level](message);
  const out: AppLogger = {
    error: method('error'),
    warn: method('warn'),
    info: method('info'),
    http: method('http'),
    debug: method('debug'),
    line(text) {
      const { level, message } = lineToLevel(text);
      out[level](message);
    },
    enabled: (level) => logger.isLevelEnabled(level),
  };
  return out;
}

/**
 * An AppLogger over a `log(line)` function (tests capture lines this way): messages keep the
 * runtime's line form, and request lines read `http: GET /api/articles 200 (3.1 ms) id`.
 * Every level is written; filtering is the pino logger's job.
 */
export function lineLogger(log: (line: string) => void): AppLogger {
  const prefixed = (prefix: string): Method => (message, fields) => log(`${prefix}${message}${fields?.err instanceof Error ? `: ${fields.err.stack ?? fields.err.message}` : ''}`);
  return {
    error: prefixed('error: '),
    warn: prefixed('warning: '),
    info: prefixed(''),
    http: prefixed('http: '),
    debug: prefixed('debug: '),
    line: log,
    enabled: () => true,
  };
}
