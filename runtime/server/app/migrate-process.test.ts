import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledMigrateModule, migrateInChildProcess } from './migrate-process';

// A stand-in for the compiled migrate module: reports the process it runs in through the log.
const FAKE_MIGRATE = `
exports.migrate = async (options) => {
  options.log('pid ' + process.pid);
  options.log('schema ' + options.schema);
  if (options.schema === 'die') process.exit(3);
  if (options.schema === 'refuse') {
    const err = new Error('Refusing to drop column "title" holding data');
    err.name = 'DataLossError';
    throw err;
  }
  return { status: 'applied', statements: 2, dataLoss: [], dataMigrations: [], durationMs: 1, allowDataLoss: options.allowDataLoss };
};`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-gen-migrate-process-'));
  writeFileSync(join(dir, 'fake-migrate.js'), FAKE_MIGRATE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrateInChildProcess', () => {
  it('runs migrate in another process, passing the options, the log lines in order and the report back', async () => {
    const lines: string[] = [];
    const report = await migrateInChildProcess(join(dir, 'fake-migrate.js'), { db: { dialect: 'sqlite', url: '/tmp/x.db' }, schema: 'model A {}', allowDataLoss: true }, (line) => lines.push(line));
    expect(report).toEqual({ status: 'applied', statements: 2, dataLoss: [], dataMigrations: [], durationMs: 1, allowDataLoss: true });
    expect(lines[0]).toMatch(/^pid \d+$/);
    expect(lines[0]).not.toBe(`pid ${process.pid}`);
    expect(lines[1]).toBe('schema model A {}');
  });

  it('rethrows the error of the migration with its name and message', async () => {
    await expect(migrateInChildProcess(join(dir, 'fake-migrate.js'), { db: { dialect: 'sqlite', url: '/tmp/x.db' }, schema: 'refuse' })).rejects.toMatchObject({
      name: 'DataLossError',
      message: 'Refusing to drop column "title" holding data',
    });
  });

  it('fails cleanly when the module cannot be loaded', async () => {
    await expect(migrateInChildProcess(join(dir, 'missing.js'), { db: { dialect: 'sqlite', url: '/tmp/x.db' }, schema: '' })).rejects.toThrow(/Cannot find module/);
  });

  it('fails when the process dies before it reports', async () => {
    await expect(migrateInChildProcess(join(dir, 'fake-migrate.js'), { db: { dialect: 'sqlite', url: '/tmp/x.db' }, schema: 'die' })).rejects.toThrow('the migration process stopped (exit code 3) before it finished');
  });

  it('is not used when the runtime runs from its TypeScript sources', () => {
    expect(compiledMigrateModule()).toBeUndefined();
  });
});
