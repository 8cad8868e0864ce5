// Runs the loose steps against real Strapi 5.54 (started on test/loose-kit, see test/loose/README.md)
// and, when given, against a generated app; prints the steps whose normalized answers differ, and
// with --write records Strapi's answers into answers.json (test/e2e/loose-answers.test.ts replays them).
//   tsx test/loose/record.ts http://127.0.0.1:1344 [http://127.0.0.1:<app>] [--write] [--show]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { runLoose } from './steps';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const [strapiBase, appBase] = args.filter((a) => !a.startsWith('--'));
  const strapi = await runLoose(strapiBase ?? 'http://127.0.0.1:1344');
  if (args.includes('--write')) writeFileSync(join(__dirname, 'answers.json'), `${JSON.stringify({ strapi: '5.54.0', recorded: strapi }, null, 2)}\n`);
  process.stdout.write(`${Object.keys(strapi).length} answers from Strapi\n`);
  if (!appBase) return;
  const ours = await runLoose(appBase);
  const differing = Object.keys(strapi).filter((name) => !isDeepStrictEqual(strapi[name], ours[name]));
  for (const name of differing) {
    process.stdout.write(`DIFF ${name}\n`);
    if (args.includes('--show')) process.stdout.write(`  strapi: ${JSON.stringify(strapi[name])}\n  ours:   ${JSON.stringify(ours[name])}\n`);
  }
  process.stdout.write(`${Object.keys(strapi).length - differing.length} of ${Object.keys(strapi).length} identical\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
