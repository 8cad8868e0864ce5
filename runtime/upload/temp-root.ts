// The app's temp root for uploads: multipart temp files and per-request scratch directories live
// under `<tmpdir>/cms-gen-upload-<pid>-<random>`. A process killed with SIGKILL (or a crash) never
// runs its cleanup, so each start (and every HEARTBEAT_MS after) removes the roots whose owner is
// gone. Several instances may share the temp dir, so "gone" must be certain:
//
//   - Each root holds an owner file: the pid, its start time and the scope the pid belongs to
//     (process-identity.ts). In the same scope the root is removed once that process is gone: no
//     such pid, a zombie (killed, not yet reaped), or a pid another process has taken since.
//   - Each running app touches its roots' owner files every HEARTBEAT_MS. A root whose owner cannot
//     be looked up (another container, another machine sharing the folder, a system without /proc
//     whose pid may have been reused) is removed once its owner file is older than STALE_AFTER_MS.
//   - A root without an owner file (an older version's, or one whose owner file is being written)
//     is removed when the pid in its name is gone and the folder is older than UNMARKED_GRACE_MS.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentIdentity, currentScope, ownerState, sameScope, type ProcessIdentity, type ProcessScope } from './process-identity';

const PREFIX = 'cms-gen-upload-';
/** `cms-gen-upload-<pid>-<6 mkdtemp characters>`; other names under tmpdir are never touched. */
const ROOT_NAME = /^cms-gen-upload-(\d+)-[A-Za-z0-9]{6}$/;
/** In each root; multer's temp files are 32 hex characters and scratch folders `work-…`, so no clash. */
export const OWNER_FILE = '.owner.json';
/** How often a running app touches its roots' owner files and sweeps stale roots. */
export const HEARTBEAT_MS = 60_000;
/** A root whose owner cannot be looked up is stale once its owner file is this old (ten heartbeats). */
export const STALE_AFTER_MS = 10 * HEARTBEAT_MS;
/** A root without an owner file is left alone this long after it was last changed. */
export const UNMARKED_GRACE_MS = HEARTBEAT_MS;

type RootOwner = ProcessIdentity & ProcessScope;

/** This process's roots (root → parent), kept alive by the heartbeat until released. */
const owned = new Map<string, string>();
let heartbeatTimer: NodeJS.Timeout | undefined;

async function readOwner(root: string): Promise<RootOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(join(root, OWNER_FILE), 'utf8')) as Partial<RootOwner>;
    return typeof value.pid === 'number' && typeof value.hostname === 'string' ? (value as RootOwner) : undefined;
  } catch {
    return undefined;
  }
}

async function ageMs(path: string, now: number): Promise<number | undefined> {
  try {
    return now - (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function isStale(root: string, pidInName: number, scope: ProcessScope, now: number): Promise<boolean> {
  const owner = await readOwner(root);
  if (!owner) {
    const age = await ageMs(root, now);
    return age !== undefined && age > UNMARKED_GRACE_MS && ownerState({ pid: pidInName }) === 'gone';
  }
  if (sameScope(owner, scope)) {
    const state = ownerState(owner);
    if (state !== 'unsure') return state === 'gone';
  }
  const age = await ageMs(join(root, OWNER_FILE), now);
  return age !== undefined && age > STALE_AFTER_MS;
}

/** Removes the temp roots under `parent` whose owner is gone (as described above); returns their paths. */
export async function removeStaleTempRoots(parent: string = tmpdir(), now: number = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  const scope = currentScope();
  const removed: string[] = [];
  for (const name of names) {
    const match = ROOT_NAME.exec(name);
    const path = join(parent, name);
    if (!match || owned.has(path) || !(await isStale(path, Number(match[1]), scope, now))) continue;
    // Best effort: a root another starting app removes at the same moment is gone either way.
    await rm(path, { recursive: true, force: true }).then(
      () => removed.push(path),
      () => undefined,
    );
  }
  return removed;
}

async function writeOwner(root: string): Promise<void> {
  const owner: RootOwner = { ...currentIdentity(), ...currentScope() };
  await writeFile(join(root, OWNER_FILE), JSON.stringify(owner));
}

/**
 * Touches the owner file of each root this process holds (recreating a root someone removed, so
 * uploads keep working), then sweeps stale roots. Runs every HEARTBEAT_MS.
 */
export async function heartbeat(): Promise<void> {
  const now = new Date();
  for (const root of owned.keys()) {
    await utimes(join(root, OWNER_FILE), now, now).catch(async () => {
      await mkdir(root, { recursive: true });
      await writeOwner(root);
    });
  }
  for (const parent of new Set(owned.values())) await removeStaleTempRoots(parent);
}

/** Removes stale roots, then creates this app's root (with its owner file) and keeps it alive. */
export async function createTempRoot(parent: string = tmpdir()): Promise<string> {
  await removeStaleTempRoots(parent);
  const root = await mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
  await writeOwner(root);
  owned.set(root, parent);
  if (!heartbeatTimer) {
    heartbeatTimer = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_MS);
    heartbeatTimer.unref();
  }
  return root;
}

/** Removes a root this process created and stops keeping it alive. */
export async function releaseTempRoot(root: string): Promise<void> {
  owned.delete(root);
  if (owned.size === 0 && heartbeatTimer) {
    clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
  }
  await rm(root, { recursive: true, force: true });
}
