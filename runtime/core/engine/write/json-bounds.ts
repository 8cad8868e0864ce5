// Bounds of a `json` or `blocks` value a client may store. Without them a value nested a few
// thousand levels deep was stored and then broke every read of its type: JSON.stringify, GraphQL
// serialization and our own walkers recurse, and run out of stack at a depth that depends on the
// call site (about 4,000 levels when writing a REST response). The walk here is iterative, so any
// depth is measured safely, and it stops at the first problem.

import { walkProblem } from '../../value-walk';

/**
 * Levels of arrays/objects in one value (the value itself is level 1). MariaDB sets the bound: its
 * JSON columns carry CHECK (json_valid(...)), and json_valid refuses 32 levels (measured on
 * 10.11), so a deeper value stored on SQLite and PostgreSQL would be a constraint error there.
 */
export const MAX_JSON_DEPTH = 31;
/** Serialized size, the REST body limit's default (1 MiB): GraphQL variables are no way around it. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Containers and scalars in one value; a 1 MiB body holds at most ~350k of them, this is a CPU bound. */
export const MAX_JSON_NODES = 100_000;

const PROBLEMS = {
  depth: `must be nested at most ${MAX_JSON_DEPTH} levels deep`,
  nodes: `must hold at most ${MAX_JSON_NODES} values`,
  nul: 'must not contain NUL characters (\\u0000)',
  nonFinite: 'must hold finite numbers only',
  // JSON.stringify writes one as an escape ("\ud83d"): SQLite and PostgreSQL's json stored it,
  // MariaDB's CHECK (json_valid(...)) refused it (a 400 there only), and it has no UTF-8 form.
  surrogate: 'must not contain unpaired surrogate characters (\\uD800-\\uDFFF)',
} as const;

/** What is wrong with `value` as stored JSON, or undefined when it fits the bounds. */
export function jsonValueProblem(value: unknown): string | undefined {
  const problem = walkProblem(value, { maxDepth: MAX_JSON_DEPTH, maxNodes: MAX_JSON_NODES, refuseNul: true, refuseNonFinite: true, refuseLoneSurrogates: true });
  if (problem) return PROBLEMS[problem];
  // Safe now: the depth is bounded, so stringify cannot overflow the stack.
  const text = JSON.stringify(value) ?? '';
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) return `must be at most ${MAX_JSON_BYTES} bytes as JSON`;
  return undefined;
}
