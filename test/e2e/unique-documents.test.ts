// `unique` inside components through the Document Service (server code, as an admin's publish
// runs): the publish action checks what the draft holds, as Strapi 5.54 does, and refuses a clash
// with another document's published version without publishing anything; drafts are spared.
// The REST side, recorded against real Strapi, is test/e2e/unique-answers.test.ts.
import type { FixtureApp } from '../helpers/fixture-app';
import { startKitApp } from '../helpers/kit-app';

const GADGET = 'api::gadget.gadget';

type Doc = Record<string, unknown> & { documentId: string; box?: { code: string | null } | null };

let app: FixtureApp;

beforeAll(async () => {
  app = await startKitApp('unique-kit', 'sqlite');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('unique component values through documents()', () => {
  it('publish() checks the draft, refuses a clash and publishes nothing; a fixed draft publishes', async () => {
    const gadgets = app.engine.documents(GADGET);
    await gadgets.create({ data: { name: 'held', box: { code: 'X' } }, status: 'published' });
    const draft = (await gadgets.create({ data: { name: 'draft', box: { code: 'X' }, boxes: [{ code: 'Y' }, { code: 'Y' }] } })) as Doc;
    expect(draft.documentId).toEqual(expect.any(String));

    const refused = gadgets.publish({ documentId: draft.documentId });
    await expect(refused).rejects.toMatchObject({
      name: 'ValidationError',
      message: '3 errors occurred',
      details: {
        errors: [
          { path: ['box', 'code'], message: 'This attribute must be unique', name: 'ValidationError', value: 'X' },
          { path: ['boxes', '0', 'code'], message: 'This attribute must be unique', name: 'ValidationError', value: 'Y' },
          { path: ['boxes', '1', 'code'], message: 'This attribute must be unique', name: 'ValidationError', value: 'Y' },
        ],
      },
    });
    expect(await gadgets.findOne({ documentId: draft.documentId, status: 'published' })).toBeNull();

    await gadgets.update({ documentId: draft.documentId, data: { box: { code: 'Z' }, boxes: [{ code: 'Y' }] } });
    await gadgets.publish({ documentId: draft.documentId });
    const published = (await gadgets.findOne({ documentId: draft.documentId, status: 'published', populate: ['box'] })) as Doc;
    expect(published.box).toMatchObject({ code: 'Z' });
  });

  it('a second draft may hold a published value; only its publish is refused', async () => {
    const gadgets = app.engine.documents(GADGET);
    const second = (await gadgets.create({ data: { name: 'second', box: { code: 'Z' } } })) as Doc;
    await expect(gadgets.publish({ documentId: second.documentId })).rejects.toMatchObject({ message: 'This attribute must be unique' });
    const stillDraft = (await gadgets.findOne({ documentId: second.documentId, status: 'draft', populate: ['box'] })) as Doc;
    expect(stillDraft.box).toMatchObject({ code: 'Z' });
  });
});
