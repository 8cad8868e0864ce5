// Starts real Strapi on a copy of the cached seed of N articles (seeding it when missing) and sends
// each scale-mode request a few times: status, what came back, the best of the timings (one client,
// sequential: a sanity check, not the bench), and Strapi's RSS after the requests.
// Usage: tsx bench/strapi/smoke.ts <articles> [repeats=3]   (port STRAPI_PORT, default 17110)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { scaleRequests } from './scale-requests';
import { copyStrapiSeed, seededStrapiDatabase } from './seed-cache';
import { startStrapi } from './server';

const log = (l: string) => process.stderr.write(`${l}\n`);

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

function describe(name: string, body: unknown): string {
  const b = body as { data?: unknown; meta?: { pagination?: unknown }; error?: unknown };
  const data = name === 'graphql-list' ? (b?.data as { articles?: unknown } | undefined)?.articles : b?.data;
  if (Array.isArray(data)) return `${data.length} items${b.meta?.pagination ? ` ${JSON.stringify(b.meta.pagination)}` : ''}`;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    const parts = Object.keys(d).filter((k) => Array.isArray(d[k]) || (typeof d[k] === 'object' && d[k] !== null));
    return `document ${String(d.slug ?? d.documentId)}${parts.length ? ` with ${parts.map((k) => (Array.isArray(d[k]) ? `${k}[${(d[k] as unknown[]).length}]` : k)).join(', ')}` : ''}`;
  }
  return JSON.stringify(body).slice(0, 300);
}

async function main(): Promise<void> {
  const articles = Number(process.argv[2]);
  const repeats = Number(process.argv[3] ?? 3);
  if (!Number.isInteger(articles) || articles <= 0) throw new Error('usage: tsx bench/strapi/smoke.ts <articles> [repeats]');
  const seeded = await seededStrapiDatabase(articles, log);
  log(`seed: ${seeded.file} (${seeded.cached ? 'cached' : `seeded in ${((seeded.seedMs ?? 0) / 1000).toFixed(1)} s`})`);
  const strapi = await startStrapi({ dbFile: copyStrapiSeed(seeded.file, `smoke-${articles}`), port: Number(process.env.STRAPI_PORT) || 17110, log });
  let failed = 0;
  try {
    log(`idle RSS ${rssMb(strapi.pid).toFixed(0)} MB`);
    for (const req of scaleRequests(seeded.ids, articles)) {
      const times: number[] = [];
      let status = 0;
      let body: unknown;
      for (let k = 0; k < repeats; k += 1) {
        const started = performance.now();
        const res = await fetch(`${strapi.url}${req.path}`, { method: req.method, headers: req.body ? { 'content-type': 'application/json' } : {}, body: req.body });
        const text = await res.text();
        times.push(performance.now() - started);
        status = res.status;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      if (status !== 200) failed += 1;
      log(`${req.name.padEnd(17)} ${status} ${Math.min(...times).toFixed(0).padStart(6)} ms  ${describe(req.name, body)}`);
    }
    log(`RSS after ${rssMb(strapi.pid).toFixed(0)} MB`);
  } finally {
    await strapi.stop();
  }
  if (failed > 0) process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
