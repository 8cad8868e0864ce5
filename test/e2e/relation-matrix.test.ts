// The relation matrix (test/relation-matrix/README.md) replayed on SQLite, PostgreSQL and MariaDB:
// every relation kind of test/relation-kit, written from either side, with draft & publish on or
// off on each side, over REST, GraphQL and the Document Service, read back from both sides in both
// statuses. Each answer must equal the one Strapi 5.54 gave (answers.json, recorded by
// `tsx test/answers/record.ts relation-matrix`), except where Strapi loses, reorders or duplicates a relation:
// DIFFERENCES lists those (docs/rest.md, "Differences from Strapi 5, on purpose"), and there the
// writer's attribute must read as model.ts says (nothing lost, nothing moved), while Strapi's answer
// must differ from it in the listed way only.
import { isDeepStrictEqual } from 'node:util';
import { describeReplay } from '../answers/replay';
import type { Answer } from '../answers/run';
import type { TestDatabase } from '../helpers/fixture-app';
import { SETS } from '../answers/sets';
import { startRelationKitApp } from '../helpers/relation-kit-app';
import { allCases, type Case } from '../relation-matrix/cases';
import { modelViews, writtenView, type View, type Views } from '../relation-matrix/model';
import { scriptOf, type Step } from '../relation-matrix/scripts';
import { entryName, matrixSteps } from '../relation-matrix/steps';

interface Entry {
  status: number;
  body: { write: Record<string, unknown>; rest: Record<string, Views>; graphql?: Record<string, Views> };
}

interface Difference {
  /** What Strapi 5.54 does there (docs/rest.md says the same). */
  why: string;
  applies(c: Case, step: Step, index: number): boolean;
  /** How Strapi's value of the writer's attribute relates to the app's (the model's). */
  theirs(strapiView: unknown, model: View, views: Views): boolean;
  /** Only the write's answer differs (the reads are Strapi's). */
  writeOnly?: true;
}

const publishT3 = (c: Case) => scriptOf(c).findIndex((s) => s?.name === 'publish t3');
const asList = (view: unknown): unknown[] => (Array.isArray(view) ? view : view === null || view === 'absent' ? [] : [view]);
const dedupe = (view: unknown): unknown[] => [...new Set(asList(view))];
/** `part` is `whole` with some entries left out (the order kept). */
const subsequence = (part: unknown, whole: unknown): boolean => {
  const rest = [...asList(whole)];
  return asList(part).every((x) => {
    const at = rest.indexOf(x);
    return at >= 0 && rest.splice(0, at + 1).length > 0;
  });
};
const sameMembers = (a: unknown, b: unknown) => isDeepStrictEqual([...asList(a)].map(String).sort(), [...asList(b)].map(String).sort());

const DIFFERENCES: Difference[] = [
  {
    why: 'a to-many morph relation written as [] is emptied; Strapi 5.54 leaves it as it was',
    applies: (c, step) => c.kind === 'morph_many' && step.name === 'update empty',
    theirs: (view, model) => asList(model).length === 0 && asList(view).length > 0,
  },
  {
    why: 'morph entries from a type without draft & publish are the version read; Strapi 5.54 lists the draft and the published row of each, in any status',
    applies: (c) => c.kind === 'morph_many' && c.writer.dp === 'off' && c.target.dp === 'on',
    theirs: (view, _model, views) => isDeepStrictEqual(dedupe(view), asList(views.draft)),
  },
  {
    // Strapi issues #25361 and #24438: one-way and morph relations to a document that is published
    // after the relation was written, or unpublished and published again, are dropped.
    why: 'one-way and morph relations stay when their target is published later or republished; Strapi 5.54 drops them',
    applies: (c, _step, index) => (c.kind === 'way' || c.kind === 'ways' || c.kind === 'morph_many') && c.writer.dp === 'on' && c.target.dp === 'on' && index >= publishT3(c),
    theirs: (view, model) => subsequence(view, model),
  },
  {
    why: 'a related document published after the relation was written keeps the place it was given; Strapi 5.54 moves it to the end',
    applies: (c, _step, index) => c.toMany && !c.morph && c.kind !== 'ways' && c.writer.dp === 'on' && c.target.dp === 'on' && index >= publishT3(c),
    theirs: (view, model) => sameMembers(view, model),
  },
  {
    why: "GraphQL mutations on a type without draft & publish answer related documents in the mutation's status; Strapi 5.54 lists the draft and the published version of each",
    applies: (c) => c.transport === 'graphql' && c.writer.dp === 'off' && c.target.dp === 'on',
    theirs: (view, _model, views) => isDeepStrictEqual(dedupe(view), asList(views.draft)),
    writeOnly: true,
  },
];

