// The README's path for a new project (test/e2e/new-project.test.ts) with Strapi's FoodAdvisor
// demo schemas: the build from the clone, then the printed steps (`npm install`, `npm run dev`,
// `npm run build && npm start`), each server checked. A separate file from the blog's path so
// that jest's workers run the two side by side; its `npm install` is its own (from npm's cache,
// better-sqlite3's prebuilt binary included: test/global-setup.ts).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';
import { newcomerEnv, newcomerFolder, readmePath, REPO, runPrinted, STEP_TIMEOUT, stopServers } from '../helpers/newcomer';
import { printedCommands, withoutComment } from '../helpers/printed-commands';
import { ShellSession } from '../helpers/shell-session';

const FOODADVISOR = join(REPO, 'test', 'realworld', 'foodadvisor');

/** Every collection type of a Strapi project's schemas, by plural name. */
function collectionTypes(schemas: string): string[] {
  const api = join(schemas, 'src', 'api');
  return readdirSync(api).flatMap((name) => {
    const types = join(api, name, 'content-types');
    return existsSync(types)
      ? readdirSync(types).map((type) => JSON.parse(readFileSync(join(types, type, 'schema.json'), 'utf8')) as { kind: string; info: { pluralName: string } })
      : [];
  })
    .filter((schema) => schema.kind === 'collectionType')
    .map((schema) => schema.info.pluralName)
    .sort();
}

/** FoodAdvisor: every collection type lists over REST (Public may read), and GraphQL answers. */
async function checkFoodAdvisor(url: string): Promise<void> {
  const api = client(url);
  const plurals = collectionTypes(FOODADVISOR);
  expect(plurals).toContain('restaurants');
  for (const plural of plurals) {
    const list = await api.get(`/api/${plural}`);
    expect(`${plural}: ${list.status}`).toBe(`${plural}: 200`);
  }
  expect(Array.isArray((await data(url, '{ restaurants { documentId name } }')).restaurants)).toBe(true);
}

const env = newcomerEnv();
const path = readmePath();
const roots: string[] = [];

afterAll(async () => {
  await stopServers();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("the same path with Strapi's FoodAdvisor demo schemas", () => {
  it(
    'builds, installs and serves as printed',
    async () => {
      const root = newcomerFolder('cms-gen-foodadvisor-', FOODADVISOR);
      roots.push(root);
      const session = new ShellSession(root, env);
      // A refusal fails here, with the build's own lines.
      const output = await session.finish(path.build, STEP_TIMEOUT);
      const commands = printedCommands(output);
      expect(commands.map(withoutComment)).toEqual(path.next.map(withoutComment));
      const served = await runPrinted(session, commands, checkFoodAdvisor);
      expect(served).toEqual(['npm run dev', 'npm run build && npm start']);
    },
    4 * STEP_TIMEOUT,
  );
});
