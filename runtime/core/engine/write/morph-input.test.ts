// The write forms of a morph relation: every entry names its content type with `__type`; what
// Strapi refuses as a whole (`Invalid key`) is flagged `invalidKey`, other shapes are issues.
import type { SchemaMeta } from '../../model/types';
import { normalizeMorphInput } from './morph-input';

const schema = { contentTypes: { 'api::clip.clip': {}, 'api::page.page': {} }, components: {} } as unknown as SchemaMeta;
const CLIP = 'api::clip.clip';
const PAGE = 'api::page.page';

describe('normalizeMorphInput', () => {
  it('reads a list as the new set, keeping each entry\'s type, id form and locale', () => {
    expect(normalizeMorphInput([{ __type: CLIP, documentId: 'a' }, { __type: PAGE, id: 4, locale: 'fr' }], true, 'subjects', schema)).toEqual({
      set: [
        { type: CLIP, documentId: 'a' },
        { type: PAGE, id: 4, locale: 'fr' },
      ],
      connect: [],
      disconnect: [],
    });
  });

  it('reads connect / disconnect / set, with positions', () => {
    const input = normalizeMorphInput(
      { connect: [{ __type: CLIP, documentId: 'a', position: { before: 'b' } }], disconnect: { __type: PAGE, documentId: 'p' } },
      true,
      'subjects',
      schema,
    );
    expect(input).toEqual({ connect: [{ type: CLIP, documentId: 'a', position: { before: { documentId: 'b' } } }], disconnect: [{ type: PAGE, documentId: 'p' }] });
    expect(normalizeMorphInput({ set: [] }, true, 'subjects', schema)).toEqual({ set: [], connect: [], disconnect: [] });
    expect(normalizeMorphInput([], true, 'subjects', schema)).toEqual({ set: [], connect: [], disconnect: [] });
  });

  it('flags entries without a known __type, and null, as Strapi\'s Invalid key', () => {
    for (const value of [[{ documentId: 'a' }], [{ __type: 'api::nope.nope', documentId: 'a' }], { connect: [{ documentId: 'a' }] }, null]) {
      expect(normalizeMorphInput(value, true, 'subjects', schema)).toMatchObject({ invalidKey: true });
    }
  });

  it('refuses bare ids (they name no type) and more than one entry on a to-one side', () => {
    expect(normalizeMorphInput(['a'], true, 'subjects', schema)).toEqual({ issue: 'subjects must be a list of { __type, documentId } objects or { connect, disconnect, set }' });
    expect(normalizeMorphInput([{ __type: CLIP, documentId: 'a' }, { __type: CLIP, documentId: 'b' }], false, 'pinned', schema)).toEqual({ issue: 'pinned accepts one document' });
    expect(normalizeMorphInput({ __type: CLIP, documentId: 'a' }, false, 'pinned', schema)).toEqual({ set: [{ type: CLIP, documentId: 'a' }], connect: [], disconnect: [] });
  });
});
