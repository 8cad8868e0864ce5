import type { MediaAttribute } from '@cms-gen/core/model/types';
import { checkLinkable, linkRequestOf, type LinkTarget } from './link-target';

describe('linkRequestOf', () => {
  it('reads ref, refId, field and source together', () => {
    expect(linkRequestOf({})).toBeUndefined();
    expect(linkRequestOf({ ref: 'api::article.article', refId: '12', field: 'cover' })).toEqual({ ref: 'api::article.article', refId: '12', field: 'cover' });
    expect(linkRequestOf({ ref: 'user', refId: 3, field: 'avatar', source: 'users-permissions' })).toEqual({ ref: 'user', refId: '3', field: 'avatar', source: 'users-permissions' });
  });

  it('refuses a partial link or repeated fields', () => {
    expect(() => linkRequestOf({ ref: 'api::article.article', field: 'cover' })).toThrow('Linking an upload needs ref, refId and field (missing: refId)');
    expect(() => linkRequestOf({ ref: ['a', 'b'], refId: '1', field: 'cover' })).toThrow('ref must be a single string');
  });
});

describe('checkLinkable', () => {
  const media = (multiple: boolean, allowedTypes: string[]): LinkTarget => ({
    ownerUid: 'shared.seo',
    rowIds: [1],
    attribute: { name: 'share_image', kind: 'media', multiple, allowedTypes, required: false, private: false, localized: true } satisfies MediaAttribute,
  });

  it("enforces the field's allowedTypes", () => {
    expect(() => checkLinkable(media(false, ['images']), ['image/png'])).not.toThrow();
    expect(() => checkLinkable(media(false, ['images']), ['text/plain'])).toThrow('field: share_image only accepts images (got text/plain)');
    expect(() => checkLinkable(media(true, ['videos', 'audios']), ['video/mp4', 'audio/mpeg'])).not.toThrow();
    expect(() => checkLinkable(media(true, ['files']), ['application/x-elf'])).not.toThrow();
  });

  it('takes one file into a single media field', () => {
    expect(() => checkLinkable(media(false, []), ['image/png', 'image/png'])).toThrow(/holds a single file/);
  });
});
