// Debian's headless Chromium for the browser suites (admin-ui, graphql-sandbox), launched through
// playwright-core, with its CPU counted in the suite's record (test/suite-cpu.js).
//
// Why the counting is needed: the record counts the worker's own CPU and that of the children it
// waited for (cutime/cstime). Playwright starts Chromium as the worker's child, but Chromium's
// zygotes, its GPU process and its renderers are the browser's descendants, and when the browser
// exits its zygotes are orphaned (reparented to init), so their CPU, and that of every renderer
// they reaped, never reaches the worker's cutime: about half of admin-ui's real CPU went unseen.
// So just before the browser closes, the CPU of every process in its session (Playwright starts it
// detached: a session of its own, which its descendants keep) is read from /proc, each process's
// utime+stime plus the cutime+cstime of the children it has reaped (a renderer of a context closed
// earlier is in its zygote's). Whatever of that the worker then receives when it reaps the browser
// is already counted; the rest is added to the record as `unreaped`.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Where test/suite-cpu.js collects CPU-s of processes the worker never waits for. */
const UNREAPED = Symbol.for('cms-gen.suite-cpu.unreaped');

interface Stat {
  ppid: number;
  session: number;
  /** utime + stime, in seconds. */
  own: number;
  /** cutime + cstime (children reaped by this process), in seconds. */
  reaped: number;
}

/** /proc/<pid>/stat, or undefined once the process is gone (clock ticks of 1/100 s on Linux). */
function stat(pid: number | 'self'): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // After the name (which may hold spaces): state is field 3, ppid 4, session 6, utime 14 .. cstime 17.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
  return { ppid: f[1], session: f[3], own: (f[11] + f[12]) / 100, reaped: (f[13] + f[14]) / 100 };
}

const pids = (): number[] => {
  try {
    return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return [];
  }
};

/** This process's children that lead a session of their own (how Playwright starts a browser). */
function sessionChildren(): Set<number> {
  const children = new Set<number>();
  for (const pid of pids()) {
    const s = stat(pid);
    if (s && s.ppid === process.pid && s.session === pid) children.add(pid);
  }
  return children;
}

/** CPU-s so far of every process in the session `leader` leads, with the children each has reaped. */
function sessionCpu(leader: number): number {
  let total = 0;
  for (const pid of pids()) {
    const s = stat(pid);
    if (s && s.session === leader) total += s.own + s.reaped;
  }
  return total;
}

/**
 * Runs `launch`, finds the browser process it started, and returns `close` wrapped so that the CPU
 * of the browser's processes that the worker will not reap is added to the suite's record.
 */
async function counted<T extends { close(): Promise<void> }>(launch: () => Promise<T>): Promise<T> {
  const before = sessionChildren();
  const launched = await launch();
  const [leader] = [...sessionChildren()].filter((pid) => !before.has(pid));
  const record = (globalThis as Record<symbol, { seconds: number } | undefined>)[UNREAPED];
  if (leader === undefined || record === undefined) return launched;
  const close = launched.close.bind(launched);
  let closing: Promise<void> | undefined;
  launched.close = () =>
    (closing ??= (async () => {
      const tree = sessionCpu(leader);
      const waited = stat('self')!.reaped;
      await close();
      // Playwright resolves once the browser process has exited; the worker reaps it right then.
      for (let i = 0; i < 100 && stat(leader) !== undefined; i++) await new Promise((r) => setTimeout(r, 20));
      const reaped = stat('self')!.reaped - waited;
      record.seconds += Math.max(0, tree - reaped);
    })());
  return launched;
}

/**
 * The features Playwright 1.65 turns off for Chromium (its `chromiumSwitches`). Chromium reads the
 * last `--disable-features` of its command line only, so a suite's own list must repeat these;
 * `withTestArgs` fails the launch once another Playwright is installed.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];

/**
 * What a browser for tests leaves off besides Playwright's list: the omnibox popup, which Chromium
 * 156 draws as a web page of its own (chrome://omnibox-popup.top-chrome) and preloads in a
 * renderer per window, so per browser context: about 2 CPU-s each, for a popup a headless page
 * never opens.
 */
const TEST_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

const PLAYWRIGHT_LISTED = /^1\.65\./;

function withTestArgs(options: LaunchOptions): LaunchOptions {
  const { version } = require('playwright-core/package.json') as { version: string };
  if (!PLAYWRIGHT_LISTED.test(version)) throw new Error(`playwright-core ${version}: update PLAYWRIGHT_DISABLED_FEATURES in test/helpers/chromium.ts from its chromiumSwitches`);
  const given = (options.args ?? []).filter((arg) => arg.startsWith('--disable-features=')).flatMap((arg) => arg.slice('--disable-features='.length).split(','));
  const features = [...new Set([...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES, ...given])];
  const args = (options.args ?? []).filter((arg) => !arg.startsWith('--disable-features='));
  return { executablePath: CHROMIUM, headless: true, ...options, args: [...args, `--disable-features=${features.join(',')}`] };
}

/** A headless browser (a new context per `newContext`). */
export function launchChromium(options: LaunchOptions): Promise<Browser> {
  return counted(() => chromium.launch(withTestArgs(options)));
}

/** A headless browser with a profile in `userDataDir` (its one context is the browser). */
export function launchPersistentChromium(userDataDir: string, options: LaunchOptions): Promise<BrowserContext> {
  return counted(() => chromium.launchPersistentContext(userDataDir, withTestArgs(options)));
}

/** Targets of the browser's own UI (pages it draws as web pages); a test browser should have none. */
export async function browserUiTargets(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    return targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url);
  } finally {
    await session.detach();
  }
}
