import { baseNameOf, bytesToKb, fileHash, safeExtension, slugify } from './file-name';

describe('slugify', () => {
  it.each([
    ['seed-image-1', 'seed_image_1'],
    ['Café menu (1)', 'Cafe_menu_1'],
    ['../../etc/passwd', 'etc_passwd'],
    ['  ', 'file'],
    ['日本語', 'file'],
    ['a'.repeat(300), 'a'.repeat(100)],
  ])('%s → %s', (input, expected) => expect(slugify(input)).toBe(expected));
});

describe('fileHash', () => {
  it('is the slug plus a random 10-hex suffix, of safe characters only', () => {
    const a = fileHash('My photo!');
    expect(a).toMatch(/^My_photo_[0-9a-f]{10}$/);
    expect(fileHash('My photo!')).not.toBe(a);
    expect(fileHash('../../x;rm -rf')).toMatch(/^[A-Za-z0-9_]+$/);
  });
});

describe('safeExtension', () => {
  it.each([
    ['photo.png', '.png'],
    ['IMG.JPG', '.JPG'],
    ['archive.tar.gz', '.gz'],
    ['noext', ''],
    ['.bashrc', ''],
    ['evil.p<h>p', ''],
    ['x.abcdefghijklmnopq', ''],
  ])('%s → %j', (name, ext) => expect(safeExtension(name)).toBe(ext));
});

describe('baseNameOf', () => {
  it('drops the extension when the name ends with it', () => {
    expect(baseNameOf('photo.png', '.png')).toBe('photo');
    expect(baseNameOf('Hero', '.png')).toBe('Hero');
  });
});

describe('bytesToKb', () => {
  it('rounds kilobytes (1000 bytes) to two decimals', () => {
    expect(bytesToKb(11)).toBe(0.01);
    expect(bytesToKb(160)).toBe(0.16);
    expect(bytesToKb(5894)).toBe(5.89);
    expect(bytesToKb(200_000_000)).toBe(200000);
  });
});
