// Which process owns something on disk, told well enough to know when it is gone. A pid alone is
// not: a killed process that nobody reaps stays a zombie whose pid `kill(pid, 0)` still finds (a
// container init or supervisor that does not collect orphans), a pid is reused by a later process
// (in a container the app is pid 1 on every start), and pids of another pid namespace (another
// container sharing the folder) mean nothing here. So an owner is recorded with its start time, and
// with the scope in which its pid means something.
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  /** When the process started, in clock ticks since boot (Linux `/proc/<pid>/stat`): a reused pid has another. */
  startTicks?: string;
}

/** Where a pid names a process: one machine (host name and boot) and one pid namespace. */
export interface ProcessScope {
  hostname: string;
  bootId?: string;
  pidNamespace?: string;
}

/** `running`: the process is there; `gone`: it is not (or the pid is another process's now); `unsure`: this system cannot tell. */
export type OwnerState = 'running' | 'gone' | 'unsure';

function readOrUndefined(read: () => string): string | undefined {
  try {
    return read().trim() || undefined;
  } catch {
    return undefined;
  }
}

/** State and start time of a pid from `/proc/<pid>/stat`; undefined without /proc (or when the pid is not visible). */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  const text = readOrUndefined(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (!text) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Field 3 is the state, field 22 the start time.
  return { state: fields[0], startTicks: fields[19] };
}

export function currentIdentity(): ProcessIdentity {
  return { pid: process.pid, startTicks: procStat(process.pid)?.startTicks };
}

export function currentScope(): ProcessScope {
  return {
    hostname: hostname(),
    bootId: readOrUndefined(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrUndefined(() => readlinkSync('/proc/self/ns/pid')),
  };
}

export function sameScope(a: ProcessScope, b: ProcessScope): boolean {
  return a.hostname === b.hostname && a.bootId === b.bootId && a.pidNamespace === b.pidNamespace;
}

/** Whether the process `owner` names (a pid of this scope) still runs. */
export function ownerState(owner: ProcessIdentity): OwnerState {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: a process of another user has the pid.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  const stat = procStat(owner.pid);
  if (!stat) return 'unsure';
  // A zombie (Z) or a dying process (X) has ended; only its parent has not collected it.
  if (stat.state === 'Z' || stat.state === 'X') return 'gone';
  if (owner.startTicks === undefined) return 'unsure';
  return stat.startTicks === owner.startTicks ? 'running' : 'gone';
}
