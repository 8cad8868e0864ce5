// Driver errors as each database raises them (shapes copied from better-sqlite3, pg and mariadb
// errors seen in test/e2e/hostile-concurrency.test.ts) become Strapi's 400, naming the attribute.
import { schema } from '../../../../fixtures/strapi-blog/app/src/schema-meta';
import { ValidationError } from '../../errors';
import { translateWriteError } from './constraint-errors';

const sent = new Map([['path', '/same']]);

const expectUnique = (err: unknown) =>
  expect(err).toMatchObject({
    name: 'ValidationError',
    message: 'This attribute must be unique',
    details: { errors: [{ path: ['path'], message: 'This attribute must be unique', name: 'ValidationError', value: '/same' }] },
  });

describe('translateWriteError', () => {
  it('SQLite: SQLITE_CONSTRAINT_UNIQUE names table.column', () => {
    const err = Object.assign(new Error('UNIQUE constraint failed: seo_pages.path, seo_pages.is_draft'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expectUnique(translateWriteError(err, schema, sent));
  });

  it('PostgreSQL: 23505 with the constraint and the key columns', () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "seo_pages_path_is_draft_key"'), {
      code: '23505',
      table: 'seo_pages',
      constraint: 'seo_pages_path_is_draft_key',
      detail: 'Key (path, is_draft)=(/same, f) already exists.',
    });
    expectUnique(translateWriteError(err, schema, sent));
  });

  it('MariaDB: 1062 names only the index', () => {
    const err = Object.assign(new Error('(conn:3, no: 1062, SQLState: 23000) Duplicate entry'), {
      errno: 1062,
      code: 'ER_DUP_ENTRY',
      sqlMessage: "Duplicate entry '/same-0' for key 'seo_pages_path_is_draft_key'",
    });
    expectUnique(translateWriteError(err, schema, sent));
  });

  it('foreign-key violations are a 400 too; other errors pass through unchanged', () => {
    for (const err of [Object.assign(new Error('fk'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }), Object.assign(new Error('fk'), { code: '23503' }), Object.assign(new Error('fk'), { errno: 1452 })]) {
      const translated = translateWriteError(err, schema);
      expect(translated).toBeInstanceOf(ValidationError);
      expect((translated as ValidationError).status).toBe(400);
    }
    const other = new Error('connection reset');
    expect(translateWriteError(other, schema)).toBe(other);
  });
});
