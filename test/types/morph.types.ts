// Type tests of morph relations in the typed Document Service, over a small hand-written registry
// shaped like the generated one (test/morph-kit's note: `subjects` morphToMany, `pinned`
// morphToOne; clip.notes their morphMany inverse side). Nothing here runs: `npm run typecheck`
// compiles it. Each `@ts-expect-error` line carries exactly one mistake.
import type { MorphEntry, TypedDocuments } from '../../runtime/core/documents/typed';
import type { Equal, Expect } from './type-assert';

type Registry = {
  'api::note.note': {
    kind: 'collectionType';
    draftAndPublish: true;
    localized: false;
    scalars: { body: { type: 'string'; value: string | null } };
    writeOnly: {};
    relations: {};
    media: {};
    components: {};
    dynamicZones: {};
    morphs: { subjects: { toMany: true }; pinned: { toMany: false } };
    requiredOnCreate: never;
  };
  'api::clip.clip': {
    kind: 'collectionType';
    draftAndPublish: false;
    localized: false;
    scalars: { title: { type: 'string'; value: string | null } };
    writeOnly: {};
    relations: { notes: { target: 'api::note.note'; toMany: true; readOnly: true } };
    media: {};
    components: {};
    dynamicZones: {};
    requiredOnCreate: never;
  };
};

declare const documents: TypedDocuments<Registry>;
const notes = documents('api::note.note');
const clips = documents('api::clip.clip');

export async function writes(): Promise<void> {
  await notes.create({ data: { body: 'x', subjects: [{ __type: 'api::clip.clip', documentId: 'abc' }], pinned: { __type: 'api::note.note', id: 3 } } });
  await notes.update({ documentId: 'n', data: { subjects: { connect: [{ __type: 'api::clip.clip', documentId: 'abc', position: { start: true } }] } } });
  // @ts-expect-error: an entry names its content type
  await notes.create({ data: { subjects: [{ documentId: 'abc' }] } });
  // @ts-expect-error: __type is a content type uid of the registry
  await notes.create({ data: { subjects: [{ __type: 'api::nope.nope', documentId: 'abc' }] } });
  // @ts-expect-error: null is refused, as in Strapi (an empty list clears)
  await notes.update({ documentId: 'n', data: { subjects: null } });
}

export async function populate(): Promise<void> {
  const all = await notes.findOne({ documentId: 'n', populate: ['subjects', 'pinned'] });
  type _list = Expect<Equal<NonNullable<typeof all>['subjects'], MorphEntry[]>>;
  type _one = Expect<Equal<NonNullable<typeof all>['pinned'], MorphEntry | null>>;
  const counted = await notes.findOne({ documentId: 'n', populate: { subjects: { count: true } } });
  type _count = Expect<Equal<NonNullable<typeof counted>['subjects'], { count: number }>>;
  await notes.findMany({ populate: { subjects: { on: { 'api::clip.clip': { fields: ['title'] } } } } });
  // @ts-expect-error: `on` names content types
  await notes.findMany({ populate: { subjects: { on: { 'api::nope.nope': true } } } });
  // @ts-expect-error: morph relations cannot be filtered (Strapi: Invalid key)
  await notes.findMany({ filters: { subjects: { id: 1 } } });
}

export async function inverseSide(): Promise<void> {
  // The inverse side (morphMany) reads like a relation to the owning type…
  const clip = await clips.findOne({ documentId: 'c', populate: { notes: { fields: ['body'] } } });
  type _notes = Expect<Equal<NonNullable<typeof clip>['notes'], { id: number; documentId: string; body: string | null }[]>>;
  await clips.findMany({ filters: { notes: { body: 'x' } }, sort: 'notes.body' });
  // @ts-expect-error: …and is never written (the runtime answers 400)
  await clips.update({ documentId: 'c', data: { notes: ['n'] } });
}
