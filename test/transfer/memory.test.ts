// Memory stays flat while writing and reading an archive of a few hundred thousand lines: the heap
// (sampled after full collections in a child process, see memory-probe.ts) grows by less than a JSONL
// file would take if it were held in memory, as Strapi's own writer holds it. Measured, not timed.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Sample {
  records: number;
  heapMB: number;
  externalMB: number;
}
interface Probe {
  write: Sample[];
  read: Sample[];
  jsonlBytes: number;
  archiveBytes: number;
  counts: { entities: number; links: number };
}

const ENTITIES = 200_000;
const LINKS = 100_000;
/** The probe's JSONL files are 16 MB: holding one in memory would show as at least that much. */
const FLAT_MB = 8;

let dir: string;
let probe: Probe;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'transfer-memory-'));
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', join(__dirname, 'memory-probe.ts'), dir, String(ENTITIES), String(LINKS)], {
    cwd: join(__dirname, '../..'),
    maxBuffer: 16 * 1024 * 1024,
  });
  probe = JSON.parse(stdout.trim().split('\n').pop()!) as Probe;
  console.log(
    `memory probe: ${probe.counts.entities + probe.counts.links} records, ${(probe.jsonlBytes / 1048576).toFixed(0)} MB of JSONL, ` +
      `archive ${(probe.archiveBytes / 1048576).toFixed(1)} MB; heap MB while writing ${probe.write.map((s) => s.heapMB).join(' ')}; ` +
      `while reading ${probe.read.map((s) => s.heapMB).join(' ')}`,
  );
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** From the sample taken before the first record to the largest one after it. */
const growth = (samples: Sample[], key: 'heapMB' | 'externalMB'): number => Math.max(...samples.map((s) => s[key])) - samples[0][key];

it('reads back every record it wrote, in order', () => {
  expect(probe.counts).toEqual({ entities: ENTITIES, links: LINKS });
  expect(probe.jsonlBytes).toBeGreaterThan(100 * 1048576);
});

it('writes with a flat heap', () => {
  expect(growth(probe.write, 'heapMB')).toBeLessThan(FLAT_MB);
  expect(growth(probe.write, 'externalMB')).toBeLessThan(FLAT_MB);
});

it('reads with a flat heap', () => {
  expect(growth(probe.read, 'heapMB')).toBeLessThan(FLAT_MB);
  expect(growth(probe.read, 'externalMB')).toBeLessThan(FLAT_MB);
});
