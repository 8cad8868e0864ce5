import { isDataException } from './data-exception';

describe('isDataException', () => {
  it('recognizes PostgreSQL data exceptions and MariaDB value errors', () => {
    expect(isDataException({ code: '22003', message: 'value "99999999999" is out of range for type integer' })).toBe(true);
    expect(isDataException({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' })).toBe(true);
    expect(isDataException({ code: '22P02' })).toBe(true);
    expect(isDataException({ errno: 1264, code: 'ER_WARN_DATA_OUT_OF_RANGE' })).toBe(true);
    expect(isDataException({ errno: 4025, code: 'ER_CONSTRAINT_FAILED' })).toBe(true);
  });

  it('leaves constraint violations, conflicts and other errors alone', () => {
    expect(isDataException({ code: '23505' })).toBe(false);
    expect(isDataException({ code: '40P01' })).toBe(false);
    expect(isDataException({ errno: 1062 })).toBe(false);
    expect(isDataException({ code: 'SQLITE_ERROR' })).toBe(false);
    expect(isDataException(new Error('boom'))).toBe(false);
    expect(isDataException(null)).toBe(false);
  });
});

describe('the envelope of a refused value', () => {
  it('is a 400 ValidationError in REST and GraphQL, never a 500', () => {
    // Imported here so the unit above stays free of the error classes.
    const { toErrorBody, UNSTORABLE_VALUE_MESSAGE } = jest.requireActual<typeof import('../errors')>('../errors');
    expect(toErrorBody(Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' }))).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: UNSTORABLE_VALUE_MESSAGE, details: {} },
    });
    expect(toErrorBody(new Error('boom')).error.status).toBe(500);
  });
});
