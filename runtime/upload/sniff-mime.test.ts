import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { closeSniffer, looksLikeText, sniffFile } from './sniff-mime';

describe('sniffFile', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'cms-gen-sniff-'))));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeSniffer();
  });

  const file = (name: string, data: Buffer | string) => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };

  it('identifies formats from their bytes, whatever the name says', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(await sniffFile(file('real.jpg', png))).toEqual({ mime: 'image/png', ext: 'png' });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
    expect(await sniffFile(file('fake.png', elf))).toEqual({ mime: 'application/x-elf', ext: 'elf' });
    expect(await sniffFile(file('a.txt', 'hello'))).toBeUndefined();
  });

  it('answers concurrent requests each with its own file', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'binary');
    const [a, b] = await Promise.all([sniffFile(file('x.gif', gif)), sniffFile(file('x.pdf', pdf))]);
    expect([a?.mime, b?.mime]).toEqual(['image/gif', 'application/pdf']);
  });

  it('tells text from binary by the absence of NUL bytes', async () => {
    expect(await looksLikeText(file('t.csv', 'a,b\n1,2\n'))).toBe(true);
    expect(await looksLikeText(file('b.bin', Buffer.from([1, 0, 2])))).toBe(false);
    expect(await looksLikeText(file('empty', ''))).toBe(true);
  });
});
