// The two servers under test, each on its own copy of the seeded database, restartable on a fresh
// copy: a create run adds thousands of link rows, and every later create pays for them (the next
// inverse_position is a MAX over the target's link rows), so each create run starts from the
// seeded state instead of from whatever the previous runs left behind.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startChild, type ServerChild } from './children';
import { compileCheckout, compiledMode, compiledServers, type CompiledServers } from './compiled';
import { DATA_DIR } from './config';
import { copyFor } from './data-cache';
import { addExtraIndexes, extraIndexesEnabled } from './extra-indexes';

import type { Baseline } from './baseline';

/** `old`: the app of BENCH_BASELINE's commit (bench/baseline.ts), on its own seeded file. */
export type ServerName = 'app' | 'floor' | 'old';

export const PROFILE_DIR = join(DATA_DIR, 'profiles');

export class Servers {
  private readonly current = new Map<ServerName, ServerChild>();
  /** Highest VmHWM (MB) seen per server, over every process it ran as. */
  private readonly peaks = new Map<ServerName, number>([
    ['app', 0],
    ['floor', 0],
    ['old', 0],
  ]);
  /** Every pid the app ran as (CPU profiles are named by pid). */
  readonly appPids: number[] = [];
  /** Extra environment of an app child from its next start on (e.g. BENCH_APP_DIR). */
  private readonly appEnv = new Map<ServerName, Record<string, string>>();
  /** BENCH_COMPILED=1: the compiled servers (built on first start). */
  private compiled: CompiledServers | undefined;
  /** The baseline's compiled app server, likewise. */
  private compiledOld: CompiledServers | undefined;

  constructor(
    private readonly seeded: string,
    private readonly profile: boolean,
    private readonly baseline?: Baseline,
  ) {}

  /** The servers of the floor phase: the app and the floor, and the baseline's app when there is one. */
  get names(): ServerName[] {
    return this.baseline ? ['app', 'old', 'floor'] : ['app', 'floor'];
  }

  get(name: ServerName): ServerChild {
    const child = this.current.get(name);
    if (!child) throw new Error(`${name} is not running`);
    return child;
  }

  async startAll(): Promise<void> {
    for (const name of this.names) await this.start(name);
  }

  /** Restarts an app (today's or the baseline's) on a fresh copy with `env` added to its environment (replacing any earlier). */
  async restartAppWith(env: Record<string, string>, name: ServerName = 'app'): Promise<void> {
    this.appEnv.set(name, { ...env });
    await this.restart(name);
  }

  /** Stops `name` (if running) and starts it again on a fresh copy of the seeded database. */
  async restart(name: ServerName): Promise<void> {
    await this.stop(name);
    await this.start(name);
  }

  peakMb(name: ServerName): number {
    const child = this.current.get(name);
    if (child) this.peaks.set(name, Math.max(this.peaks.get(name) ?? 0, child.peakRssMb()));
    return this.peaks.get(name) ?? 0;
  }

  async stopAll(): Promise<void> {
    await Promise.all([this.stop('app'), this.stop('floor'), this.stop('old')]);
  }

  async stop(name: ServerName): Promise<void> {
    const child = this.current.get(name);
    if (!child) return;
    this.peakMb(name);
    this.current.delete(name);
    await child.stop();
  }

  private async start(name: ServerName): Promise<void> {
    const file = copyFor(name === 'old' && this.baseline ? this.baseline.seedFile : this.seeded, name);
    // Production mode as deployed; a fixed JWT secret so the app does not log about a random one.
    const common = { NODE_ENV: 'production', PORT: '0' };
    if (compiledMode()) this.compiled ??= compiledServers((line) => process.stdout.write(`${line}\n`));
    const compiled = this.compiled;
    let child: ServerChild;
    if (name === 'app') {
      if (this.profile) mkdirSync(PROFILE_DIR, { recursive: true });
      child = await startChild({
        name,
        script: 'app-server.ts',
        env: { ...common, DATABASE_URL: `file:${file}`, JWT_SECRET: 'bench-only-secret', ...(compiled ? { BENCH_APP_MAIN: compiled.appMain } : {}), ...this.appEnv.get('app') },
        nodeFlags: this.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
        compiled: compiled?.appServer,
      });
      this.appPids.push(child.pid);
    } else if (name === 'old') {
      if (!this.baseline) throw new Error('no BENCH_BASELINE to start');
      // The old commit's own app-server.ts, runtime and generated app, run from its worktree,
      // compiled by its own TypeScript as today's are.
      const root = this.baseline.root;
      if (compiledMode()) this.compiledOld ??= compileCheckout({ root, scripts: ['app-server.ts'] }, (line) => process.stdout.write(`${line}\n`));
      const old = this.compiledOld;
      child = await startChild({
        name,
        script: 'app-server.ts',
        root,
        env: { ...common, DATABASE_URL: `file:${file}`, JWT_SECRET: 'bench-only-secret', BENCH_APP_MAIN: old ? old.appMain : this.baseline.appMain, ...this.appEnv.get('old') },
        compiled: old?.appServer,
      });
    } else {
      child = await startChild({ name, script: 'floor-server.ts', env: { ...common, DATABASE_FILE: file }, compiled: compiled?.floorServer });
    }
    if (extraIndexesEnabled()) addExtraIndexes([file]);
    this.current.set(name, child);
  }
}
