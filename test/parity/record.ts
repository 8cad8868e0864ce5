// Side by side with the Strapi oracle: seeds both servers with the parity set, sends every case
// to both, prints the cases whose normalized answers differ, and with --write records the
// oracle's answers into test/parity/recorded/<group>.json (replayed by test/e2e/parity-recorded.test.ts).
//   node --import tsx test/parity/record.ts --oracle http://127.0.0.1:1338 --app http://127.0.0.1:14701 [--write] [--grep text]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARITY_GROUPS } from './cases';
import { fetchAnswer, type RecordedGroup } from './recorded';
import { keyOrder } from './normalize';
import { seedParity } from './seed';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};

async function main(): Promise<void> {
  const oracle = arg('oracle') ?? 'http://127.0.0.1:1338';
  const app = arg('app');
  const grep = arg('grep');
  const write = process.argv.includes('--write');
  await seedParity(oracle);
  if (app) await seedParity(app);
  let differences = 0;
  for (const group of PARITY_GROUPS) {
    const recorded: RecordedGroup = { group: group.group, keyOrder: group.keyOrder ?? false, cases: [] };
    for (const c of group.cases) {
      if (grep && !c.name.includes(grep) && !group.group.includes(grep)) continue;
      const expected = await fetchAnswer(oracle, c.path);
      recorded.cases.push({ name: c.name, path: c.path, status: expected.status, body: expected.body });
      if (!app) continue;
      const actual = await fetchAnswer(app, c.path);
      const same = actual.status === expected.status && JSON.stringify(sortKeys(actual.body)) === JSON.stringify(sortKeys(expected.body));
      const sameOrder = !group.keyOrder || JSON.stringify(keyOrder(actual.body)) === JSON.stringify(keyOrder(expected.body));
      if (same && sameOrder) continue;
      differences++;
      console.log(`\n✗ ${group.group} / ${c.name}\n  ${c.path}`);
      console.log(`  oracle ${expected.status}: ${JSON.stringify(expected.body).slice(0, 1500)}`);
      console.log(`  app    ${actual.status}: ${JSON.stringify(actual.body).slice(0, 1500)}`);
    }
    if (write && !grep) writeFileSync(join(__dirname, 'recorded', `${group.group}.json`), `${JSON.stringify(recorded, null, 2)}\n`);
  }
  console.log(`\n${differences} difference(s)`);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
