// `$not` the way Strapi evaluates it: per joined row, not per document.
//
// Strapi LEFT JOINs every relation/component/media path of a filter into one query and keeps a
// document when some joined row satisfies the whole WHERE; `$not` is applied to that row's
// condition. `filters[$not][categories][name][$eq]=Design` thus keeps a document that has any
// category other than Design. The compiler turns each traversal into an EXISTS (one existential per
// path), so the negation has to be moved inside every traversal before compiling: De Morgan through
// `$and`/`$or` (valid in SQL's three-valued logic), double negations cancel, and a negated traversal
// becomes a traversal of the negated condition. What is left is `not` directly around comparisons.
import type { FilterNode } from '../query/ast';

/** The node equivalent to `NOT node` with every negation pushed down onto comparisons. */
export function negateFilter(node: FilterNode): FilterNode {
  switch (node.kind) {
    case 'and':
      return { kind: 'or', children: node.children.map(negateFilter) };
    case 'or':
      return { kind: 'and', children: node.children.map(negateFilter) };
    case 'not':
      return node.child;
    case 'compare':
      return { kind: 'not', child: node };
    case 'traverse':
      return { kind: 'traverse', attribute: node.attribute, child: negateFilter(node.child) };
  }
}
