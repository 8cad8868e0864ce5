// Traffic check: every request and response of the conformance suite, run against the fixture app,
// and every recorded real-Strapi exchange (test/conformance/observations) validates against the
// app's served OpenAPI document. Exchanges outside the document by design are counted by reason.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFORMANCE_DIR, listCaseIds, runConformance } from '../helpers/conformance';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { readObservations } from '../helpers/observations';
import { splitUrl, TrafficChecker, type Exchange, type Verdict } from '../helpers/openapi-traffic';

const CASES = listCaseIds(['rest.', 'auth.', 'upload.']);

interface Captured {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  multipart: boolean;
  status: number;
  contentType: string | null;
  responseText: string;
}

interface Tally {
  ok: number;
  failures: string[];
  outOfScope: Record<string, number>;
  skipped: Record<string, number>;
  /** GETs the app refused for their query (400): how many the document refuses too, and which it accepts. */
  refusals: { alsoRefused: number; acceptedByDocument: string[] };
  /** JSON bodies content routes refused (400): how many the document refuses too, and which it accepts. */
  bodyRefusals: { alsoRefused: number; acceptedByDocument: string[] };
}

function tally(verdicts: Verdict[], exchanges: Exchange[]): Tally {
  const outOfScope: Record<string, number> = {};
  const refusals: Tally['refusals'] = { alsoRefused: 0, acceptedByDocument: [] };
  const bodyRefusals: Tally['bodyRefusals'] = { alsoRefused: 0, acceptedByDocument: [] };
  const skipped: Record<string, number> = {};
  const failures: string[] = [];
  let ok = 0;
  for (const [index, verdict] of verdicts.entries()) {
    if (verdict.kind === 'ok') {
      ok++;
      for (const part of verdict.skipped) skipped[part] = (skipped[part] ?? 0) + 1;
      if (verdict.queryRefusedToo === true) refusals.alsoRefused++;
      if (verdict.queryRefusedToo === false) refusals.acceptedByDocument.push(`${verdict.operation} ?${exchanges[index].query}`);
      if (verdict.bodyRefusedToo === true) bodyRefusals.alsoRefused++;
      if (verdict.bodyRefusedToo === false) bodyRefusals.acceptedByDocument.push(`${verdict.operation} ${exchanges[index].requestBody ?? ''}`);
    }
    else if (verdict.kind === 'fail') failures.push(`${verdict.operation}: ${verdict.problems.join(' | ')}`);
    else outOfScope[verdict.reason] = (outOfScope[verdict.reason] ?? 0) + 1;
  }
  return { ok, failures, outOfScope, skipped, refusals, bodyRefusals };
}

async function servedChecker(app: FixtureApp): Promise<TrafficChecker> {
  return new TrafficChecker((await (await fetch(`${app.url}/api/openapi.json`)).json()) as Record<string, unknown>);
}

// PostgreSQL as well: its drivers hand back values in other JSON forms (decimals, bigints, dates).
describe.each<TestDatabase>(['sqlite', 'postgres'])('OpenAPI traffic check of the conformance run on %s', (database) => {
  let app: FixtureApp;
  let checker: TrafficChecker;
  let captured: Exchange[];
  let outcomes: { pass: number; fail: number };
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-openapi-traffic-'));

  beforeAll(async () => {
    app = await startFixtureApp(database);
    checker = await servedChecker(app);
    const file = join(dir, 'traffic.jsonl');
    const results = await runConformance(app.url, CASES, { capture: file });
    outcomes = { pass: results.filter((r) => r.outcome === 'pass').length, fail: results.filter((r) => r.outcome === 'fail').length };
    captured = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Captured)
      .map((c) => ({ ...c, source: 'conformance run', ...splitUrl(c.url), requestHeaders: Object.fromEntries(Object.entries(c.requestHeaders).map(([k, v]) => [k.toLowerCase(), v])) }));
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('validates every request and response against the served document', () => {
    const { ok, failures, outOfScope, skipped, refusals, bodyRefusals } = tally(
      captured.map((e) => checker.check(e)),
      captured,
    );
    // Every selected case ran (whether it passed is conformance.test.ts's business).
    expect(outcomes.pass + outcomes.fail).toBe(CASES.length);
    expect(failures).toEqual([]);
    // The suite's setup and cases reach the REST API more often than once per case.
    expect(ok).toBeGreaterThan(CASES.length);
    // rest.errors.unknown-route: answered 404 with the error envelope (checked), no operation.
    expect(outOfScope).toEqual({ 'unknown route (404)': 1 });
    // Uploads: the multipart body is not validated (its response is).
    expect(skipped).toEqual({ 'multipart request body': 3 });
    // Every query the app refuses, the document refuses too (its types are as narrow as the validator's).
    expect(refusals.acceptedByDocument).toEqual([]);
    expect(refusals.alsoRefused).toBeGreaterThan(0);
    // And every body a content route refuses (unknown or private attribute, wrong type, missing required one).
    expect(bodyRefusals).toEqual({ alsoRefused: 7, acceptedByDocument: [] });
  });

  it('fails an exchange the document does not allow (the check can fail)', () => {
    const list = captured.find((e) => e.method === 'GET' && e.path === '/api/articles' && e.status === 200);
    expect(list).toBeDefined();
    const exchange = list as Exchange;
    expect(checker.check(exchange).kind).toBe('ok');
    const body = JSON.parse(exchange.responseText ?? '') as { data: Record<string, unknown>[] };
    const withPrivate = { ...body, data: [{ ...body.data[0], secret_code: 'leaked' }] };
    expect(checker.check({ ...exchange, responseText: JSON.stringify(withPrivate) }).kind).toBe('fail');
    expect(checker.check({ ...exchange, query: 'filters[secret_code][$eq]=x' }).kind).toBe('fail');
    expect(checker.check({ ...exchange, query: 'pagination[page]=zero' }).kind).toBe('fail');
    expect(checker.check({ ...exchange, status: 418 }).kind).toBe('fail');
  });
});

describe('OpenAPI traffic check of the recorded real-Strapi exchanges', () => {
  let app: FixtureApp;
  let checker: TrafficChecker;

  beforeAll(async () => {
    app = await startFixtureApp('sqlite');
    checker = await servedChecker(app);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('validates every recorded request and response', () => {
    const observations = readObservations(join(CONFORMANCE_DIR, 'observations'));
    const { ok, failures, outOfScope, skipped, refusals, bodyRefusals } = tally(
      observations.map((e) => checker.check(e)),
      observations,
    );
    expect(failures).toEqual([]);
    expect(ok).toBe(observations.length - 52);
    // GraphQL, /_health, / and /admin (twice: development and production mode), and two
    // unknown routes answered 404 with the error envelope (checked).
    expect(outOfScope).toEqual({ 'not under the REST prefix': 50, 'unknown route (404)': 2 });
    // Multipart upload bodies are not validated; five responses in each mode were cut by the
    // recorder (their status is still checked).
    expect(skipped).toEqual({ 'multipart request body': 4, 'response body cut by the recording': 10 });
    expect(refusals).toEqual({ alsoRefused: 14, acceptedByDocument: [] });
    expect(bodyRefusals).toEqual({ alsoRefused: 8, acceptedByDocument: [] });
  });
});
