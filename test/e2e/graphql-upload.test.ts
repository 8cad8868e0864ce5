// The upload plugin over GraphQL, on SQLite and PostgreSQL: `updateUploadFile` and
// `deleteUploadFile` run the media library's service with its REST permissions, and no mutation
// uploads a file (Strapi 5 removed them; POST /api/upload does it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { client } from '../helpers/http';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import type { TestDatabase } from '../helpers/fixture-app';

interface GqlResult {
  status: number;
  // Tests assert on arbitrary response shapes.
  body: any;
}

async function gql(url: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: await res.json() };
}

/** Uploads one small PNG over REST; answers its record. */
async function upload(url: string, name: string): Promise<{ id: number; url: string; name: string }> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 200, b: 10 } } }).png().toBuffer();
  const data = new FormData();
  data.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(`${url}/api/upload`, { method: 'POST', body: data });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number; url: string; name: string }[])[0];
}

const UPDATE = 'mutation($id: ID!, $info: FileInfoInput) { updateUploadFile(id: $id, info: $info) { documentId name alternativeText caption url mime } }';
const DELETE = 'mutation($id: ID!) { deleteUploadFile(id: $id) { name url } }';

describe.each<TestDatabase>(['sqlite', 'postgres'])('GraphQL upload on %s', (database) => {
  let db: TestDb;
  let app: ConfiguredApp;

  beforeAll(async () => {
    db = await createTestDatabase(database);
    // A temporary app directory: the local provider stores files under its public/uploads.
    app = await startConfiguredApp(db.url, {});
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('updates a file’s name, alternative text and caption; absent keys stay', async () => {
    const tag = randomBytes(4).toString('hex');
    const file = await upload(app.url, `gql-${tag}.png`);
    const res = await gql(app.url, UPDATE, { id: String(file.id), info: { alternativeText: 'a green square', caption: 'green' } });
    expect(res.body).toEqual({ data: { updateUploadFile: { documentId: expect.any(String), name: `gql-${tag}.png`, alternativeText: 'a green square', caption: 'green', url: file.url, mime: 'image/png' } } });
    const renamed = await gql(app.url, UPDATE, { id: String(file.id), info: { name: `renamed-${tag}.png` } });
    expect(renamed.body.data.updateUploadFile).toMatchObject({ name: `renamed-${tag}.png`, alternativeText: 'a green square', caption: 'green' });
    expect((await client(app.url).get(`/api/upload/files/${file.id}`)).body).toMatchObject({ name: `renamed-${tag}.png`, caption: 'green' });

    const missing = await gql(app.url, UPDATE, { id: '99999999', info: { caption: 'x' } });
    expect(missing.body.data).toBeNull();
    expect(missing.body.errors[0]).toMatchObject({ message: 'file.notFound', path: ['updateUploadFile'], extensions: { code: 'STRAPI_NOT_FOUND_ERROR', error: { name: 'NotFoundError' } } });
    const unknownKey = await gql(app.url, 'mutation($id: ID!) { updateUploadFile(id: $id, info: { url: "x" }) { name } }', { id: String(file.id) });
    expect(unknownKey.status).toBe(400);
  });

  it('deletes a file with its stored object, answering it; a missing file answers null', async () => {
    const file = await upload(app.url, `gql-del-${randomBytes(4).toString('hex')}.png`);
    const stored = join(app.appDir, 'public', file.url);
    expect(existsSync(stored)).toBe(true);
    expect((await gql(app.url, DELETE, { id: String(file.id) })).body).toEqual({ data: { deleteUploadFile: { name: file.name, url: file.url } } });
    expect(existsSync(stored)).toBe(false);
    expect((await client(app.url).get(`/api/upload/files/${file.id}`)).status).toBe(404);
    expect((await gql(app.url, DELETE, { id: String(file.id) })).body).toEqual({ data: { deleteUploadFile: null } });
  });

  it('needs the REST permissions (upload, destroy), and has no upload mutation', async () => {
    const file = await upload(app.url, `gql-perm-${randomBytes(4).toString('hex')}.png`);
    const u = randomBytes(4).toString('hex');
    const roleName = `No files ${u}`;
    await gql(app.url, 'mutation($d: UsersPermissionsRoleInput!) { createUsersPermissionsRole(data: $d) { ok } }', { d: { name: roleName, permissions: ['plugin::users-permissions.user.me'] } });
    const roles = (await gql(app.url, '{ usersPermissionsRoles(pagination: { limit: -1 }) { documentId name } }')).body.data.usersPermissionsRoles as { documentId: string; name: string }[];
    const role = roles.find((r) => r.name === roleName)?.documentId;
    await gql(app.url, 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { documentId } } }', { d: { username: `nf${u}`, email: `nf${u}@example.com`, password: 'Passw0rd!x', role } });
    const jwt = (await gql(app.url, 'mutation { login(input: { identifier: "nf' + u + '", password: "Passw0rd!x" }) { jwt } }')).body.data.login.jwt as string;
    for (const [query, field] of [[UPDATE, 'updateUploadFile'], [DELETE, 'deleteUploadFile']] as const) {
      const res = await gql(app.url, query, { id: String(file.id), info: { caption: 'no' } }, jwt);
      expect(res.body.errors[0]).toMatchObject({ message: 'Forbidden access', path: [field], extensions: { code: 'FORBIDDEN' } });
    }
    expect((await client(app.url).get(`/api/upload/files/${file.id}`)).body.caption).toBeNull();

    const mutations = (await gql(app.url, '{ __type(name: "Mutation") { fields { name } } }')).body.data.__type.fields.map((f: { name: string }) => f.name) as string[];
    expect(mutations.filter((name) => /upload/i.test(name)).sort()).toEqual(['deleteUploadFile', 'updateUploadFile']);
  });
});
