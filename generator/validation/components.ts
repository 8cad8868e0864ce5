// Component references exist (component attributes and dynamic-zone entries), and no component
// contains itself, directly or through others (it could never be written or populated).
import { attributePath } from '../problems';
import { holders, type CheckContext } from './check-context';

export function checkComponentReferences(ctx: CheckContext): void {
  for (const { definition } of holders(ctx)) {
    const report = ctx.problems.at(definition.file);
    for (const attribute of definition.attributes) {
      const refs =
        attribute.kind === 'component'
          ? [{ uid: attribute.component, path: attributePath(attribute.name, 'component') }]
          : attribute.kind === 'dynamiczone'
            ? attribute.components.map((uid, i) => ({ uid, path: attributePath(attribute.name, `components[${i}]`) }))
            : [];
      for (const ref of refs) {
        if (ctx.unreadable.has(ref.uid) || ctx.components.has(ref.uid)) continue;
        const hint = ctx.contentTypes.has(ref.uid) ? ' (it is a content type; use a relation)' : '';
        report(ref.path, `component "${ref.uid}" does not exist${hint}`);
      }
    }
  }
}

/** Components each component contains directly, in attribute order, with the attribute holding it. */
function componentEdges(ctx: CheckContext): Map<string, { attribute: string; to: string }[]> {
  const edges = new Map<string, { attribute: string; to: string }[]>();
  for (const component of ctx.definitions.components) {
    const out: { attribute: string; to: string }[] = [];
    for (const attribute of component.attributes) {
      if (attribute.kind === 'component' && ctx.components.has(attribute.component)) out.push({ attribute: attribute.name, to: attribute.component });
    }
    edges.set(component.uid, out);
  }
  return edges;
}

/** Shortest chain of components from `from` to `to`, both included, or undefined. */
function shortestChain(edges: Map<string, { to: string }[]>, from: string, to: string): string[] | undefined {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (current === to) {
      const chain = [current];
      for (let step = previous.get(current); step !== null && step !== undefined; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const edge of edges.get(current) ?? []) {
      if (!previous.has(edge.to)) {
        previous.set(edge.to, current);
        queue.push(edge.to);
      }
    }
  }
  return undefined;
}

/** Reports every component attribute that closes a cycle, with the cycle spelled out. */
export function checkComponentCycles(ctx: CheckContext): void {
  const edges = componentEdges(ctx);
  for (const component of ctx.definitions.components) {
    for (const edge of edges.get(component.uid) ?? []) {
      const back = shortestChain(edges, edge.to, component.uid);
      if (!back) continue;
      const cycle = [component.uid, ...back].join(' → ');
      ctx.problems.at(component.file)(attributePath(edge.attribute, 'component'), `component cycle: ${cycle}`);
    }
  }
}
