// Runs the battery (battery.ts) against a server and writes the answers as JSON:
//   npx tsx test/transfer/record-battery.ts http://127.0.0.1:44001 test/transfer/answers/strapi.json
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { runBattery } from './battery';

async function main(): Promise<void> {
  const [base, out] = process.argv.slice(2);
  if (!base || !out) throw new Error('usage: record-battery.ts <base url> <out.json>');
  const answers = await runBattery(base);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ strapi: '5.54.0', answers }, null, 2)}\n`);
  process.stdout.write(`recorded ${Object.keys(answers).length} answers from ${base} into ${out}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
