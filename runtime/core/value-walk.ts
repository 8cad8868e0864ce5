// One iterative walk over a JSON-like value, for every bound the layers check before anything
// recursive touches the value (the HTTP body guard, stored json/blocks values, GraphQL variables).
// JSON.parse accepts any depth without recursion; JSON.stringify, validators and graphql-js do not,
// so the depth is measured here with an explicit stack, and the walk stops at the first problem.

export interface WalkBounds {
  /** Levels of arrays/objects: the value itself is level 1. */
  maxDepth: number;
  /** Containers and scalars in the value (a CPU bound). */
  maxNodes?: number;
  /** Refuse NUL characters in strings and keys (PostgreSQL text cannot hold them). */
  refuseNul?: boolean;
  /** Refuse numbers that are not finite. */
  refuseNonFinite?: boolean;
  /** Refuse unpaired UTF-16 surrogates in strings and keys (no UTF-8 form: MariaDB's JSON refuses them). */
  refuseLoneSurrogates?: boolean;
}

export type WalkProblem = 'depth' | 'nodes' | 'nul' | 'nonFinite' | 'surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Whether `text` holds an unpaired UTF-16 surrogate, which has no UTF-8 form. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);
const textProblem = (text: string, bounds: WalkBounds): WalkProblem | undefined =>
  bounds.refuseNul && text.includes('\u0000') ? 'nul' : bounds.refuseLoneSurrogates && hasLoneSurrogate(text) ? 'surrogate' : undefined;

export function walkProblem(value: unknown, bounds: WalkBounds): WalkProblem | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (bounds.maxNodes !== undefined && ++nodes > bounds.maxNodes) return 'nodes';
    if (typeof current === 'string') {
      const problem = textProblem(current, bounds);
      if (problem) return problem;
      continue;
    }
    if (typeof current === 'number') {
      if (bounds.refuseNonFinite && !Number.isFinite(current)) return 'nonFinite';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth > bounds.maxDepth) return 'depth';
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(current)) {
      const problem = textProblem(key, bounds);
      if (problem) return problem;
      stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}
