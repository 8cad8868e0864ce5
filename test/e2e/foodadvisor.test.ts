// Strapi's FoodAdvisor demo (test/realworld/foodadvisor, its schema files unchanged), with the
// fields and relations its users-permissions extension adds to the user: `job` (required),
// `picture` (media), `reviews` (the other side of review.author) and `articles` (a mappedBy whose
// owner, article.author, does not exist: left out, as Strapi never fills it). Over REST, GraphQL,
// the Document Service (`documents()`) and the emitted client, on SQLite, PostgreSQL and MariaDB.
import { join } from 'node:path';
import { loadSchemas } from '../../generator/load';
import { formatProblem } from '../../generator/problems';
import { collectProblems } from '../../generator/validate';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { buildRealworldProject, REALWORLD, startRealworldApp, type BuiltProject } from '../helpers/realworld-app';

const USER = 'plugin::users-permissions.user';
const EXTENSION = 'src/extensions/users-permissions/content-types/user/schema.json';

type Doc = Record<string, unknown> & { id: number; documentId: string };

/** The emitted client package of the FoodAdvisor app, loaded at run time. */
interface FoodAdvisorClient {
  createClient(options: { baseURL: string }): {
    auth: {
      login(input: { identifier: string; password: string }): Promise<{ jwt?: string; user: Record<string, unknown> }>;
      me(params?: object): Promise<Record<string, unknown>>;
    };
    collection(name: string): { find(params: object): Promise<{ data: Doc[] }> };
  };
}

let built: BuiltProject | undefined;

/** The app is generated once; every database starts it afresh. */
function foodAdvisor(): BuiltProject {
  built ??= buildRealworldProject('foodadvisor', [
    'plugin::users-permissions.user.find',
    'plugin::users-permissions.user.findOne',
    'plugin::users-permissions.user.create',
    'plugin::users-permissions.role.find',
    'plugin::users-permissions.role.updateRole',
    'plugin::upload.content-api.upload',
  ]);
  return built;
}

