import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentIdentity, currentScope, ownerState } from './process-identity';
import { createTempRoot, heartbeat, OWNER_FILE, releaseTempRoot, removeStaleTempRoots, STALE_AFTER_MS, UNMARKED_GRACE_MS } from './temp-root';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('upload temp roots', () => {
  let parent: string;
  beforeEach(() => (parent = mkdtempSync(join(tmpdir(), 'cms-gen-temproot-'))));
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  /** A root as an app writes it: `owner` overrides what this process would record. */
  const root = (name: string, owner?: Record<string, unknown>, ownerAgeMs = 0) => {
    const path = join(parent, name);
    mkdirSync(path);
    writeFileSync(join(path, 'partial'), 'x');
    if (owner) {
      writeFileSync(join(path, OWNER_FILE), JSON.stringify({ ...currentIdentity(), ...currentScope(), ...owner }));
      const then = new Date(Date.now() - ownerAgeMs);
      utimesSync(join(path, OWNER_FILE), then, then);
    }
    return name;
  };
  const age = (name: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(join(parent, name), then, then);
    return name;
  };
  const remaining = () => readdirSync(parent).sort();

  it("removes the roots of processes that are gone, and keeps live processes' roots", async () => {
    const dead = deadPid();
    expect(ownerState({ pid: dead })).toBe('gone');
    const stale = root(`cms-gen-upload-${dead}-AbC123`, { pid: dead });
    const kept = [
      root(`cms-gen-upload-${process.pid}-own123`, {}), // this process (another app in it)
      root(`cms-gen-upload-${process.ppid}-live12`, { pid: process.ppid, startTicks: undefined }), // a live process (start time not recorded)
      root('cms-gen-upload-Xy12Zz'), // older naming: whose it is cannot be told
      root('something-else'),
    ];
    expect(await removeStaleTempRoots(parent)).toEqual([join(parent, stale)]);
    expect(remaining()).toEqual(kept.sort());
  });

  it('removes a root whose pid now belongs to another process (started at another time)', async () => {
    // The parent process runs, but it is not the process that created this root.
    const reused = root(`cms-gen-upload-${process.ppid}-reuse1`, { pid: process.ppid, startTicks: '1' });
    const own = root(`cms-gen-upload-${process.pid}-mine12`, {});
    expect(await removeStaleTempRoots(parent)).toEqual([join(parent, reused)]);
    expect(remaining()).toEqual([own]);
  });

  it('removes the root of a killed process that nobody reaped (a zombie still answers kill(pid, 0))', async () => {
    // `exec sleep` leaves a parent that never waits for the killed child.
    const holder = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = await new Promise<number>((r) => holder.stdout.once('data', (chunk: Buffer) => r(Number(chunk.toString().trim()))));
      const owner = { pid, startTicks: readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19] };
      const name = root(`cms-gen-upload-${pid}-zombie`, owner);
      expect(ownerState(owner)).toBe('running');
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); i++) await sleep(20);
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(await removeStaleTempRoots(parent)).toEqual([join(parent, name)]);
    } finally {
      holder.kill('SIGKILL');
      holder.stdout.destroy();
    }
  });

  it("keeps another scope's root (another container or machine) while its owner keeps touching it", async () => {
    const dead = deadPid();
    const elsewhere = { pid: dead, pidNamespace: 'pid:[1]', startTicks: '1' };
    const fresh = root(`cms-gen-upload-${dead}-fresh1`, elsewhere, STALE_AFTER_MS / 2);
    const old = root(`cms-gen-upload-${dead}-old123`, elsewhere, STALE_AFTER_MS + 60_000);
    const otherHost = root(`cms-gen-upload-${process.pid}-host12`, { hostname: 'another-host' }, STALE_AFTER_MS / 2);
    expect(await removeStaleTempRoots(parent)).toEqual([join(parent, old)]);
    expect(remaining()).toEqual([fresh, otherHost].sort());
  });

  it('gives a root without an owner file time to get one before judging it by the pid in its name', async () => {
    const dead = deadPid();
    const young = root(`cms-gen-upload-${dead}-young1`);
    const older = age(root(`cms-gen-upload-${dead}-older1`), UNMARKED_GRACE_MS + 1000);
    const live = age(root(`cms-gen-upload-${process.ppid}-live12`), UNMARKED_GRACE_MS + 1000);
    expect(await removeStaleTempRoots(parent)).toEqual([join(parent, older)]);
    expect(remaining()).toEqual([live, young].sort());
  });

  it('creates a root with its owner file after cleaning, keeps it alive, and removes it on release', async () => {
    const dead = deadPid();
    root(`cms-gen-upload-${dead}-zzzzzz`, { pid: dead });
    const created = await createTempRoot(parent);
    try {
      expect(created).toMatch(new RegExp(`cms-gen-upload-${process.pid}-[A-Za-z0-9]{6}$`));
      expect(existsSync(join(parent, `cms-gen-upload-${dead}-zzzzzz`))).toBe(false);
      expect(JSON.parse(readFileSync(join(created, OWNER_FILE), 'utf8'))).toEqual({ ...currentIdentity(), ...currentScope() });
      // The heartbeat touches the owner file, and brings back a root someone removed.
      const then = new Date(Date.now() - STALE_AFTER_MS);
      utimesSync(join(created, OWNER_FILE), then, then);
      await heartbeat();
      expect(Date.now() - statSync(join(created, OWNER_FILE)).mtimeMs).toBeLessThan(60_000);
      rmSync(created, { recursive: true });
      await heartbeat();
      expect(existsSync(join(created, OWNER_FILE))).toBe(true);
    } finally {
      await releaseTempRoot(created);
    }
    expect(existsSync(created)).toBe(false);
  });
});
