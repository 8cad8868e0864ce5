// Records real Strapi's answers to the parity-a steps: `tsx test/strapi-answers/record.ts
// http://127.0.0.1:1338` against the oracle (test/strapi-oracle, seeded), then commit
// parity-a.json. Each step cleans up what it created.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runParityA } from './parity-a';

async function main(): Promise<void> {
  const base = process.argv[2] ?? 'http://127.0.0.1:1338';
  const recorded = await runParityA(base);
  writeFileSync(join(__dirname, 'parity-a.json'), `${JSON.stringify({ strapi: '5.54.0', recorded }, null, 2)}\n`);
  process.stdout.write(`recorded ${Object.keys(recorded).length} answers from ${base}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
