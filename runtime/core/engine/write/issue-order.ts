// The order in which Strapi 5.54 lists a write's validation errors. Its validator (yup) collects
// the errors of the attributes themselves in reverse schema order, then those found inside
// components, and sorts them all, stably, by the position of the first attribute whose name occurs
// *anywhere* in the error's path, substrings included. So errors mostly come in schema order,
// except where one attribute's name is part of another's path. Measured side by side on SkyTruth's
// schemas (test/skytruth):
// - locations, `name` first in the schema: `name_pt, name_fr, name_es, total_marine_area, type,
//   total_terrestrial_area` (the three `name_*` sort at `name`'s place, in reverse schema order);
// - layers (`title, type, config, params_config, …, metadata, …, legend_config, …, slug`):
//   `params_config, config, legend_config.items[0].value, metadata.description, slug`.
import type { ValidationIssue } from '../../errors';

/** yup's path text of an issue: `seo.metaTitle`, `sections[1].title`. */
function pathText(path: ValidationIssue['path']): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number' || /^\d+$/.test(part)) text += `[${part}]`;
    else text += text === '' ? part : `.${part}`;
  }
  return text;
}

/** `issues` (found in schema order) in the order Strapi 5.54 answers them; `keys`: the attributes in schema order. */
export function strapiIssueOrder(issues: ValidationIssue[], keys: readonly string[]): ValidationIssue[] {
  if (issues.length < 2) return issues;
  const position = new Map(keys.map((key, i) => [key, i]));
  const own = (issue: ValidationIssue): number => position.get(String(issue.path[0])) ?? -1;
  // Attributes' own errors first, then those inside components (path deeper than one), each group
  // in reverse schema order; one attribute's issues stay together, in their order.
  const group = (issue: ValidationIssue): number => (issue.path.length > 1 ? 1 : 0);
  const checked = issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => group(a.issue) - group(b.issue) || own(b.issue) - own(a.issue) || a.i - b.i)
    .map(({ issue }) => issue);
  const rank = (issue: ValidationIssue): number => {
    const text = pathText(issue.path);
    const at = keys.findIndex((key) => text.includes(key));
    return at < 0 ? Infinity : at;
  };
  const ranked = checked.map((issue) => ({ issue, rank: rank(issue) }));
  ranked.sort((a, b) => (a.rank === b.rank ? 0 : a.rank - b.rank));
  return ranked.map(({ issue }) => issue);
}
