// The typed Document Service is a view, not a wrapper: `typedDocuments` hands back the untyped
// function itself, so typed calls cost nothing and reach the same operation layer.
import { typedDocuments } from './typed-service';

type Registry1 = {
  'api::note.note': {
    kind: 'collectionType';
    draftAndPublish: false;
    localized: false;
    scalars: { title: { type: 'string'; value: string } };
    writeOnly: {};
    relations: {};
    media: {};
    components: {};
    dynamicZones: {};
    requiredOnCreate: 'title';
  };
};

describe('typedDocuments', () => {
  it('returns the very same function, so a typed call is the untyped call', async () => {
    const service = { findMany: jest.fn(async (params: unknown) => [{ id: 1, documentId: 'a', title: 'x', params }]) };
    const untyped = jest.fn((_uid: string) => service);
    const typed = typedDocuments<Registry1>(untyped);
    expect(typed).toBe(untyped);
    const notes = await typed('api::note.note').findMany({ fields: ['title'] });
    expect(untyped).toHaveBeenCalledWith('api::note.note');
    expect(service.findMany).toHaveBeenCalledWith({ fields: ['title'] });
    expect(notes.map((n) => n.title)).toEqual(['x']);
  });
});
