// REST's bounds on query parameters, applied to the GraphQL arguments that become them (`filters`,
// `sort`). A REST query string goes through qs with lists of at most QUERY_ARRAY_LIMIT items and
// keys of at most QUERY_DEPTH_LIMIT bracketed segments (parse-query-string.ts); GraphQL variables
// arrive as JSON, with no such limit, so a 3,000-deep `not` chain or a 100,000-item `in` list went
// straight into the conversion (recursive) and towards SQL. The same bounds hold here, measured
// the way qs counts them: `{ or: [{ title: { in: ["a"] } }] }` is `filters[$or][0][title][$in][0]`,
// five segments; and at most QUERY_PARAMETER_LIMIT values, as a query string holds at most that many
// parameters. The walk is iterative: any depth is measured safely, before anything recurses.
import { ValidationError } from '@cms-gen/core/errors';
import { QUERY_ARRAY_LIMIT, QUERY_DEPTH_LIMIT, QUERY_PARAMETER_LIMIT } from '@cms-gen/core/query/parse-query-string';

interface Pending {
  value: unknown;
  /** Segments from the parameter to `value` (`filters.or.0` is 2). */
  segments: number;
  path: string;
}

/** Throws a 400 ValidationError when `value` (the argument `param`) exceeds REST's bounds. */
export function checkArgumentBounds(param: string, value: unknown): void {
  const stack: Pending[] = [{ value, segments: 0, path: param }];
  let values = 0;
  while (stack.length > 0) {
    const { value: current, segments, path } = stack.pop() as Pending;
    if (current === undefined) continue;
    if (typeof current !== 'object' || current === null) {
      if (++values > QUERY_PARAMETER_LIMIT) {
        throw new ValidationError(`Too many values in ${param}: at most ${QUERY_PARAMETER_LIMIT} are allowed`, { source: 'query', param, limit: QUERY_PARAMETER_LIMIT });
      }
      continue;
    }
    if (segments >= QUERY_DEPTH_LIMIT) {
      // Its items or keys would sit one segment deeper than REST allows.
      const empty = Array.isArray(current) ? current.length === 0 : Object.keys(current).length === 0;
      if (empty) continue;
      throw new ValidationError(`${param} is nested too deeply: at most ${QUERY_DEPTH_LIMIT} levels are allowed`, { source: 'query', param, path, limit: QUERY_DEPTH_LIMIT });
    }
    if (Array.isArray(current)) {
      if (current.length > QUERY_ARRAY_LIMIT) {
        throw new ValidationError(`Array too long: at most ${QUERY_ARRAY_LIMIT} items are allowed in ${path}`, { source: 'query', param, path, limit: QUERY_ARRAY_LIMIT });
      }
      current.forEach((item, index) => stack.push({ value: item, segments: segments + 1, path: `${path}.${index}` }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) stack.push({ value: item, segments: segments + 1, path: `${path}.${key}` });
  }
}
