// The app's temp root for uploads: multipart temp files and per-request scratch directories live
// under `<tmpdir>/cms-gen-upload-<pid>-<random>`. A process killed with SIGKILL (or a crash) never
// runs its cleanup, so each start removes the roots whose process is gone; the pid in the name is
// what tells a dead app's leftovers from a running app's files.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'cms-gen-upload-';
/** `cms-gen-upload-<pid>-<6 mkdtemp characters>`; other names under tmpdir are never touched. */
const ROOT_NAME = /^cms-gen-upload-(\d+)-[A-Za-z0-9]{6}$/;

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp roots under `parent` left by processes that no longer run; returns their paths.
 * A root whose pid was reused by another process is kept until that process is gone too.
 */
export async function removeStaleTempRoots(parent: string = tmpdir()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  const stale = names.filter((name) => {
    const match = ROOT_NAME.exec(name);
    if (!match) return false;
    const pid = Number(match[1]);
    return pid !== process.pid && !processAlive(pid);
  });
  const removed: string[] = [];
  for (const name of stale) {
    const path = join(parent, name);
    // Best effort: a root another starting app removes at the same moment is gone either way.
    await rm(path, { recursive: true, force: true }).then(
      () => removed.push(path),
      () => undefined,
    );
  }
  return removed;
}

/** Removes stale roots, then creates this app's root. */
export async function createTempRoot(parent: string = tmpdir()): Promise<string> {
  await removeStaleTempRoots(parent);
  return mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
}
