// The real-world corpus (test/realworld/: public Strapi 5 projects' schema files, unmodified) held
// against what real Strapi 5.54 does with each (test/realworld/corpus.json, recorded by
// test/realworld/check-strapi.ts). The rule: what Strapi boots, cms-gen builds; what Strapi
// refuses, cms-gen refuses with `file: attribute path: problem` lines. A sample is also generated,
// type-checked, started on SQLite and asked for every content type over REST.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMITTERS } from '../../generator/emitters';
import { DEFAULT_EMIT_OPTIONS } from '../../generator/emitters/types';
import { loadSchemas } from '../../generator/load';
import { buildModel } from '../../generator/model';
import { formatProblem, ValidationFailed } from '../../generator/problems';
import { validateSchemas } from '../../generator/validate';
import type { FixtureApp } from '../helpers/fixture-app';
import { client } from '../helpers/http';
import { buildRealworldProject, REALWORLD, startRealworldApp, typecheck, type BuiltProject } from '../helpers/realworld-app';
import { requiredData } from '../helpers/required-data';

interface Entry {
  project: string;
  contentTypes: number;
  components: number;
  features: string[];
  strapi: { noPlugins: string; withPlugins: string; plugins: string[] };
}

const corpus = JSON.parse(readFileSync(join(REALWORLD, 'corpus.json'), 'utf8')) as Entry[];

/**
 * What cms-gen must do with a project: build it when real Strapi boots it with the project's
 * plugins (a plugin the registry here lacks was replaced by a stand-in registering the same custom
 * fields, see check-strapi.ts), refuse it when Strapi refuses it. Should a plugin be neither
 * installable nor stood in for (`not run`), a project whose only refusal without plugins is a
 * missing custom field is still a custom-field project, which cms-gen builds.
 */
function expectation(entry: Entry): 'builds' | 'refuses' {
  const { noPlugins, withPlugins } = entry.strapi;
  if (withPlugins === 'boots') return 'builds';
  if (withPlugins.startsWith('not run') && /^refuses: Could not find Custom Field/.test(noPlugins)) return 'builds';
  if (withPlugins.startsWith('refuses') || (withPlugins.startsWith('not run') && noPlugins.startsWith('refuses'))) return 'refuses';
  throw new Error(`${entry.project}: no Strapi verdict recorded (run test/realworld/check-strapi.ts)`);
}

/**
 * Whether Strapi serves /graphql for the project: its package.json lists @strapi/plugin-graphql
 * (a copy without a package.json, FoodAdvisor's, is built as a plain schema folder: GraphQL on).
 */
function installsGraphqlPlugin(project: string): boolean {
  const path = join(REALWORLD, project, 'package.json');
  if (!existsSync(path)) return true;
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as { dependencies?: Record<string, string> };
  return pkg.dependencies?.['@strapi/plugin-graphql'] !== undefined;
}

/** Started on SQLite and asked over REST: FoodAdvisor plus projects of other domains and shapes. */
const SAMPLE = ['foodadvisor', 'bratislava--gmb.sk', 'magdazelena--primer', 'ChadAI-Women--chadai-women-website', 'bcgov--bcparks.ca'];

/** Validates and models the project, then runs every emitter (without formatting): its problems. */
function problemsOf(project: string): string[] {
  try {
    const meta = buildModel(validateSchemas(loadSchemas(join(REALWORLD, project))));
    for (const { emit } of EMITTERS) emit(meta, DEFAULT_EMIT_OPTIONS);
    return [];
  } catch (err) {
    if (err instanceof ValidationFailed) return err.problems.map(formatProblem);
    throw err;
  }
}

const strapiVerdict = (project: string): string => corpus.find((e) => e.project === project)!.strapi.withPlugins;

const builds = corpus.filter((e) => expectation(e) === 'builds').map((e) => e.project);
const refuses = corpus.filter((e) => expectation(e) === 'refuses').map((e) => e.project);

