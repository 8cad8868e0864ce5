// What the writer's attribute should read after each step, by the rules of draft & publish alone:
// the draft holds the last list written to it, the published version the list it was published
// with (a write with status=published writes both), and a published read shows the targets that
// have a published version, in the order written. A type without draft & publish has one list. No
// relation is lost and none moves: relation-matrix.test.ts holds the app to this where Strapi
// 5.54 loses or reorders a relation (docs/rest.md lists where), and checks the rest against Strapi.
import type { Case } from './cases';
import { TARGETS, type Ref, type Step } from './scripts';

export type View = Ref[] | Ref | null | 'absent';

export interface Views {
  draft: View;
  published: View;
}

interface State {
  draft: Ref[];
  published: Ref[] | null;
  /** Targets with a published version. */
  live: Set<Ref>;
}

/** The writer's views after each step of the case's script (null where the script has no step). */
export function modelViews(c: Case, steps: (Step | null)[]): (Views | null)[] {
  const versioned = c.writer.dp === 'on';
  const state: State = { draft: [], published: null, live: new Set(c.target.dp === 'on' ? ['t1', 't2'] : TARGETS) };
  const shape = (list: Ref[]): View => (c.toMany ? list : (list[0] ?? null));
  return steps.map((step) => {
    if (!step) return null;
    apply(state, step, versioned);
    return {
      draft: shape(state.draft),
      published: state.published === null ? 'absent' : shape(state.published.filter((t) => state.live.has(t))),
    };
  });
}

function apply(state: State, step: Step, versioned: boolean): void {
  switch (step.action) {
    case 'create':
      state.draft = step.list;
      state.published = step.list;
      return;
    case 'update':
      state.draft = step.list;
      if (step.status === 'published' || !versioned) state.published = step.list;
      return;
    case 'publish':
      if (step.who === 'w') state.published = state.draft;
      else state.live.add(step.who);
      return;
    case 'unpublish':
      if (step.who === 'w') state.published = null;
      else state.live.delete(step.who);
      return;
    case 'discardDraft':
      if (state.published) state.draft = state.published;
      return;
  }
}

/** The view a write answers with: the version it wrote (create and publish answer the published one). */
export function writtenView(step: Step, views: Views): View | undefined {
  if (step.action === 'create' || (step.action === 'publish' && step.who === 'w')) return views.published;
  if (step.action === 'update') return step.status === 'draft' ? views.draft : views.published;
  return undefined;
}
