import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FdLines } from './fd-lines';

describe('FdLines', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fd-lines-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each batch at once, in order, multi-byte text whole', () => {
    const file = join(dir, 'log');
    const fd = openSync(file, 'a');
    const lines = new FdLines(fd);
    lines.write('{"msg":"a"}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"a"}\n');
    lines.write('{"msg":"é ✓"}\n{"msg":"c"}\n');
    lines.flushSync();
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"a"}\n{"msg":"é ✓"}\n{"msg":"c"}\n');
  });

  it('drops lines it cannot write instead of throwing', () => {
    // A descriptor number nothing in this process has open (a closed one could be reused meanwhile).
    const lines = new FdLines(1_000_000);
    expect(() => lines.write('lost\n')).not.toThrow();
    expect(() => lines.flushSync()).not.toThrow();
  });
});