describe('the real-world corpus', () => {
  it('lists every project folder once, each with its licence and source', () => {
    const listed = corpus.map((e) => e.project).sort();
    expect(new Set(listed).size).toBe(listed.length);
    for (const project of listed) {
      expect(existsSync(join(REALWORLD, project, 'SOURCE.md'))).toBe(true);
      expect(existsSync(join(REALWORLD, project, 'src'))).toBe(true);
      expect([project, readdirSync(join(REALWORLD, project)).some((name) => /^(licen[cs]e|copying)/i.test(name))]).toEqual([project, true]);
    }
    expect(listed.length).toBeGreaterThanOrEqual(40);
    for (const name of SAMPLE) expect(listed).toContain(name);
  });

  describe.each(builds)('%s: real Strapi boots it', (project) => {
    it('builds with no problem', () => {
      expect(problemsOf(project)).toEqual([]);
    });
  });

  describe.each(refuses)('%s: real Strapi refuses it', (project) => {
    it('is refused with one `file: attribute path: problem` line per problem, naming its own files', () => {
      const problems = problemsOf(project);
      expect(problems).not.toEqual([]);
      const files = problems.map((line) => /^(src\/[^:]+\.json): (?:[^\s:]+: )?\S.*$/.exec(line)?.[1]);
      for (const file of files) {
        expect(file).toBeDefined();
        expect(existsSync(join(REALWORLD, project, file!))).toBe(true);
      }
      // When Strapi names the file it refused, cms-gen names it too.
      const named = /(src\/\S+\.json)/.exec(strapiVerdict(project))?.[1];
      if (named !== undefined) expect(files).toContain(named);
    });
  });
});

const started = SAMPLE;
const apps = new Map<string, BuiltProject>();

/** Each sample app is generated once, by whichever test needs it first. */
function sampleApp(project: string): BuiltProject {
  let built = apps.get(project);
  if (!built) {
    built = buildRealworldProject(project);
    apps.set(project, built);
  }
  return built;
}

describe('the sample', () => {
  it('type-checks (one tsc run over the generated apps)', () => {
    const result = typecheck(started.map(sampleApp));
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);

  describe.each(started)('%s started on SQLite', (project) => {
    let built: BuiltProject;
    let app: FixtureApp;

    beforeAll(async () => {
      built = sampleApp(project);
      app = await startRealworldApp(built);
    }, 60_000);

    afterAll(async () => {
      await app?.stop();
    });

    it('answers list, get and populate for every content type with 200', async () => {
      const api = client(app.url);
      const types = Object.values(built.meta.contentTypes).filter((t) => t.uid.startsWith('api::'));
      expect(types.length).toBeGreaterThan(0);
      let created = 0;
      for (const type of types) {
        // A draft may leave required values out; a type without draft & publish gets them made up.
        const status = type.draftAndPublish ? { status: 'draft' } : {};
        const data = type.draftAndPublish ? {} : requiredData(built.meta, type.attributes);
        if (type.kind === 'singleType') {
          if (data !== undefined) {
            const put = await api.put(`/api/${type.singularName}`, { data }, status);
            expect([type.uid, put.status, put.text]).toEqual([type.uid, 200, put.text]);
            const get = await api.get(`/api/${type.singularName}`, { populate: '*', ...status });
            expect([type.uid, get.status]).toEqual([type.uid, 200]);
            created += 1;
          }
          continue;
        }
        if (data !== undefined) {
          const post = await api.post(`/api/${type.pluralName}`, { data }, status);
          expect([type.uid, post.status, post.text]).toEqual([type.uid, 201, post.text]);
          const documentId = (post.body as { data: { documentId: string } }).data.documentId;
          const one = await api.get(`/api/${type.pluralName}/${documentId}`, { populate: '*', ...status });
          expect([type.uid, one.status]).toEqual([type.uid, 200]);
          created += 1;
        }
        const list = await api.get(`/api/${type.pluralName}`, { populate: '*', ...status });
        expect([type.uid, list.status]).toEqual([type.uid, 200]);
        expect((list.body as { data: unknown[] }).data.length).toBe(data === undefined ? 0 : 1);
      }
      // Most types get a document: a required media or relation is the only reason to skip one.
      expect(created).toBeGreaterThan(types.length / 2);
    }, 60_000);

    it('serves GraphQL only when the project installs Strapi\'s GraphQL plugin, as Strapi does', async () => {
      const answer = await client(app.url).post('/graphql', { query: '{ __typename }' });
      expect([project, answer.status]).toEqual([project, installsGraphqlPlugin(project) ? 200 : 404]);
    });
  });
});
