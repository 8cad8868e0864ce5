// The progress line: counts, percentage and rate per stage; rewritten in place on a terminal, a line
// every few seconds and at each stage's end otherwise.
import { createProgress } from './progress';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('progress', () => {
  it('prints a final line per stage, and one every 5 s in between, without a terminal', () => {
    const out: string[] = [];
    const c = clock();
    const p = createProgress({ write: (s) => out.push(s) }, c.now);
    p.stage('entities', 200);
    for (let i = 0; i < 100; i++) {
      c.advance(10);
      p.tick();
    }
    expect(out).toEqual([]);
    c.advance(5000);
    p.tick(100);
    expect(out).toEqual(['entities: 200/200 100%, 33.3/s, 6.0s\n']);
    p.stage('links');
    c.advance(2000);
    p.tick(5000);
    p.done();
    expect(out.slice(1)).toEqual(['entities: 200/200 100%, 33.3/s, 6.0s\n', 'links: 5000, 2500/s, 2.0s\n']);
    expect(p.counts).toEqual({ entities: 200, links: 5000 });
  });

  it('rewrites one line on a terminal, at most ten times a second', () => {
    const out: string[] = [];
    const c = clock();
    const p = createProgress({ write: (s) => out.push(s), isTTY: true }, c.now);
    p.stage('assets', 3);
    p.tick();
    c.advance(150);
    p.tick();
    c.advance(50);
    p.tick();
    p.done();
    expect(out).toEqual(['\r\x1b[2Kassets: 2/3 66%, 13.3/s, 0.1s', '\r\x1b[2Kassets: 3/3 100%, 15.0/s, 0.2s\n']);
  });

  it('writes nothing without a sink', () => {
    const p = createProgress(undefined);
    p.stage('entities');
    p.tick(3);
    p.done();
    expect(p.counts.entities).toBe(3);
  });
});