async function call(app: FixtureApp, method: string, path: string, body?: unknown, jwt?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const res = await fetch(`${app.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function uploadFile(app: FixtureApp, name: string): Promise<Doc> {
  const form = new FormData();
  form.append('files', new Blob([`the picture of ${name}`], { type: 'text/plain' }), `${name}.txt`);
  const res = await fetch(`${app.url}/api/upload`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as Doc[])[0];
}

describe('FoodAdvisor builds unchanged', () => {
  it('with one warning for user.articles, which no attribute owns', () => {
    const result = collectProblems(loadSchemas(join(REALWORLD, 'foodadvisor')));
    expect(result.problems).toEqual([]);
    expect(result.warnings.map(formatProblem).filter((w) => w.startsWith(EXTENSION))).toEqual([
      `${EXTENSION}: attributes.articles.mappedBy: attribute "author" does not exist on api::article.article: the relation can hold no links and is left out (Strapi starts with it but never fills it)`,
    ]);
    const user = foodAdvisor().meta.contentTypes[USER];
    expect(Object.keys(user.attributes)).toEqual(expect.arrayContaining(['job', 'picture', 'reviews', 'username', 'blocked']));
    expect(user.attributes).not.toHaveProperty('articles');
    expect(user.attributes.job).toMatchObject({ kind: 'scalar', type: 'string', required: true });
    expect(user.attributes.picture).toMatchObject({ kind: 'media', multiple: false });
    expect(user.attributes.reviews).toMatchObject({ kind: 'relation', relation: 'oneToMany', target: 'api::review.review', owner: false });
  }, 120_000);
});

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])("FoodAdvisor's user extension on %s", (database) => {
  let app: FixtureApp;
  const password = 'secret123';
  const username = `chef-${database}`;

  beforeAll(async () => {
    app = await startRealworldApp(foodAdvisor(), database);
  }, 180_000);
  afterAll(() => app?.stop());

  it('REST: users are created with job and picture, refused without job, and carry their reviews', async () => {
    const picture = await uploadFile(app, username);
    // POST /api/users names the role (Strapi 5.54 requires one): Public may edit roles here.
    const roles = (await call(app, 'GET', '/api/users-permissions/roles')).body as { roles?: Array<{ id: number; type: string }> };
    const role = roles.roles?.find((r) => r.type === 'authenticated')?.id;
    const missing = await call(app, 'POST', '/api/users', { username: `nojob-${database}`, email: `nojob-${database}@example.com`, password, role });
    expect([missing.status, (missing.body.error as { message: string }).message]).toEqual([400, 'job must be defined.']);

    const created = await call(app, 'POST', '/api/users', { username, email: `${username}@example.com`, password, role, job: 'chef', picture: picture.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username, job: 'chef', blocked: false, confirmed: false });
    expect(created.body).not.toHaveProperty('password');
    const user = created.body as Doc;

    const review = await call(app, 'POST', '/api/reviews', { data: { content: 'Great pasta', note: 5, author: user.documentId } });
    expect(review.status).toBe(201);

    const one = await call(app, 'GET', `/api/users/${user.id}?populate[picture][fields][0]=name&populate[reviews][fields][0]=note`);
    expect(one.body).toMatchObject({ username, job: 'chef', picture: { name: `${username}.txt` }, reviews: [{ note: 5, documentId: (review.body.data as Doc).documentId }] });

    const filtered = await call(app, 'GET', '/api/users?filters[job][$eq]=chef&filters[reviews][note][$gte]=5&fields[0]=username');
    expect(filtered.body).toEqual([expect.objectContaining({ username })]);
    const reviews = await call(app, 'GET', `/api/reviews?filters[author][job][$eq]=chef&populate[author][fields][0]=job&fields[0]=note`);
    expect((reviews.body.data as Doc[]).map((r) => [r.note, (r.author as Doc).job])).toEqual([[5, 'chef']]);

    const login = await call(app, 'POST', '/api/auth/local', { identifier: username, password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username, job: 'chef' });
    const me = await call(app, 'GET', '/api/users/me?populate=picture', undefined, login.body.jwt as string);
    expect(me.body).toMatchObject({ username, job: 'chef', picture: { id: picture.id } });
  });

  it('GraphQL: the extension fields and relations on UsersPermissionsUser', async () => {
    const query = `{ usersPermissionsUsers(filters: { job: { eq: "chef" } }) { username job picture { name } reviews { note } } }`;
    const res = await call(app, 'POST', '/graphql', { query });
    expect(res.body).toEqual({ data: { usersPermissionsUsers: [{ username, job: 'chef', picture: { name: `${username}.txt` }, reviews: [{ note: 5 }] }] } });
    const byReview = await call(app, 'POST', '/graphql', { query: '{ reviews(filters: { note: { eq: 5 } }) { note author { username job } } }' });
    expect(byReview.body).toEqual({ data: { reviews: [{ note: 5, author: { username, job: 'chef' } }] } });
  });

  it('documents(): writes, filters and populates the extension from server code', async () => {
    const users = app.engine.documents(USER);
    const picture = await uploadFile(app, `docs-${database}`);
    const user = (await users.create({ data: { username: `docs-${database}`, email: `docs-${database}@example.com`, password, job: 'sommelier', picture: picture.id } })) as Doc;
    await app.engine.documents('api::review.review').create({ data: { content: 'Fine wine', note: 4, author: user.documentId } });
    const found = (await users.findMany({ filters: { job: 'sommelier', reviews: { note: { $gte: 4 } } }, populate: { picture: { fields: ['name'] }, reviews: { fields: ['note'] } } })) as Doc[];
    expect(found).toEqual([expect.objectContaining({ username: `docs-${database}`, job: 'sommelier', picture: expect.objectContaining({ name: `docs-${database}.txt` }), reviews: [expect.objectContaining({ note: 4 })] })]);
    expect(found[0]).not.toHaveProperty('password');
    await expect(users.create({ data: { username: `docs-nojob-${database}`, email: `docs-nojob-${database}@example.com`, password } })).rejects.toThrow('job must be defined.');
  });

  it('the emitted client: login, me with the extension populated, and reviews by their author', async () => {
    const { createClient } = require(join(foodAdvisor().outDir, 'client', 'src', 'index.ts')) as FoodAdvisorClient;
    const client = createClient({ baseURL: `${app.url}/api` });
    const login = await client.auth.login({ identifier: username, password });
    expect(login.user).toMatchObject({ username, job: 'chef' });
    const me = await client.auth.me({ fields: ['job'], populate: { picture: { fields: ['name'] } } });
    expect(me).toEqual({ id: expect.any(Number), documentId: expect.any(String), job: 'chef', picture: { id: expect.any(Number), documentId: expect.any(String), name: `${username}.txt` } });
    // Reviews are Public's to read here (the Authenticated role has no grant on them, as in Strapi).
    const reviews = await createClient({ baseURL: `${app.url}/api` })
      .collection('reviews')
      .find({ filters: { author: { job: { $eq: 'chef' } } }, populate: { author: { fields: ['job'] } } });
    expect(reviews.data.map((r) => [r.note, (r.author as Doc).job])).toEqual([[5, 'chef']]);
  });
});
