import { detectType } from './detect-type';

const png = { mime: 'image/png', ext: 'png' };

describe('detectType', () => {
  it('takes the sniffed type, not the name, and keeps the name’s extension', () => {
    expect(detectType({ ext: '.png', sniffed: png, looksText: false })).toEqual({ mime: 'image/png', ext: '.png' });
    // A JPEG saved as .png is still an image: allowed, recorded as what it is.
    expect(detectType({ ext: '.png', sniffed: { mime: 'image/jpeg', ext: 'jpg' }, looksText: false })).toEqual({ mime: 'image/jpeg', ext: '.png' });
  });

  it('refuses a media extension over bytes of another kind', () => {
    expect(detectType({ ext: '.png', sniffed: { mime: 'application/x-elf', ext: 'elf' }, looksText: false })).toEqual({
      mismatch: 'The content of this .png file is application/x-elf, not image/png',
    });
    expect(detectType({ ext: '.png', sniffed: undefined, looksText: true })).toHaveProperty('mismatch');
    expect(detectType({ ext: '.txt', sniffed: png, looksText: false })).toHaveProperty('mismatch');
    expect(detectType({ ext: '.pdf', sniffed: { mime: 'application/zip', ext: 'zip' }, looksText: false })).toHaveProperty('mismatch');
  });

  it('uses the extension for text formats the bytes cannot tell apart', () => {
    expect(detectType({ ext: '.txt', sniffed: undefined, looksText: true })).toEqual({ mime: 'text/plain', ext: '.txt' });
    expect(detectType({ ext: '.svg', sniffed: { mime: 'application/xml', ext: 'xml' }, looksText: false })).toEqual({ mime: 'image/svg+xml', ext: '.svg' });
    expect(detectType({ ext: '.csv', sniffed: undefined, looksText: false })).toHaveProperty('mismatch');
  });

  it('prefers the precise extension type over a generic container', () => {
    expect(detectType({ ext: '.docx', sniffed: { mime: 'application/zip', ext: 'zip' }, looksText: false })).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: '.docx',
    });
  });

  it('treats audio and video containers alike', () => {
    expect(detectType({ ext: '.weba', sniffed: { mime: 'video/webm', ext: 'webm' }, looksText: false })).toEqual({ mime: 'video/webm', ext: '.weba' });
  });

  it('names files without a (known) extension after their bytes', () => {
    expect(detectType({ ext: '', sniffed: png, looksText: false })).toEqual({ mime: 'image/png', ext: '.png' });
    expect(detectType({ ext: '', sniffed: { mime: 'application/x-elf', ext: 'elf' }, looksText: false })).toEqual({ mime: 'application/x-elf', ext: '.elf' });
    expect(detectType({ ext: '.bin', sniffed: undefined, looksText: false })).toEqual({ mime: 'application/octet-stream', ext: '.bin' });
    expect(detectType({ ext: '', sniffed: undefined, looksText: true })).toEqual({ mime: 'text/plain', ext: '' });
  });
});
