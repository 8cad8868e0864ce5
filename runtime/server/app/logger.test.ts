import type { DestinationStream } from 'pino';
import type { LoggerConfig } from '../config/types';
import { createPinoLogger, lineLogger, lineToLevel, pinoAppLogger } from './logger';
import { prettyLine } from './pretty-lines';

/** A pino destination that keeps what pino writes. */
function capture(): DestinationStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) };
}

function logger(config: LoggerConfig, environment = 'production') {
  const out = capture();
  return { out, log: pinoAppLogger(createPinoLogger({ config, environment, destination: out })), entries: () => out.lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('lineToLevel', () => {
  it('reads the runtime prefixes as levels and drops them from the message', () => {
    expect(lineToLevel('warning: webhook "a": failed')).toEqual({ level: 'warn', message: 'webhook "a": failed' });
    expect(lineToLevel('error: boom')).toEqual({ level: 'error', message: 'boom' });
    expect(lineToLevel('debug: detail')).toEqual({ level: 'debug', message: 'detail' });
    expect(lineToLevel('!!! WARNING: the Public role can manage users or roles')).toEqual({ level: 'warn', message: '!!! WARNING: the Public role can manage users or roles' });
    expect(lineToLevel('webhooks: 2 enabled (a, b)')).toEqual({ level: 'info', message: 'webhooks: 2 enabled (a, b)' });
  });
});

describe('pino logger', () => {
  it('writes JSON lines with the level name, an ISO time and the fields', () => {
    const { log, entries } = logger({ level: 'info', format: 'json' });
    log.info('hello', { answer: 42 });
    const [entry] = entries();
    expect(entry).toMatchObject({ level: 'info', msg: 'hello', answer: 42, pid: process.pid });
    expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('drops entries below the level; http sits between info and debug', () => {
    const at = (level: LoggerConfig['level']) => {
      const { log, entries } = logger({ level, format: 'json' });
      log.error('e');
      log.warn('w');
      log.info('i');
      log.http('h');
      log.debug('d');
      return entries().map((e) => e.level);
    };
    expect(at('warn')).toEqual(['error', 'warn']);
    expect(at('info')).toEqual(['error', 'warn', 'info']);
    expect(at('http')).toEqual(['error', 'warn', 'info', 'http']);
    expect(at('debug')).toEqual(['error', 'warn', 'info', 'http', 'debug']);
    expect(at('silent')).toEqual([]);
  });

  it('tells whether a level is written', () => {
    const { log } = logger({ level: 'info', format: 'json' });
    expect(log.enabled('info')).toBe(true);
    expect(log.enabled('http')).toBe(false);
  });

  it('logs runtime lines at the level of their prefix', () => {
    const { log, entries } = logger({ level: 'http', format: 'json' });
    log.line('warning: webhook "a": failed');
    log.line('webhooks: 1 enabled (a)');
    expect(entries().map((e) => [e.level, e.msg])).toEqual([
      ['warn', 'webhook "a": failed'],
      ['info', 'webhooks: 1 enabled (a)'],
    ]);
  });

  it('serializes an error under err with its stack', () => {
    const { log, entries } = logger({ level: 'info', format: 'json' });
    log.error('GET /api/x failed', { err: new Error('kaput') });
    expect(entries()[0]).toMatchObject({ level: 'error', msg: 'GET /api/x failed', err: { type: 'Error', message: 'kaput', stack: expect.stringContaining('logger.test.ts') } });
  });

  it('writes readable lines outside production, JSON in production, unless config/logger says', () => {
    const pretty = logger({ level: 'info' }, 'development');
    pretty.log.info('cms-gen app listening on http://127.0.0.1:1337');
    expect(pretty.out.lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}cms-gen app listening on http:\/\/127\.0\.0\.1:1337$/);
    const production = logger({ level: 'info' }, 'production');
    production.log.info('x');
    expect(JSON.parse(production.out.lines[0])).toMatchObject({ msg: 'x' });
    const forced = logger({ level: 'info', format: 'pretty' }, 'production');
    forced.log.info('x');
    expect(forced.out.lines[0]).toMatch(/ INFO {2}x$/);
  });
});

describe('prettyLine', () => {
  it('puts the message first, other fields as key=value, and the stack below', () => {
    const line = prettyLine(JSON.stringify({ level: 'http', time: '2026-11-24T12:04:02.108Z', pid: 1, msg: 'GET /api/articles 200 (3.1 ms)', method: 'GET', path: '/api/articles', status: 200, durationMs: 3.1, reqId: 'abc' }));
    expect(line).toBe('12:04:02.108 HTTP  GET /api/articles 200 (3.1 ms) reqId=abc\n');
    const failed = prettyLine(JSON.stringify({ level: 'error', time: '2026-11-24T12:04:02.108Z', msg: 'failed', err: { stack: 'Error: kaput\n    at x (y.ts:1:1)' } }));
    expect(failed).toBe('12:04:02.108 ERROR failed\n    Error: kaput\n        at x (y.ts:1:1)\n');
  });

  it('passes a line that is not JSON through', () => {
    expect(prettyLine('plain')).toBe('plain\n');
  });
});

describe('lineLogger', () => {
  it('keeps the runtime line form for the log(line) override', () => {
    const lines: string[] = [];
    const log = lineLogger((line) => lines.push(line));
    log.warn('careful');
    log.error('broke', { err: new Error('kaput') });
    log.info('news');
    log.http('GET / 200 (1 ms)');
    log.line('warning: as is');
    expect(lines[0]).toBe('warning: careful');
    expect(lines[1]).toMatch(/^error: broke: Error: kaput\n {4}at /);
    expect(lines.slice(2)).toEqual(['news', 'http: GET / 200 (1 ms)', 'warning: as is']);
  });
});
