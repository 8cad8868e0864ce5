// What each case does, step by step: the writer `w` and three documents on the other side, `t1`
// and `t2` published and `t3` a draft only (where the type has draft & publish). The steps cover
// create, updates of the draft alone and of the published version, connect (with positions),
// disconnect and set, and publishing, unpublishing and discarding the draft of the writer and of
// its targets: a target published after the writer (Strapi issue #25361) and a target unpublished
// and published again (#24438) among them.
import type { Case } from './cases';

export type Ref = 't1' | 't2' | 't3';
export const TARGETS: Ref[] = ['t1', 't2', 't3'];

export interface Position {
  before?: Ref;
  after?: Ref;
  start?: true;
  end?: true;
}

/** A relation value as REST and the Document Service take it. */
export type RelationValue =
  | { plain: Ref[] }
  | { connect: { ref: Ref; position?: Position }[] }
  | { disconnect: Ref[] }
  | { set: Ref[] };

export type Step =
  | { name: string; action: 'create'; value: RelationValue; list: Ref[] }
  /** `list` is the attribute's whole value after the step: what GraphQL (plain lists only) sends instead. */
  | { name: string; action: 'update'; status: 'draft' | 'published'; value: RelationValue; list: Ref[] }
  | { name: string; action: 'publish' | 'unpublish' | 'discardDraft'; who: 'w' | Ref };

type Draft = Step | { name: string; needs: 'writer-dp' | 'target-dp'; step: Step };

const create = (value: RelationValue, list: Ref[]): Step => ({ name: 'create', action: 'create', value, list });
const update = (status: 'draft' | 'published', name: string, value: RelationValue, list: Ref[]): Step => ({ name: `${status === 'draft' ? 'draft' : 'update'} ${name}`, action: 'update', status, value, list });
const writer = (action: 'publish' | 'unpublish' | 'discardDraft'): Draft => ({ name: action, needs: 'writer-dp', step: { name: action, action, who: 'w' } });
const target = (action: 'publish' | 'unpublish', who: Ref): Draft => ({ name: `${action} ${who}`, needs: 'target-dp', step: { name: `${action} ${who}`, action, who } });

const TO_MANY: Draft[] = [
  create({ plain: ['t1', 't3'] }, ['t1', 't3']),
  update('draft', 'connect t2 before t3', { connect: [{ ref: 't2', position: { before: 't3' } }] }, ['t1', 't2', 't3']),
  writer('publish'),
  update('published', 'disconnect t1', { disconnect: ['t1'] }, ['t2', 't3']),
  update('published', 'connect t1 at start', { connect: [{ ref: 't1', position: { start: true } }] }, ['t1', 't2', 't3']),
  update('published', 'set t3 t1', { set: ['t3', 't1'] }, ['t3', 't1']),
  target('publish', 't3'),
  update('draft', 'connect t2 after t3', { connect: [{ ref: 't2', position: { after: 't3' } }] }, ['t3', 't2', 't1']),
  writer('discardDraft'),
  writer('unpublish'),
  writer('publish'),
  target('unpublish', 't1'),
  target('publish', 't1'),
  update('published', 'empty', { plain: [] }, []),
];

const TO_ONE: Draft[] = [
  create({ plain: ['t1'] }, ['t1']),
  update('draft', 'connect t2', { connect: [{ ref: 't2' }] }, ['t2']),
  writer('publish'),
  update('published', 't3 (a draft)', { plain: ['t3'] }, ['t3']),
  target('publish', 't3'),
  update('published', 'disconnect t3', { disconnect: ['t3'] }, []),
  update('published', 'set t1', { set: ['t1'] }, ['t1']),
  update('draft', 't3', { plain: ['t3'] }, ['t3']),
  writer('discardDraft'),
  writer('unpublish'),
  writer('publish'),
  target('unpublish', 't1'),
  target('publish', 't1'),
  update('published', 'null', { plain: [] }, []),
];

/**
 * The case's steps, index for index the same in every case (a step that does not apply is null):
 * publishing steps need draft & publish on the type they publish.
 */
export function scriptOf(c: Case): (Step | null)[] {
  return (c.toMany ? TO_MANY : TO_ONE).map((draft) => {
    if (!('needs' in draft)) return draft;
    const dp = draft.needs === 'writer-dp' ? c.writer.dp : c.target.dp;
    return dp === 'on' ? draft.step : null;
  });
}
