// A newcomer's path, run exactly as README.md ("Using cms-gen in your own project") and the CLI
// print it, in temporary folders outside the repository: build an app from schemas with the
// clone's CLI, then the printed steps (`cd`, `npm install` with no registry package of cms-gen's,
// `npm run dev`, `npm run build && npm start`), the app's `npm run generate` and `npx cms-gen`, the
// rebuild after an update, and the Dockerfile's steps run as shell commands in a clean copy.
// test/e2e/new-project-foodadvisor.test.ts walks the same printed path with Strapi's FoodAdvisor
// demo schemas (its own file, so that jest runs the two side by side).
//
// This checkout stands in for the clone: a link named `cms-gen` beside the schemas, its `npm
// install` already done (the README's clone and install lines are checked, not run). npm installs
// the app's other dependencies from the registry, preferring its cache; better-sqlite3's prebuilt
// binary is in that cache (test/global-setup.ts seeds it from the checkout's own build), so no
// install compiles it.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runDockerBuild } from '../helpers/dockerfile-steps';
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';
import { keepServer, newcomerEnv, newcomerFolder, readmePath, REPO, runPrinted, STEP_TIMEOUT, stopServers } from '../helpers/newcomer';
import { printedCommands, withoutComment } from '../helpers/printed-commands';
import { ShellSession, start } from '../helpers/shell-session';

const BLOG_SCHEMAS = join(REPO, 'fixtures', 'strapi-blog', 'src');

/** The blog app (no bootstrap.json beside the schemas): the starter grants Public read and nothing else. */
async function checkBlog(url: string): Promise<void> {
  const api = client(url);
  const list = await api.get('/api/articles');
  expect(list.status).toBe(200);
  expect(list.body.meta.pagination).toMatchObject({ page: 1, pageSize: 25 });
  expect((await api.get('/api/articles/nope')).status).toBe(404);
  const create = await api.post('/api/articles', { data: { title: 'x' } });
  expect(create.status).toBe(403);
  expect(create.body.error.name).toBe('ForbiddenError');
  expect(Array.isArray((await data(url, '{ articles { documentId title } }')).articles)).toBe(true);
}

