// Every process of a run names the migrated-database templates by one key (migration-code-key.ts):
// the global setup computes it from the sources and hands it on through the environment.
import { MIGRATION_CODE_KEY_ENV } from './migration-code-key';

describe('the migration-code key of a run', () => {
  const given = process.env[MIGRATION_CODE_KEY_ENV];
  afterEach(() => {
    // Assigning undefined to process.env would store the text "undefined".
    if (given === undefined) delete process.env[MIGRATION_CODE_KEY_ENV];
    else process.env[MIGRATION_CODE_KEY_ENV] = given;
  });

  it('reaches the workers from the global setup, equal to the key of the sources', () => {
    expect(given).toMatch(/^[0-9a-f]{8}$/);
    delete process.env[MIGRATION_CODE_KEY_ENV];
    jest.isolateModules(() => {
      const { migrationCodeKey } = require('./migration-code-key') as typeof import('./migration-code-key');
      expect(migrationCodeKey()).toBe(given);
    });
  });

  it('is taken from the environment by a process given one (a compiled copy started by a worker)', () => {
    process.env[MIGRATION_CODE_KEY_ENV] = '0123abcd';
    jest.isolateModules(() => {
      const { migrationCodeKey } = require('./migration-code-key') as typeof import('./migration-code-key');
      expect(migrationCodeKey()).toBe('0123abcd');
    });
  });
});
