import { ValidationError } from '../../errors';
import type { RelationInput, RelationRef } from './relation-input';
import { placeTargets, type Target } from './relations';

// placeTargets orders a relation's list as a write's `set`, `disconnect` and `connect` ask, as
// Strapi 5.54 does (test/kitchen/requests-explored.ts records its answers).
const doc = (documentId: string): Target => ({ documentId, locale: null });
const ids = (list: Target[]) => list.map((t) => t.documentId);

/** A write's input over refs named by documentId, with every ref resolved to its document. */
function place(current: string[], input: { set?: RelationRef[]; connect?: RelationRef[]; disconnect?: RelationRef[] }): string[] {
  const full: RelationInput = { connect: input.connect ?? [], disconnect: input.disconnect ?? [], ...(input.set ? { set: input.set } : {}) };
  const resolved = new Map<RelationRef, Target>();
  const add = (ref: RelationRef) => {
    resolved.set(ref, doc(ref.documentId as string));
    if (ref.position?.before) add(ref.position.before);
    if (ref.position?.after) add(ref.position.after);
  };
  [...(full.set ?? []), ...full.connect, ...full.disconnect].forEach(add);
  return ids(placeTargets(current.map(doc), full, resolved));
}
const ref = (documentId: string, position?: RelationRef['position']): RelationRef => ({ documentId, ...(position ? { position } : {}) });

describe('placeTargets', () => {
  it('connects at the end by default, at the start, before or after a held document', () => {
    expect(place(['a', 'b'], { connect: [ref('c')] })).toEqual(['a', 'b', 'c']);
    expect(place(['a', 'b'], { connect: [ref('c', { start: true })] })).toEqual(['c', 'a', 'b']);
    expect(place(['a', 'b'], { connect: [ref('c', { before: ref('b') })] })).toEqual(['a', 'c', 'b']);
    expect(place(['a', 'b'], { connect: [ref('a', { after: ref('b') })] })).toEqual(['b', 'a']);
  });

  it('places an entry against one connected later in the same list once that one is placed', () => {
    expect(place(['a'], { connect: [ref('c', { after: ref('b') }), ref('b')] })).toEqual(['a', 'b', 'c']);
  });

  it('refuses an entry placed against a document neither held nor connected, in Strapi words', () => {
    expect(() => place(['a'], { connect: [ref('c', { after: ref('x') })] })).toThrow(
      new ValidationError('There was a problem connecting relation with id c at position {"after":"x"}. The relation with id x needs to be connected first.'),
    );
    // Disconnected in the same write: no longer held.
    expect(() => place(['a', 'x'], { disconnect: [ref('x')], connect: [ref('c', { before: ref('x') })] })).toThrow('The relation with id x needs to be connected first.');
  });

  it('refuses entries placed against themselves or each other (a circular reference)', () => {
    const circular = 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';
    expect(() => place(['a'], { connect: [ref('a', { before: ref('a') })] })).toThrow(circular);
    expect(() => place([], { connect: [ref('b', { after: ref('c') }), ref('c', { after: ref('b') })] })).toThrow(circular);
  });

  it('refuses a document connected twice only where the list places entries', () => {
    expect(() => place([], { connect: [ref('a', { end: true }), ref('a')] })).toThrow('The relation with id a is already connected. You cannot connect the same relation twice.');
    expect(place([], { connect: [ref('a'), ref('a')] })).toEqual(['a']);
  });

  it('replaces the list with set, then applies connect', () => {
    expect(place(['a', 'b'], { set: [ref('c')], connect: [ref('d', { start: true })] })).toEqual(['d', 'c']);
  });
});
