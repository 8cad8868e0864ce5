import { readIsoDate, readIsoDatetime, readIsoTime } from './temporal-values';

describe('temporal values', () => {
  it('dates: real calendar days in years 0001–9999 only', () => {
    expect(readIsoDate('2024-02-29')).toBe('2024-02-29');
    for (const text of ['2023-02-29', '2020-02-30', '0000-01-01', '99999-01-01', '2020-13-01', '1']) expect(readIsoDate(text)).toBeUndefined();
  });

  it('datetimes: ISO forms, zone applied, no rollover, no Date.parse guessing', () => {
    expect(readIsoDatetime('2020-02-29T10:00:00Z')).toBe('2020-02-29T10:00:00.000Z');
    expect(readIsoDatetime('2020-01-01T10:00:00+02:00')).toBe('2020-01-01T08:00:00.000Z');
    expect(readIsoDatetime('2020-01-01 10:00')).toBe('2020-01-01T10:00:00.000Z');
    expect(readIsoDatetime('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    for (const text of ['2020-02-30T00:00:00Z', '2020-01-01T24:00:00Z', '99999-01-01T00:00:00Z', 'March 7, 2024', '1', '0001-01-01T00:00:00+01:00']) {
      expect(readIsoDatetime(text)).toBeUndefined();
    }
  });

  it('times: HH:mm[:ss[.S…]] within the day', () => {
    expect(readIsoTime('09:05')).toBe('09:05:00.000');
    expect(readIsoTime('23:59:59.9999')).toBe('23:59:59.999');
    for (const text of ['24:00', '23:60', '9:00']) expect(readIsoTime(text)).toBeUndefined();
  });
});
