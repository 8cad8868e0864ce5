// Polymorphic relations in the generator: schema validation (file- and attribute-precise problems),
// the model (owning morphTo* sides get a `_mph` link table, inverse sides read it), the storage
// (Prisma models accepted by `prisma validate` for the three providers), the query specs and types.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MorphAttribute } from '../runtime/core/model/types';
import { compileQuerySpecs } from '../runtime/core/query/compile-specs';
import { emitPrisma } from './emitters/prisma';
import { documentInterfaces } from './emitters/types-emitter';
import { loadSchemas } from './load';
import { buildModel } from './model';
import { contentType, problemsOf, removeTempProjects, tempDir } from './test-helpers/temp-project';
import { validateSchemas } from './validate';

afterAll(removeTempProjects);

const repo = join(__dirname, '..');
const NOTE = 'content-types/note.json';
const CLIP = 'content-types/clip.json';

/** A note owning morph relations and a clip with their inverse sides; tests change one thing. */
function files(note: Record<string, unknown> = {}, clip: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    [NOTE]: contentType('note', 'notes', {
      subjects: { type: 'relation', relation: 'morphToMany' },
      pinned: { type: 'relation', relation: 'morphToOne' },
      ...note,
    }),
    [CLIP]: contentType('clip', 'clips', {
      title: { type: 'string' },
      notes: { type: 'relation', relation: 'morphMany', target: 'api::note.note', morphBy: 'subjects' },
      pinnedBy: { type: 'relation', relation: 'morphOne', target: 'api::note.note', morphBy: 'pinned' },
      ...clip,
    }),
  };
}

const kit = buildModel(validateSchemas(loadSchemas(join(repo, 'test', 'morph-kit'))));

describe('morph relations: validation', () => {
  it('accepts owning sides without a target and inverse sides with target and morphBy', () => {
    expect(problemsOf(files())).toEqual([]);
  });

  it('reports options an owning side does not take', () => {
    expect(
      problemsOf(files({ subjects: { type: 'relation', relation: 'morphToMany', target: 'api::clip.clip', morphBy: 'x', inversedBy: 'notes' } })),
    ).toEqual([
      `${NOTE}: attributes.subjects.inversedBy: morphToMany relations cannot have inversedBy (the inverse side of a morph relation names it with morphBy)`,
      `${NOTE}: attributes.subjects.target: morphToMany relations point at any content type and take no target`,
      `${NOTE}: attributes.subjects.morphBy: morphToMany relations own their links and take no morphBy`,
    ]);
  });

  it('reports an inverse side without target or morphBy, or whose morphBy is not a morphTo relation', () => {
    expect(problemsOf(files({}, { notes: { type: 'relation', relation: 'morphMany' } }))).toEqual([
      `${CLIP}: attributes.notes.target: missing relation target`,
      `${CLIP}: attributes.notes.morphBy: missing morphBy attribute`,
    ]);
    expect(problemsOf(files({ body: { type: 'string' } }, { notes: { type: 'relation', relation: 'morphMany', target: 'api::note.note', morphBy: 'body' } }))).toEqual([
      `${CLIP}: attributes.notes.morphBy: api::note.note.body must be a morphToOne or morphToMany relation`,
    ]);
    expect(problemsOf(files({}, { notes: { type: 'relation', relation: 'morphMany', target: 'api::note.note', morphBy: 'nope' } }))).toEqual([
      `${CLIP}: attributes.notes.morphBy: attribute "nope" does not exist on api::note.note`,
    ]);
    expect(problemsOf(files({}, { notes: { type: 'relation', relation: 'morphMany', target: 'api::nope.nope', morphBy: 'subjects' } }))).toEqual([
      `${CLIP}: attributes.notes.target: relation target "api::nope.nope" does not exist`,
    ]);
  });

  it('reports morphBy on other relations and morph relations in components', () => {
    expect(problemsOf(files({ other: { type: 'relation', relation: 'oneWay', target: 'api::clip.clip', morphBy: 'x' } }))).toEqual([
      `${NOTE}: attributes.other.morphBy: morphBy applies to morphOne and morphMany relations only`,
    ]);
    const withComponent = { ...files(), 'components/shared/box.json': { info: { displayName: 'Box' }, attributes: { items: { type: 'relation', relation: 'morphToMany' } } } };
    expect(problemsOf(withComponent)).toEqual([
      'components/shared/box.json: attributes.items.relation: morphToMany relations are only allowed in content types, not in components',
    ]);
  });

  it('reports a morph link table whose name clashes with a content type table', () => {
    expect(problemsOf({ ...files(), 'content-types/mph.json': contentType('mph', 'mphs', {}, { collectionName: 'notes_subjects_mph' }) })).toContainEqual(
      expect.stringContaining('table "notes_subjects_mph"'),
    );
  });
});

describe('morph relations: model, storage, specs and types', () => {
  it('gives the owning side its link table and points the inverse side at it', () => {
    const subjects = kit.contentTypes['api::note.note'].attributes.subjects as MorphAttribute;
    expect(subjects).toEqual({
      name: 'subjects',
      kind: 'morph',
      relation: 'morphToMany',
      toMany: true,
      owner: true,
      linkTable: 'notes_subjects_mph',
      required: false,
      private: false,
      localized: true,
    });
    expect(kit.contentTypes['api::clip.clip'].attributes.pinnedBy).toMatchObject({
      kind: 'morph',
      relation: 'morphOne',
      toMany: false,
      owner: false,
      linkTable: 'notes_pinned_mph',
      ownerType: 'api::note.note',
      ownerAttribute: 'pinned',
    });
  });

  it('emits the link tables with target_type and the lookup indexes, valid for every provider', () => {
    const schemas = emitPrisma(kit);
    for (const file of schemas) {
      expect(file.contents).toMatch(/model NoteSubjectsMph \{[^}]*target_type +String[^}]*@@index\(\[target_type, target_document_id\]\)[^}]*@@map\("notes_subjects_mph"\)/);
      const dir = tempDir();
      const path = join(dir, 'schema.prisma');
      writeFileSync(path, file.contents);
      const result = spawnSync(process.execPath, [join(repo, 'node_modules', 'prisma', 'build', 'index.js'), 'validate', '--schema', path], {
        env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
        encoding: 'utf8',
      });
      expect(`${result.stdout}${result.stderr}`).toContain('is valid');
    }
  });

  it('compiles the owning side as a morph entry and the inverse side as a relation to its owner', () => {
    const specs = compileQuerySpecs(kit);
    const notes = specs['api::clip.clip'].entries.notes;
    expect(notes.kind === 'relation' && { toMany: notes.toMany, target: notes.target.uid }).toEqual({ toMany: true, target: 'api::note.note' });
    expect(specs['api::note.note'].entries.subjects).toEqual({ kind: 'morph', toMany: true });
  });

  it('types owning-side entries as a union tagged by __type', () => {
    const note = documentInterfaces(kit).find((i) => i.name === 'Note');
    const subjects = note?.fields.find((f) => f.key === 'subjects');
    expect(subjects?.type).toContain('(Clip & { __type: "api::clip.clip" })');
    expect(subjects?.type.startsWith('Array<')).toBe(true);
    const pinned = note?.fields.find((f) => f.key === 'pinned');
    expect(pinned?.type.endsWith(' | null')).toBe(true);
    expect(documentInterfaces(kit).find((i) => i.name === 'Clip')?.fields.find((f) => f.key === 'pinnedBy')?.type).toBe('Note | null');
  });
});
