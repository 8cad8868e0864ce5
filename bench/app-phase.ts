// The app-vs-app phase of `npm run bench`, after the floor comparisons: the app child is restarted
// on a fresh copy of the seeded database from a temporary app directory whose config lifts the
// login rate limit (bench/app-config-dir.ts), a user is registered on it, every scenario's sample
// answer is checked, then the scenarios are measured in rotation — round 1: A, B, C, …; round 2:
// A, B, C, … — so machine drift spreads over each scenario and its baseline alike.
import { APP_SCENARIO_CONFIG_NOTE, createBenchAppDir } from './app-config-dir';
import type { AppContext, AppScenario, AppScenarioName, SampleRequest } from './app-scenarios';
import { registerBenchUser } from './app-user';
import { loginBoundNote } from './bcrypt-cost';
import type { LoadSettings } from './config';
import { measure, type RunResult } from './load';
import type { SeedIds } from './scenarios';
import type { Servers } from './servers';

export interface AppScenarioRuns {
  scenario: AppScenario;
  runs: RunResult[];
}

export interface AppPhaseResult {
  results: AppScenarioRuns[];
  /** BENCH_BASELINE: the same scenarios on the baseline's app, measured right after today's each time. */
  old?: AppScenarioRuns[];
  /** Lines for the report: configuration, sample sizes, skipped scenarios. */
  notes: string[];
}

interface SampleAnswer {
  status: number;
  text: string;
}

async function send(baseUrl: string, req: SampleRequest): Promise<SampleAnswer> {
  const res = await fetch(`${baseUrl}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
  return { status: res.status, text: await res.text() };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One sample request per scenario. Returns the scenarios to measure (graphql-list is dropped when
 * the app has no GraphQL endpoint) and throws when an answer would make the numbers meaningless.
 */
async function checkSamples(scenarios: AppScenario[], ctx: AppContext, baseUrl: string, notes: string[]): Promise<AppScenario[]> {
  const answers = new Map<AppScenarioName, SampleAnswer>();
  const problems: string[] = [];
  const active: AppScenario[] = [];
  for (const scenario of scenarios) {
    const answer = await send(baseUrl, scenario.sample(ctx));
    if (scenario.graphql && answer.status === 404) {
      notes.push(`!!! ${scenario.name}: SKIPPED — this app serves no GraphQL endpoint (POST /graphql answered 404); the scenario runs once it is wired`);
      continue;
    }
    answers.set(scenario.name, answer);
    active.push(scenario);
    const problem = answer.status >= 300 ? `status ${answer.status}: ${answer.text.slice(0, 300)}` : scenario.check(parse(answer.text));
    if (problem) problems.push(`${scenario.name}: ${problem}`);
    notes.push(`sample ${scenario.name}: ${Buffer.byteLength(answer.text)} B (${answer.status})`);
  }
  // The authenticated list must answer exactly what the anonymous one does, or its ratio compares two workloads.
  const anonymous = answers.get('list-populate');
  const authenticated = answers.get('list-populate-auth');
  if (anonymous && authenticated && anonymous.text !== authenticated.text) problems.push('list-populate-auth: the authenticated list does not answer the same bytes as the anonymous one');
  if (problems.length) throw new Error(`!!! App scenarios: unusable sample answers, nothing measured:\n  ${problems.join('\n  ')}`);
  return active;
}

function runLine(r: RunResult): string {
  const failed = r.non2xx || r.errors ? ` !!! ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors/timeouts` : '';
  const cpu = r.cpuUsPerRequest === undefined ? '' : `, ${r.cpuUsPerRequest.toFixed(0)} µs CPU/request`;
  return `  ${r.scenario.padEnd(18)} round ${r.round}: ${r.reqPerSec.toFixed(0)} req/s${cpu}, p50 ${r.p50} ms, p99 ${r.p99} ms${failed}`;
}

/** The baseline's app (BENCH_BASELINE) with its own entry and seeded ids. */
export interface OldApp {
  appMain: string;
  ids: SeedIds;
}

export async function runAppPhase(
  scenarios: AppScenario[],
  servers: Servers,
  ids: SeedIds,
  settings: LoadSettings,
  log: (line: string) => void,
  old?: OldApp,
): Promise<AppPhaseResult> {
  const appDir = createBenchAppDir();
  const oldDir = old ? createBenchAppDir(old.appMain) : undefined;
  const notes = [APP_SCENARIO_CONFIG_NOTE];
  try {
    await servers.restartAppWith({ BENCH_APP_DIR: appDir.dir });
    const app = servers.get('app');
    log(`\nApp scenarios on app ${app.url} (pid ${app.pid}), fresh copy of the seeded database\n  ${APP_SCENARIO_CONFIG_NOTE}`);
    const ctx = await registerBenchUser(app.url, ids);
    notes.push(`registered ${ctx.identifier} through POST /api/auth/local/register (Authenticated role)`);
    const active = await checkSamples(scenarios, ctx, app.url, notes);
    let oldCtx: AppContext | undefined;
    if (old && oldDir) {
      await servers.restartAppWith({ BENCH_APP_DIR: oldDir.dir }, 'old');
      const oldUrl = servers.get('old').url;
      oldCtx = await registerBenchUser(oldUrl, old.ids);
      const oldNotes: string[] = [];
      const oldActive = await checkSamples(active, oldCtx, oldUrl, oldNotes);
      if (oldActive.length !== active.length) throw new Error(`!!! the baseline's app does not serve every scenario today's serves:\n  ${oldNotes.join('\n  ')}`);
      notes.push(...oldNotes.map((n) => `baseline: ${n}`));
    }
    if (active.some((s) => s.name === 'login')) notes.push(loginBoundNote());
    for (const line of notes.slice(1)) log(`  ${line}`);
    for (const s of active) log(`  ${s.name}: ${s.description}`);
    const results = active.map((scenario) => ({ scenario, runs: [] as RunResult[] }));
    const oldResults = oldCtx ? active.map((scenario) => ({ scenario, runs: [] as RunResult[] })) : undefined;
    for (let round = 1; round <= settings.rounds; round++) {
      for (const [i, entry] of results.entries()) {
        const r = await measure(app.url, 'app', round, entry.scenario.name, entry.scenario.load(ctx), settings, app.pid);
        log(runLine(r));
        entry.runs.push(r);
        // Today's and the baseline's app alternate scenario by scenario: drift hits both alike.
        const oldEntry = oldResults?.[i];
        if (oldEntry && oldCtx) {
          const oldApp = servers.get('old');
          const o = await measure(oldApp.url, 'old', round, entry.scenario.name, entry.scenario.load(oldCtx), settings, oldApp.pid);
          log(`${runLine(o)} (baseline)`);
          oldEntry.runs.push(o);
        }
      }
    }
    return { results, notes, ...(oldResults ? { old: oldResults } : {}) };
  } finally {
    // The temporary app directories go with the children that read them.
    await servers.stop('app');
    await servers.stop('old');
    appDir.remove();
    oldDir?.remove();
  }
}
