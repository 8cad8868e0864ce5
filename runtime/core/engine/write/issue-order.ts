// The order in which Strapi 5.54 lists a write's validation errors. Its validator (yup) collects
// the errors of the attributes themselves in reverse schema order, then those of components (one
// error per component attribute, holding its inner errors), and sorts them, stably, by the position
// of the first attribute whose name occurs *anywhere* in the erring attribute's name, substrings
// included. So errors mostly come in schema order, except where one attribute's name is part of
// another's. Measured side by side on SkyTruth's schemas (test/skytruth):
// - locations, `name` first in the schema: `name_pt, name_fr, name_es, total_marine_area, type,
//   total_terrestrial_area` (the three `name_*` sort at `name`'s place, in reverse schema order);
// - layers (`title, type, config, params_config, …, metadata, …, legend_config, …, slug`):
//   `params_config, config, legend_config.items[0].value, metadata.description, slug`;
// and on the blog fixture, publishing a draft (test/e2e/draft-required.test.ts): `seo.meta_title,
// sections[0].label, sections[1].title`, although `title` is the first attribute.
import { validationFailed, type ValidationError, type ValidationIssue } from '../../errors';

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
  // An attribute's errors reach that sort as one error named by the attribute (a component's
  // inner errors inside it), so only the attribute's own name is matched.
  const rank = (issue: ValidationIssue): number => {
    if (issue.path.length === 0) return Infinity;
    const name = String(issue.path[0]);
    const at = keys.findIndex((key) => name.includes(key));
    return at < 0 ? Infinity : at;
  };
  const ranked = checked.map((issue) => ({ issue, rank: rank(issue) }));
  ranked.sort((a, b) => (a.rank === b.rank ? 0 : a.rank - b.rank));
  return ranked.map(({ issue }) => issue);
}

/** The ValidationError answering `issues` of a shape whose attributes are `attributes` (in schema order). */
export function failedInStrapiOrder(issues: ValidationIssue[], attributes: Record<string, unknown>): ValidationError {
  return validationFailed(strapiIssueOrder(issues, Object.keys(attributes)));
}
