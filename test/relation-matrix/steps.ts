// The relation matrix (test/relation-matrix/README.md): every case of cases.ts runs its script
// (scripts.ts) in lock step with the others. Round k writes step k of every case, then every
// document of the run is read back over REST and over GraphQL, per type and status (a few batched
// list requests instead of one request per document), and each case keeps what its own documents
// answered: the writer's attribute and its targets' inverse attribute, in the draft and in the
// published version. One recorded answer per case and step:
//   { status, body: { write, rest, graphql } }
// `write` is the write's answer (the attribute it returned, or the error), `rest`/`graphql` map
// each document (`w`, `t1`…) to `{ draft, published }`: the related documents' labels (a list for
// a to-many attribute, a label or null for a to-one), or `absent` when the version does not exist.
// Morph relations are read over REST only: Strapi 5.54's GraphQL fails on them.
import type { Answer, Steps } from '../answers/run';
import { allCases, KINDS, type Case } from './cases';
import { scriptOf, TARGETS, type Ref, type Step } from './scripts';
import { perform, snapshot, type Docs, type Snapshot, type Status } from './transports';

/** The recorded answer's name: the case, the step's number and its name. */
export const entryName = (c: Case, index: number, step: Step): string => `${c.id} ${String(index + 1).padStart(2, '0')} ${step.name}`;

interface Run {
  c: Case;
  docs: Docs;
  steps: (Step | null)[];
  prefix: string;
}

type Label = 'w' | Ref;

/** A populated relation, as the labels of its documents (names outside the case are kept whole). */
function labels(run: Run, value: unknown, toMany: boolean): unknown {
  const labelOf = (doc: unknown) => {
    const name = String((doc as { name?: unknown } | null)?.name);
    return name.startsWith(run.prefix) ? name.slice(run.prefix.length) : `?${name}`;
  };
  if (value === undefined) return 'missing';
  if (toMany) return Array.isArray(value) ? value.map(labelOf) : value;
  return value === null ? null : labelOf(value);
}

function readsOf(run: Run, snap: Snapshot): Record<string, Record<Status, unknown>> {
  const out: Record<string, Record<Status, unknown>> = {};
  const docs: { label: Label; uid: string; attribute: string; toMany: boolean }[] = [{ label: 'w', uid: run.c.writer.uid, attribute: run.c.attribute, toMany: run.c.toMany }];
  // The other side of a two-way relation; one-way and morph relations have nothing to read there.
  if (run.c.inverse && !run.c.morph) {
    const info = KINDS[run.c.kind];
    const toMany = run.c.side === 'owner' ? info.inverseToMany === true : info.ownerToMany;
    for (const label of TARGETS) docs.push({ label, uid: run.c.target.uid, attribute: run.c.inverse, toMany });
  }
  for (const { label, uid, attribute, toMany } of docs) {
    const read = (status: Status) => {
      const doc = snap.get(`${uid} ${status}`)?.get(`${run.prefix}${label}`);
      return doc ? labels(run, doc[attribute], toMany) : 'absent';
    };
    out[label] = { draft: read('draft'), published: read('published') };
  }
  return out;
}

/** What a write answered: its status and the attribute it returned, or its error. */
function writeOf(run: Run, answer: Answer): unknown {
  const body = answer.body as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[]; error?: unknown } | null;
  if (body?.errors) return { errors: body.errors.map((e) => ({ message: e.message, code: e.extensions?.code })) };
  if (body?.error) return { error: body.error };
  let data = body?.data as Record<string, unknown> | null | undefined;
  // GraphQL wraps the document in the mutation's field.
  const field = data ? Object.keys(data).find((key) => /^(create|update)[A-Z]/.test(key)) : undefined;
  if (data && field) data = data[field] as Record<string, unknown> | null;
  if (!data || !(run.c.attribute in data)) return data && 'entries' in data ? { entries: (data.entries as unknown[]).length } : {};
  return { [run.c.attribute]: labels(run, data[run.c.attribute], run.c.toMany) };
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The matrix's steps. `concurrency`: how many cases write at once within a round. Cases share no
 * document, so their answers do not depend on it; the recorder writes one at a time (Strapi on
 * SQLite), the replay several (test/e2e/relation-matrix.test.ts: commits dominate its time).
 * `cases`: the cases run (all by default; the replay runs fewer on some databases).
 */
export const matrixSteps =
  (concurrency = 1, cases: Case[] = allCases()): Steps =>
  async ({ send, keep, stamp }) => {
    const runs: Run[] = cases.map((c) => ({ c, docs: new Map(), steps: scriptOf(c), prefix: `${stamp} ${c.id} ` }));

    // Seed: t1 and t2 published, t3 a draft only (on a type with draft & publish).
    await eachLimited(runs, concurrency, async (run) => {
      for (const label of TARGETS) {
        const status = label === 't3' ? 'draft' : 'published';
        const answer = await send({ method: 'POST', path: `/api/${run.c.target.plural}?status=${status}`, body: { data: { name: `${run.prefix}${label}` } } });
        const data = (answer.body as { data?: { documentId?: string } } | null)?.data;
        if (answer.status !== 201 || !data?.documentId) throw new Error(`seeding ${run.c.id} ${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
        run.docs.set(label, { documentId: data.documentId });
      }
    });

    const rounds = Math.max(...runs.map((r) => r.steps.length));
    for (let index = 0; index < rounds; index++) {
      const written: { run: Run; step: Step; answer: Answer }[] = [];
      await eachLimited(runs, concurrency, async (run) => {
        const step = run.steps[index];
        if (!step) return;
        const answer = await perform(send, run.c, run.docs, step, (label) => `${run.prefix}${label}`);
        if (step.action === 'create') {
          const data = (answer.body as { data?: Record<string, unknown> } | null)?.data;
          const doc = (run.c.transport === 'graphql' ? data?.[`create${run.c.writer.graphqlType}`] : data) as { documentId?: string } | undefined;
          if (!doc?.documentId) throw new Error(`creating ${run.c.id} w: ${answer.status} ${JSON.stringify(answer.body)}`);
          run.docs.set('w', { documentId: doc.documentId });
        }
        written.push({ run, step, answer });
      });
      const rest = await snapshot(send, 'rest', stamp);
      const graphql = await snapshot(send, 'graphql', stamp);
      // Recorded in case order, whatever order the writes finished in.
      for (const run of runs) {
        const done = written.find((w) => w.run === run);
        if (!done) continue;
        const reads = run.c.morph ? { rest: readsOf(run, rest) } : { rest: readsOf(run, rest), graphql: readsOf(run, graphql) };
        keep(entryName(run.c, index, done.step), { status: done.answer.status, body: { write: writeOf(run, done.answer), ...reads } });
      }
    }
  };

