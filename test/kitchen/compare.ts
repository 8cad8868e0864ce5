// The recorder's command line, shared by the side-by-side step sets (the kitchen kit's
// record.ts, test/relation-matrix/record.ts): runs the steps against real Strapi and, when given,
// against a generated app; prints the steps whose normalized answers differ (key order aside), and
// with --write records Strapi's answers into the set's answers file.
//   <record.ts> <Strapi URL> [<app URL>] [--write] [--show]
import { writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { runSteps, type Recorded, type Steps } from './steps';

/** The answers file: indented JSON, or with `oneLine` one answer per line (large step sets). */
function answersText(recorded: Recorded, oneLine: boolean): string {
  if (!oneLine) return `${JSON.stringify({ strapi: '5.54.0', recorded }, null, 2)}\n`;
  const lines = Object.entries(recorded).map(([name, answer]) => `    ${JSON.stringify(name)}: ${JSON.stringify(answer)}`);
  return `{\n  "strapi": "5.54.0",\n  "recorded": {\n${lines.join(',\n')}\n  }\n}\n`;
}

export async function compareWithStrapi(steps: Steps, answersFile: string, defaultStrapi: string, argv: string[], options: { oneLine?: boolean } = {}): Promise<void> {
  const [strapiBase, appBase] = argv.filter((a) => !a.startsWith('--'));
  const strapi = await runSteps(strapiBase ?? defaultStrapi, steps);
  if (argv.includes('--write')) writeFileSync(answersFile, answersText(strapi, options.oneLine === true));
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
