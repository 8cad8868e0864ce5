import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTempRoot, processAlive, removeStaleTempRoots } from './temp-root';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('upload temp roots', () => {
  let parent: string;
  beforeEach(() => (parent = mkdtempSync(join(tmpdir(), 'cms-gen-temproot-'))));
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it("removes dead processes' roots and nothing else", async () => {
    const dead = deadPid();
    expect(processAlive(dead)).toBe(false);
    const make = (name: string) => {
      mkdirSync(join(parent, name));
      writeFileSync(join(join(parent, name), 'partial'), 'x');
      return name;
    };
    const stale = make(`cms-gen-upload-${dead}-AbC123`);
    const kept = [
      make(`cms-gen-upload-${process.pid}-own123`), // this process (another app in it)
      make(`cms-gen-upload-${process.ppid}-live12`), // a live process
      make('cms-gen-upload-Xy12Zz'), // older naming: whose it is cannot be told
      make('something-else'),
    ];
    expect(await removeStaleTempRoots(parent)).toEqual([join(parent, stale)]);
    expect(readdirSync(parent).sort()).toEqual(kept.sort());
  });

  it('creates a root named with this pid after cleaning', async () => {
    const dead = deadPid();
    mkdirSync(join(parent, `cms-gen-upload-${dead}-zzzzzz`));
    const root = await createTempRoot(parent);
    expect(root).toMatch(new RegExp(`cms-gen-upload-${process.pid}-[A-Za-z0-9]{6}$`));
    expect(existsSync(root)).toBe(true);
    expect(existsSync(join(parent, `cms-gen-upload-${dead}-zzzzzz`))).toBe(false);
  });
});
