// Resident memory of a child process, from /proc/<pid>/status.
import { readFileSync } from 'node:fs';

/** VmRSS (now) or VmHWM (peak so far) of `pid`, in MB. */
export function statusMb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${key} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
