// A newcomer's path, run as README.md ("Using cms-gen in your own project") and the CLI print it,
// in temporary folders outside the repository: what test/e2e/new-project.test.ts (the blog
// schemas) and test/e2e/new-project-foodadvisor.test.ts (Strapi's FoodAdvisor demo schemas) share.
// This checkout stands in for the clone: a link named `cms-gen` beside the schemas, its `npm
// install` already done. npm installs the app's other dependencies from the registry, preferring
// its cache (better-sqlite3's prebuilt binary is seeded there by test/global-setup.ts).
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownCodeBlocks, withoutComment } from './printed-commands';
import type { Outcome, Server, ShellSession } from './shell-session';

export const REPO = join(__dirname, '..', '..');
const README = join(REPO, 'README.md');
const SECTION = '### Using cms-gen in your own project';

const MINUTE = 60_000;
/** A step of the path (an npm install among them): minutes on a busy machine. */
export const STEP_TIMEOUT = 15 * MINUTE;

/**
 * A newcomer's terminal: no variables of jest or of an npm script running it (npm_config_*,
 * NODE_ENV=test), npm preferring its cache; the apps listen on a free port of 127.0.0.1.
 */
export function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|NODE_ENV$|INIT_CWD$|DATABASE_URL$|JWT_SECRET$|PORT$|HOST$|JEST_|NODE_OPTIONS$)/i.test(name)) env[name] = value;
  }
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', PORT: '0', HOST: '127.0.0.1' };
}

/** The README's path: the clone's lines (checked, stood in for), the build line, then what the build prints. */
export function readmePath(): { setup: string[]; build: string; next: string[]; update: { setup: string[]; run: string[] } } {
  const [first, second] = markdownCodeBlocks(README, SECTION);
  const at = first.findIndex((line) => line.startsWith('node cms-gen/bin/cms-gen build '));
  if (at < 0 || !second) throw new Error(`${SECTION}: expected a block with the build line and a block for updates`);
  const updateAt = second.findIndex((line) => line.startsWith('node cms-gen/bin/cms-gen build '));
  return { setup: first.slice(0, at), build: first[at], next: first.slice(at + 1), update: { setup: second.slice(0, updateAt), run: second.slice(updateAt) } };
}

/** A folder outside the repository with the clone (this checkout) and `schemas` beside each other. */
export function newcomerFolder(prefix: string, schemas: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(REPO, join(root, 'cms-gen'), 'dir');
  cpSync(schemas, join(root, 'schemas'), { recursive: true });
  return root;
}

/** Every server a path started: stopped after its suite (stopServers). */
const servers: Server[] = [];

export function keepServer(server: Server): void {
  servers.push(server);
}

export async function stopServers(): Promise<void> {
  for (const server of servers.splice(0)) await server.stop();
}

/** Runs the printed commands in order; each server is checked with `check` and stopped. Returns the lines that served. */
export async function runPrinted(session: ShellSession, commands: string[], check: (url: string) => Promise<void>, before: (line: string) => void = () => undefined): Promise<string[]> {
  const served: string[] = [];
  for (const line of commands) {
    before(line);
    const outcome: Outcome = await session.run(line, STEP_TIMEOUT);
    if (outcome.kind !== 'serving') continue;
    servers.push(outcome.server);
    try {
      await check(outcome.server.url);
    } catch (err) {
      throw new Error(`\`${line}\` served, but: ${err instanceof Error ? err.message : String(err)}\n--- its output:\n${outcome.server.output()}`);
    } finally {
      await outcome.server.stop();
    }
    served.push(withoutComment(line));
  }
  return served;
}