/** Checks one step's answer; returns what is wrong, or nothing. */
function check(c: Case, step: Step, index: number, model: Views, ours: Entry, theirs: Entry): string[] {
  if (isDeepStrictEqual(ours, theirs)) return [];
  const difference = DIFFERENCES.find((d) => d.applies(c, step, index));
  if (!difference) return [`differs from Strapi:\n  strapi ${JSON.stringify(theirs)}\n  ours   ${JSON.stringify(ours)}`];
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => ok || problems.push(`${what} (${difference.why}):\n  strapi ${JSON.stringify(theirs)}\n  ours   ${JSON.stringify(ours)}\n  model  ${JSON.stringify(model)}`);
  expect(ours.status === theirs.status, 'status');
  // The write's answer: the version it wrote, as the model reads it.
  const written = writtenView(step, model);
  if (written !== undefined && c.attribute in ours.body.write) {
    expect(isDeepStrictEqual(ours.body.write[c.attribute], written), 'the write answers the model');
    const strapiWrote = theirs.body.write[c.attribute];
    expect(isDeepStrictEqual(strapiWrote, written) || difference.theirs(strapiWrote, written, model), "Strapi's write answer differs as listed");
  } else expect(isDeepStrictEqual(ours.body.write, theirs.body.write), 'the write answers as Strapi');
  for (const transport of ['rest', 'graphql'] as const) {
    const [mine, other] = [ours.body[transport], theirs.body[transport]];
    if (!mine || !other || difference.writeOnly) {
      expect(isDeepStrictEqual(mine, other), `${transport} reads as Strapi`);
      continue;
    }
    // The writer reads as the model; its targets as Strapi.
    expect(isDeepStrictEqual(mine.w, model), `${transport}: the writer reads as the model`);
    for (const status of ['draft', 'published'] as const) {
      expect(isDeepStrictEqual(other.w[status], model[status]) || difference.theirs(other.w[status], model[status], model), `${transport}: Strapi's ${status} read differs as listed`);
    }
    const rest = (reads: Record<string, Views>) => Object.fromEntries(Object.entries(reads).filter(([label]) => label !== 'w'));
    expect(isDeepStrictEqual(rest(mine), rest(other)), `${transport}: the targets read as Strapi`);
  }
  return problems;
}

/**
 * The cases written on each database. SQLite runs all of them. PostgreSQL and MariaDB run the cases
 * written over REST and the Document Service, not those written over GraphQL: a GraphQL mutation
 * reaches the same collection create/update as REST with a plain list of documentIds (REST's `plain`
 * steps), and publishes as REST does (an update with status published), so its SQL is the REST
 * cases'; what is GraphQL's own (its inputs, its answers) does not depend on the database and is
 * checked on SQLite. Every document is still read back over GraphQL after every round on all three
 * databases, so GraphQL's relation reads (its populate) run on each dialect.
 */
const casesOn = (database: TestDatabase): Case[] => allCases().filter((c) => database === 'sqlite' || c.transport !== 'graphql');
/** Cases writing at once: the answers do not depend on it (cases share no document); the time does. */
const CONCURRENCY = 8;

describeReplay(SETS['relation-matrix'], {
  title: 'the relation matrix against Strapi 5.54, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startRelationKitApp(database),
  steps: (database) => matrixSteps(CONCURRENCY, casesOn(database)),
  replays: (database) => {
    const ids = new Set(casesOn(database).map((c) => c.id));
    // Entry names are `<case id> <step number> <step name>`.
    return (name) => ids.has(name.slice(0, name.indexOf(' ')));
  },
  timeout: 300_000,
  each: false,
  more: (replayed, database) => {
    const CASES = casesOn(database);
    it.each(CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
      const { ours, strapi } = replayed();
      const steps = scriptOf(c);
      const views = modelViews(c, steps);
      const problems: string[] = [];
      steps.forEach((step, index) => {
        if (!step) return;
        const name = entryName(c, index, step);
        for (const problem of check(c, step, index, views[index] as Views, ours[name] as Answer as Entry, strapi[name] as Answer as Entry)) problems.push(`${name}: ${problem}`);
      });
      expect(problems).toEqual([]);
    });

    it('shows each listed difference somewhere (a difference Strapi no longer makes is taken off the list)', () => {
      const { ours, strapi } = replayed();
      const shown = new Set<string>();
      for (const c of CASES) {
        scriptOf(c).forEach((step, index) => {
          if (!step) return;
          const name = entryName(c, index, step);
          const difference = DIFFERENCES.find((d) => d.applies(c, step, index));
          if (difference && !isDeepStrictEqual(ours[name], strapi[name])) shown.add(difference.why);
        });
      }
      // Each difference that applies to a step of the cases run here (on SQLite: all of them).
      const listed = DIFFERENCES.filter((d) => CASES.some((c) => scriptOf(c).some((step, index) => step !== null && d.applies(c, step, index))));
      expect([...shown].sort()).toEqual(listed.map((d) => d.why).sort());
    });
  },
});
