// Relations a project declares to admin::user (test/loose-kit's order.handledBy): stored in their
// link table and edited through the admin API, while the content API leaves them out as Strapi's does.
import { adminClient, type AdminClient } from '../helpers/admin-client';
import { client } from '../helpers/http';
import { startKitApp } from '../helpers/kit-app';
import type { FixtureApp } from '../helpers/fixture-app';

const ORDER = 'api::order.order';
const PAGE = 'api::page.page';

describe('relations to admin::user (loose-kit, SQLite)', () => {
  let app: FixtureApp;
  let root: AdminClient;
  let rootId: number;

  beforeAll(async () => {
    app = await startKitApp('loose-kit', 'sqlite');
    root = adminClient(app.url);
    const res = await root.post('/auth/register-first', { firstname: 'Root', email: 'root@example.com', password: 'Sup3rSecret' });
    rootId = res.body.data.user.id;
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('describes the relation in the metadata', async () => {
    const order = (await root.get('/content-types')).body.data.find((t: { uid: string }) => t.uid === ORDER);
    expect(order.attributes.handledBy).toEqual({ type: 'relation', relation: 'manyToOne', target: 'admin::user' });
  });

  it('writes and reads it through the admin API only', async () => {
    const created = await root.post(`/content/${ORDER}`, { reference: 'A-1', handledBy: rootId });
    expect(created.status).toBe(201);
    expect(created.body.data.handledBy).toMatchObject({ id: rootId, email: 'root@example.com', firstname: 'Root' });
    const documentId = created.body.data.documentId;
    const list = await root.get(`/content/${ORDER}`);
    expect(list.body.data[0].handledBy).toMatchObject({ id: rootId });
    const rest = await client(app.url).get(`/api/orders/${documentId}`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).not.toHaveProperty('handledBy');
    const cleared = await root.put(`/content/${ORDER}/${documentId}`, { handledBy: null });
    expect(cleared.body.data.handledBy).toBeNull();
    const unknown = await root.put(`/content/${ORDER}/${documentId}`, { handledBy: 9999 });
    expect([unknown.status, unknown.body.error.details.errors[0].path]).toEqual([400, ['handledBy']]);
    const picker = await root.get(`/relations/${ORDER}/handledBy`, { _q: 'root' });
    expect(picker.body.data).toEqual([expect.objectContaining({ id: rootId, email: 'root@example.com' })]);
    await root.put(`/content/${ORDER}/${documentId}`, { handledBy: { id: rootId } });
    expect((await root.get(`/content/${ORDER}/${documentId}/relations/handledBy`)).body.data).toEqual([expect.objectContaining({ id: rootId })]);
  });

  it("follows the version: publishing copies the draft's, discarding restores the published ones (as Strapi copies any relation)", async () => {
    const editorRole = (await root.get('/roles')).body.data.find((r: { code: string }) => r.code === 'strapi-editor');
    const other = await root.post('/users', { firstname: 'Rev', email: 'rev@example.com', password: 'Sup3rSecret', roles: [editorRole.id], isActive: true });
    expect(other.status).toBe(201);
    const otherId = other.body.data.id;
    const created = await root.post(`/content/${PAGE}`, { title: 'Reviewed', reviewer: rootId }, { locale: 'en' });
    expect(created.status).toBe(201);
    const documentId = created.body.data.documentId;
    /** The reviewer's admin user id on the draft and on the published version. */
    const reviewers = async () => {
      const rows = await app.db.query(`SELECT p.is_draft, u.id FROM pages p JOIN pages_reviewer_lnk l ON l.source_id = p.id JOIN admin_users u ON u.document_id = l.target_document_id WHERE p.document_id = ? ORDER BY p.is_draft`, [documentId]);
      return Object.fromEntries(rows.map((r) => [Number(r.is_draft) ? 'draft' : 'published', Number(r.id)]));
    };
    expect(await reviewers()).toEqual({ draft: rootId });
    expect((await root.post(`/content/${PAGE}/${documentId}/actions/publish`, {}, { locale: 'en' })).status).toBe(200);
    expect(await reviewers()).toEqual({ draft: rootId, published: rootId });
    // A new reviewer on the draft leaves the published version's until the next publish; discard brings it back.
    expect((await root.put(`/content/${PAGE}/${documentId}`, { reviewer: otherId }, { locale: 'en' })).body.data.reviewer).toMatchObject({ id: otherId });
    expect(await reviewers()).toEqual({ draft: otherId, published: rootId });
    expect((await root.post(`/content/${PAGE}/${documentId}/actions/discard`, {}, { locale: 'en' })).body.data.reviewer).toMatchObject({ id: rootId });
    expect(await reviewers()).toEqual({ draft: rootId, published: rootId });
    await root.put(`/content/${PAGE}/${documentId}`, { reviewer: otherId }, { locale: 'en' });
    await root.post(`/content/${PAGE}/${documentId}/actions/publish`, {}, { locale: 'en' });
    expect(await reviewers()).toEqual({ draft: otherId, published: otherId });
    // Unpublishing removes the published version with its links.
    await root.post(`/content/${PAGE}/${documentId}/actions/unpublish`, {}, { locale: 'en' });
    expect(await reviewers()).toEqual({ draft: otherId });
  });
});
