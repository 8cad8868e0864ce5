// The users kit's user and role extensions (test/users-kit) through what test/users-ext's
// side-by-side steps do not cover: the Document Service (`documents(uid)`), the emitted client
// package at run time and at compile time, and register.allowedFields naming an attribute the
// user does not have. REST and GraphQL are compared with Strapi in users-extension-answers.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { freshDatabase, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { buildKit } from '../helpers/kit-app';
import { startUsersKitApp } from '../helpers/users-kit-app';

const REPO = join(__dirname, '..', '..');
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';

type Doc = Record<string, unknown> & { documentId: string };

/** The emitted client package of the users kit (built by the kit helper), loaded at run time. */
interface KitClient {
  createClient(options: { baseURL: string }): {
    auth: {
      register(input: Record<string, unknown>): Promise<{ jwt?: string; user: Record<string, unknown> }>;
      me(params?: object): Promise<Record<string, unknown>>;
    };
    collection(name: string): { create(data: object): Promise<{ data: Doc }>; find(params: object): Promise<{ data: Doc[] }> };
  };
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('the users kit through documents() and the client, on %s', (database) => {
  let app: FixtureApp;

  beforeAll(async () => {
    app = await startUsersKitApp(database);
  }, 120_000);
  afterAll(() => app?.stop());

  it('documents(user) writes, validates, filters and populates the extension: both sides of its relations, media, a component', async () => {
    const users = app.engine.documents(USER);
    const team = (await app.engine.documents('api::team.team').create({ data: { name: 'Docs team' } })) as Doc;
    const role = (await app.engine.documents(ROLE).findFirst({ filters: { type: 'authenticated' } })) as Doc;
    // The extension's required `job` holds for server code too.
    await expect(users.create({ data: { username: 'docs-nojob', email: 'docs-nojob@example.com', password: 'secret123', role: role.documentId } })).rejects.toThrow('job must be defined.');
    const user = (await users.create({
      data: { username: 'docs-user', email: 'docs-user@example.com', password: 'secret123', provider: 'local', role: role.documentId, job: 'baker', level: 2, secretNote: 'n', team: team.documentId, profile: { bio: 'Bakes' } },
      populate: ['team', 'profile'],
    })) as Doc;
    expect(user).toMatchObject({ username: 'docs-user', job: 'baker', level: 2, team: { name: 'Docs team' }, profile: { bio: 'Bakes' } });
    // Private attributes are stored but never read back.
    expect(user).not.toHaveProperty('secretNote');
    expect(user).not.toHaveProperty('password');

    const review = (await app.engine.documents('api::review.review').create({ data: { content: 'docs review', note: 4, author: user.documentId } })) as Doc;
    const article = (await app.engine.documents('api::article.article').create({ data: { title: 'docs article', author: user.documentId }, status: 'published' })) as Doc;
    const found = (await users.findMany({ filters: { job: 'baker', reviews: { note: { $gte: 4 } }, team: { name: 'Docs team' } }, populate: { reviews: { fields: ['note'] }, articles: { fields: ['title'] }, role: { fields: ['name', 'rank'] } } })) as Doc[];
    expect(found).toEqual([expect.objectContaining({ username: 'docs-user', reviews: [expect.objectContaining({ note: 4 })], articles: [expect.objectContaining({ title: 'docs article' })], role: expect.objectContaining({ name: 'Authenticated', rank: 0 }) })]);

    // The inverse side writes the owner's links: the team's members, from the team.
    const other = (await users.create({ data: { username: 'docs-other', email: 'docs-other@example.com', password: 'secret123', role: role.documentId, job: 'cook' } })) as Doc;
    await app.engine.documents('api::team.team').update({ documentId: team.documentId, data: { members: { connect: [other.documentId] } } });
    expect((await users.findOne({ documentId: other.documentId, populate: ['team'] })) as Doc).toMatchObject({ team: { name: 'Docs team' } });
    expect(((await app.engine.documents('api::review.review').findOne({ documentId: review.documentId, populate: { author: { fields: ['job'] } } })) as Doc).author).toMatchObject({ job: 'baker' });
    expect(((await app.engine.documents('api::article.article').findOne({ documentId: article.documentId, populate: ['author'] })) as Doc).author).toMatchObject({ username: 'docs-user' });

    // Deleting the user leaves the review, without an author.
    await users.delete({ documentId: user.documentId });
    expect(((await app.engine.documents('api::review.review').findOne({ documentId: review.documentId, populate: ['author'] })) as Doc).author).toBeNull();
  });

  it('documents(role) writes and reads the role extension', async () => {
    const roles = app.engine.documents(ROLE);
    const role = (await roles.create({ data: { name: 'Docs role', type: `docs-${database}`, rank: 3 } })) as Doc;
    await app.engine.documents('api::team.team').create({ data: { name: 'Led team', leadRole: role.documentId } });
    expect((await roles.findOne({ documentId: role.documentId, populate: { teams: { fields: ['name'] } } })) as Doc).toMatchObject({ rank: 3, teams: [{ name: 'Led team' }] });
  });

  it('the emitted client registers with the fields allowedFields lists and reads me with the extension populated', async () => {
    const { createClient } = require(join(buildKit('users-kit').root, 'app', 'client', 'src', 'index.ts')) as KitClient;
    const client = createClient({ baseURL: `${app.url}/api` });
    const team = (await client.collection('teams').create({ name: 'Client team' })).data;
    const registered = await client.auth.register({ username: 'client-user', email: 'client-user@example.com', password: 'secret123', job: 'tester', team: team.documentId, profile: { bio: 'Tests' } });
    expect(registered.user).toMatchObject({ username: 'client-user', job: 'tester', role: { type: 'authenticated' } });
    expect(registered.user).not.toHaveProperty('team');
    expect(await client.auth.me()).toMatchObject({ username: 'client-user', job: 'tester', level: 1 });
    const me = await client.auth.me({ fields: ['job'], populate: { team: { fields: ['name'] }, profile: true } });
    expect(me).toEqual({ id: expect.any(Number), documentId: expect.any(String), job: 'tester', team: { id: expect.any(Number), documentId: team.documentId, name: 'Client team' }, profile: { id: expect.any(Number), bio: 'Tests', website: null } });
    const members = await client.collection('teams').find({ filters: { name: 'Client team' }, populate: { members: { fields: ['username', 'job'] } } });
    expect(members.data[0].members).toEqual([expect.objectContaining({ username: 'client-user', job: 'tester' })]);
  });
});

describe('register.allowedFields naming what the user type does not have', () => {
  let app: RunningApp;
  let drop: () => Promise<void>;
  let appDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    const { root, definition } = buildKit('users-kit');
    appDir = mkdtempSync(join(tmpdir(), 'cms-gen-users-kit-config-'));
    symlinkSync(join(root, 'app', 'prisma'), join(appDir, 'prisma'), 'dir');
    mkdirSync(join(appDir, 'config'));
    writeFileSync(join(appDir, 'config', 'plugins.json'), JSON.stringify({ 'users-permissions': { config: { register: { allowedFields: ['job', 'nickname'] } } } }));
    const database = await freshDatabase('sqlite');
    drop = database.drop;
    process.env.DATABASE_URL = database.url;
    app = await startApp({ ...definition, appDir }, { port: 0, host: '127.0.0.1', log: (line) => logs.push(line) });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('warns at start and ignores the field at registration, as Strapi does', async () => {
    expect(logs).toContain(
      'warning: users-permissions: register.allowedFields lists "nickname", which is not an attribute of plugin::users-permissions.user: registration accepts and ignores it (declare user attributes in src/extensions/users-permissions/content-types/user/schema.json)',
    );
    const res = await fetch(`${app.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nick', email: 'nick@example.com', password: 'secret123', job: 'x', nickname: 'N' }),
    });
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(res.status).toBe(200);
    expect(body.user).toMatchObject({ username: 'nick', job: 'x' });
    expect(body.user).not.toHaveProperty('nickname');
  });
});

describe('the users kit types: src/content-types.ts and the client package', () => {
  it('compile with the extension typed (tsc over a check file that uses both)', () => {
    const { root } = buildKit('users-kit');
    // The client on its own (lib DOM, no Node types), with a file using its typed surface.
    writeFileSync(
      join(root, 'app', 'client', 'src', 'users-kit-check.ts'),
      `import { createClient, type RegisterInput, type User } from './index.js';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
const client = createClient({ baseURL: 'http://localhost/api' });
export async function check(): Promise<void> {
  const input: RegisterInput = { username: 'a', email: 'a@b.c', password: 'secret', job: 'x', team: 'doc', profile: { bio: 'b' }, picture: 1 };
  void client.auth.register(input);
  // @ts-expect-error: job is a string
  void client.auth.register({ username: 'a', email: 'a@b.c', password: 'secret', job: 3 });
  // @ts-expect-error: registration never sets the role
  void client.auth.register({ username: 'a', email: 'a@b.c', password: 'secret', role: 1 });
  const me = await client.auth.me();
  type _me = Expect<Equal<typeof me, User>>;
  const job: string = me.job;
  const shaped = await client.auth.me({ fields: ['job'], populate: { team: { fields: ['name'] } } });
  const team: string | undefined = shaped.team?.name;
  // @ts-expect-error: not selected
  void shaped.username;
  // @ts-expect-error: a private attribute cannot be populated
  void client.auth.me({ populate: ['secretNote'] });
  void [job, team];
}
`,
    );
    // The files of a folder type-checked (test/helpers/typecheck-files.cjs): what they import from the
    // runtime is read for its types, its bodies are left to `npm run typecheck`, which checks them.
    const typecheck = (config: string, folder: string): void => {
      const checked = spawnSync(process.execPath, [join(REPO, 'test', 'helpers', 'typecheck-files.cjs'), config, folder], { encoding: 'utf8' });
      if (checked.status !== 0) throw new Error(`${folder} does not compile:\n${checked.stdout}${checked.stderr}`);
    };
    // The client imports @cms-gen/types; a checkout has no built one (dist/), so its sources stand in
    // for the installed package (rootDir '/': the kit sits in the temporary folder, the sources here).
    const client = join(root, 'app', 'client');
    const clientConfig = join(client, 'tsconfig.check.json');
    writeFileSync(
      clientConfig,
      JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true, rootDir: '/', paths: { '@cms-gen/types': [join(REPO, 'runtime', 'types', 'index.ts')] } }, include: ['src/**/*.ts'] }),
    );
    typecheck(clientConfig, join(client, 'src'));

    // The server's typed Document Service over the app's registry.
    writeFileSync(
      join(root, 'app', 'src', 'users-kit-check.ts'),
      `import type { Documents } from './content-types';
import type { User } from './types';
declare const documents: Documents;
export async function check(): Promise<void> {
  const users = documents('plugin::users-permissions.user');
  const found = await users.findMany({ filters: { job: 'x', team: { name: 'Red' }, reviews: { note: { $gte: 4 } } }, populate: { team: true, reviews: { fields: ['note'] } } });
  const name: string | undefined = found[0]?.team?.name;
  const notes: number[] = (found[0]?.reviews ?? []).map((r) => r.note);
  const job: User['job'] = found[0].job;
  // @ts-expect-error: a private attribute cannot be filtered
  void users.findMany({ filters: { secretNote: 'x' } });
  // @ts-expect-error: job is required on create
  void users.create({ data: { username: 'a', email: 'a@b.c' } });
  void users.create({ data: { username: 'a', email: 'a@b.c', job: 'x', secretNote: 'private but writable', profile: { bio: 'b' } } });
  const role = await documents('plugin::users-permissions.role').findFirst({ populate: { teams: true } });
  const rank: number | null | undefined = role?.rank;
  void [name, notes, job, rank];
}
`,
    );
    writeFileSync(
      join(root, 'tsconfig.check.json'),
      JSON.stringify({
        extends: join(REPO, 'tsconfig.json'),
        compilerOptions: { noEmit: true, baseUrl: REPO, rootDir: '/', types: ['node'] },
        include: [],
        files: [join(root, 'app', 'src', 'users-kit-check.ts')],
      }),
    );
    typecheck(join(root, 'tsconfig.check.json'), join(root, 'app', 'src'));
  }, 240_000);
});
