// The recorder of Strapi's answers, for every set (sets.ts): runs the set's steps against real
// Strapi 5.54 started on the set's project and, when given, against a generated app; prints the
// steps whose normalized answers differ (and where key order is compared, differ in it), and with
// --write records Strapi's answers into the set's file, which the set's e2e suite replays.
//   npx tsx test/answers/record.ts <set> [<Strapi URL>] [<app URL>] [--write] [--show]
import { isDeepStrictEqual } from 'node:util';
import { keyOrder } from './normalize';
import { runSteps } from './run';
import { SETS, writeAnswers, type AnswerSet } from './sets';

function usage(): never {
  const lines = Object.values(SETS).map((set: AnswerSet) => `  ${set.name.padEnd(16)} ${set.about}; Strapi at ${set.strapi}`);
  process.stderr.write(`usage: tsx test/answers/record.ts <set> [<Strapi URL>] [<app URL>] [--write] [--show]\nsets:\n${lines.join('\n')}\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const [name, strapiBase, appBase] = argv.filter((a) => !a.startsWith('--'));
  const set: AnswerSet | undefined = (SETS as Record<string, AnswerSet>)[name ?? ''];
  if (!set) usage();
  const strapi = await runSteps(strapiBase ?? set.strapi, set.steps, set.run);
  if (argv.includes('--write')) writeAnswers(set, strapi);
  process.stdout.write(`${Object.keys(strapi).length} answers from Strapi${argv.includes('--write') ? `, written to test/${set.file}` : ''}\n`);
  if (!appBase) return;
  const ours = await runSteps(appBase, set.steps, set.run);
  const differing = Object.keys(strapi).filter((step) => {
    if (!isDeepStrictEqual(strapi[step], ours[step])) return true;
    return set.keyOrder?.(step) === true && !isDeepStrictEqual(keyOrder(strapi[step].body), keyOrder(ours[step]?.body));
  });
  for (const step of differing) {
    process.stdout.write(`DIFF ${step}\n`);
    if (argv.includes('--show')) process.stdout.write(`  strapi: ${JSON.stringify(strapi[step])}\n  ours:   ${JSON.stringify(ours[step])}\n`);
  }
  const extra = Object.keys(ours).filter((step) => !(step in strapi));
  for (const step of extra) process.stdout.write(`ONLY OURS ${step}\n`);
  process.stdout.write(`${Object.keys(strapi).length - differing.length} of ${Object.keys(strapi).length} identical\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
