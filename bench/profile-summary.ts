// Summarizes a V8 .cpuprofile (written by `node --cpu-prof`): self time per function and per file,
// so the hot spots of the app under load can be read without opening DevTools.
// Standalone: `tsx bench/profile-summary.ts <file.cpuprofile> [top]`.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ROOT } from './config';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

export interface HotSpot {
  name: string;
  selfMs: number;
  share: number;
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  if (path === '') return '(native)';
  const nm = path.lastIndexOf('node_modules/');
  return nm >= 0 ? path.slice(nm + 'node_modules/'.length) : relative(ROOT, path);
}

function rank(totals: Map<string, number>, sampleMs: number, samples: number, top: number): HotSpot[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, hits]) => ({ name, selfMs: hits * sampleMs, share: hits / samples }));
}

export function summarizeProfile(file: string, top = 25): { functions: HotSpot[]; files: HotSpot[]; idleShare: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const samples = profile.samples.length;
  const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(samples, 1);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idle += hits;
    const where = shortUrl(url);
    // tsx compiles .ts files without a source map the profiler would use, so their lines mean nothing.
    const line = url && !url.endsWith('.ts') ? `:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}${line}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    const pkg = where.includes('/') && !where.startsWith('runtime/') && !where.startsWith('bench/') ? where.split('/').slice(0, where.startsWith('@') ? 2 : 1).join('/') : where;
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + hits);
  }
  return { functions: rank(byFunction, sampleMs, samples, top), files: rank(byFile, sampleMs, samples, top), idleShare: idle / Math.max(samples, 1) };
}

export function formatHotSpots(title: string, spots: HotSpot[]): string {
  return [title, ...spots.map((s) => `  ${(s.share * 100).toFixed(1).padStart(5)}%  ${s.selfMs.toFixed(0).padStart(7)} ms  ${s.name}`)].join('\n');
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  const summary = summarizeProfile(file, Number(process.argv[3] ?? 25));
  process.stdout.write(`idle ${(summary.idleShare * 100).toFixed(1)}% of samples\n`);
  process.stdout.write(`${formatHotSpots('Self time by function:', summary.functions)}\n\n${formatHotSpots('Self time by file / package:', summary.files)}\n`);
}
