import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BatchedLines, type FlushableDestination } from './batched-lines';

function fakeDestination() {
  const writes: string[] = [];
  let synced = 0;
  const destination: FlushableDestination = { write: (chunk: string) => void writes.push(chunk), flushSync: () => void synced++ };
  return { destination, writes, synced: () => synced };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedLines', () => {
  it('writes the lines of one turn of the event loop together, in order, after the turn', async () => {
    const { destination, writes } = fakeDestination();
    const lines = new BatchedLines(destination);
    lines.write('a\n');
    lines.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    lines.write('c\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('flushSync writes what is pending at once and syncs the destination', () => {
    const { destination, writes, synced } = fakeDestination();
    const lines = new BatchedLines(destination);
    lines.write('last words\n');
    lines.flushSync();
    expect(writes).toEqual(['last words\n']);
    expect(synced()).toBe(1);
  });

  it('loses no line when the process exits right after logging', () => {
    // A child process logs through the app logger and exits in the same turn.
    const script = `
      const { createPinoLogger, pinoAppLogger } = require(${JSON.stringify(join(__dirname, 'logger'))});
      const log = pinoAppLogger(createPinoLogger({ config: { level: 'http', format: 'json' }, environment: 'production' }));
      for (let i = 0; i < 3; i++) log.http('GET /api/things 200', { reqId: 'r' + i });
      process.exit(0);
    `;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
    const entries = result.stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { reqId: string; level: string });
    expect(entries.map((e) => `${e.level} ${e.reqId}`)).toEqual(['http r0', 'http r1', 'http r2']);
  });
});
