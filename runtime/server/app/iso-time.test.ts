import pino from 'pino';
import { isoString, isoTime } from './iso-time';

describe('isoString', () => {
  it('writes what Date#toISOString writes, across seconds, padding and years', () => {
    const base = Date.UTC(2026, 10, 28, 3, 21, 59, 990);
    const times = [0, 1, 9, 10, 99, 100, 999, 1000, -1, -999, -1000, -1001, base, 253402300799999, 253402300800000, 8.64e15, -8.64e15];
    // Millisecond by millisecond over a second boundary, then back, so the kept second changes both ways.
    for (let ms = base; ms < base + 25; ms++) times.push(ms);
    for (let ms = base + 25; ms > base - 1500; ms -= 7) times.push(ms);
    for (const ms of times) expect([ms, isoString(ms)]).toEqual([ms, new Date(ms).toISOString()]);
  });
});

describe('isoTime', () => {
  it('is pino.stdTimeFunctions.isoTime: the same field, the current time', () => {
    const before = Date.now();
    const ours = isoTime();
    const after = Date.now();
    expect(pino.stdTimeFunctions.isoTime().slice(0, 9)).toBe(',"time":"');
    expect(ours).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    const at = Date.parse(ours.slice(9, -1));
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });
});
