import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalProvider } from './local';

describe('local provider', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cms-gen-local-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves the file into its directory and answers /uploads URLs', async () => {
    const provider = await createLocalProvider(join(dir, 'public', 'uploads'));
    const source = join(dir, 'tmp-upload');
    writeFileSync(source, 'content');
    const key = provider.keyFor('photo_abc.png', 'ignored/folder');
    expect(key).toBe('photo_abc.png');
    expect(await provider.put({ key, filePath: source, mime: 'image/png', size: 7 })).toBe('/uploads/photo_abc.png');
    expect(readFileSync(join(dir, 'public', 'uploads', 'photo_abc.png'), 'utf8')).toBe('content');
    expect(existsSync(source)).toBe(false);
    expect(provider.isPrivate).toBe(false);
    expect(provider.keyOfUrl('/uploads/photo_abc.png')).toBe('photo_abc.png');
    await provider.delete(key);
    expect(existsSync(join(dir, 'public', 'uploads', 'photo_abc.png'))).toBe(false);
    await provider.delete(key); // already gone: not an error
  });

  it('never accepts a key or URL that names a path', async () => {
    const provider = await createLocalProvider(dir);
    for (const bad of ['../x', 'a/b', '.hidden', '..', 'a\\b']) expect(() => provider.keyFor(bad, undefined)).toThrow(/unsafe storage key/);
    for (const url of ['/uploads/../etc/passwd', '/uploads/a/b', 'https://elsewhere/uploads/x.png', '/other/x.png']) expect(provider.keyOfUrl(url)).toBeUndefined();
    await expect(provider.delete('../outside')).rejects.toThrow(/unsafe storage key/);
  });
});
