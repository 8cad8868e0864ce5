import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDotEnv } from './dot-env';

describe('loadDotEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-dotenv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the variables of the file the environment lacks, and never overrides one it has', () => {
    writeFileSync(join(dir, '.env'), '# comment\nJWT_SECRET=from-file\nPORT=4000\nQUOTED="a b"\n');
    const env: NodeJS.ProcessEnv = { PORT: '1337' };
    expect(loadDotEnv(dir, env).sort()).toEqual(['JWT_SECRET', 'QUOTED']);
    expect(env).toEqual({ PORT: '1337', JWT_SECRET: 'from-file', QUOTED: 'a b' });
  });

  it('does nothing without a file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadDotEnv(join(dir, 'missing'), env)).toEqual([]);
    expect(env).toEqual({});
  });
});
