import type { UploadProvider } from './providers/provider';
import { urlSigner, withSignedFlag } from './signing';

const provider: UploadProvider = {
  name: 'aws-s3',
  isPrivate: true,
  keyFor: (name) => name,
  put: async () => '',
  delete: async () => undefined,
  keyOfUrl: (url) => (url.startsWith('https://bucket/') ? url.slice('https://bucket/'.length) : undefined),
  signedUrl: async (key) => `https://bucket/${key}?X-Amz-Signature=sig`,
  close: async () => undefined,
};

describe('urlSigner', () => {
  it('signs the record and each format, marking them signed', async () => {
    const file = { id: 1, url: 'https://bucket/a.png', formats: { thumbnail: { url: 'https://bucket/thumbnail_a.png', width: 10 } } };
    await urlSigner(provider)([file]);
    expect(file).toEqual({
      id: 1,
      url: 'https://bucket/a.png?X-Amz-Signature=sig',
      isUrlSigned: true,
      formats: { thumbnail: { url: 'https://bucket/thumbnail_a.png?X-Amz-Signature=sig', width: 10, isUrlSigned: true } },
    });
  });

  it('leaves other providers’ URLs and records without a url alone', async () => {
    const local = { url: '/uploads/a.png', formats: null };
    const narrowed = { id: 2, name: 'only name' };
    await urlSigner(provider)([local, narrowed]);
    expect(local).toEqual({ url: '/uploads/a.png', formats: null });
    expect(narrowed).toEqual({ id: 2, name: 'only name' });
  });
});

describe('withSignedFlag', () => {
  it('adds isUrlSigned: false unless the signer set it', () => {
    expect(withSignedFlag({ id: 1 })).toEqual({ id: 1, isUrlSigned: false });
    expect(withSignedFlag({ id: 1, isUrlSigned: true })).toEqual({ id: 1, isUrlSigned: true });
  });
});
