// The recorder's command line, shared by the side-by-side step sets (the kitchen kit's
// record.ts, test/relation-matrix/record.ts): runs the steps against real Strapi and, when given,
// against a generated app; prints the steps whose normalized answers differ (key order aside), and
// with --write records Strapi's answers into the set's answers file.
//   <record.ts> <Strapi URL> [<app URL>] [--write] [--show]
import { writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { runSteps, type Steps } from './steps';

export async function compareWithStrapi(steps: Steps, answersFile: string, defaultStrapi: string, argv: string[]): Promise<void> {
  const [strapiBase, appBase] = argv.filter((a) => !a.startsWith('--'));
  const strapi = await runSteps(strapiBase ?? defaultStrapi, steps);
  if (argv.includes('--write')) writeFileSync(answersFile, `${JSON.stringify({ strapi: '5.54.0', recorded: strapi }, null, 2)}\n`);
  process.stdout.write(`${Object.keys(strapi).length} answers from Strapi\n`);
  if (!appBase) return;
  const ours = await runSteps(appBase, steps);
  const differing = Object.keys(strapi).filter((name) => !isDeepStrictEqual(strapi[name], ours[name]));
  for (const name of differing) {
    process.stdout.write(`DIFF ${name}\n`);
    if (argv.includes('--show')) process.stdout.write(`  strapi: ${JSON.stringify(strapi[name])}\n  ours:   ${JSON.stringify(ours[name])}\n`);
  }
  process.stdout.write(`${Object.keys(strapi).length - differing.length} of ${Object.keys(strapi).length} identical\n`);
}

export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
