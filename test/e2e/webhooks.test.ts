// Outgoing webhooks end to end on SQLite, PostgreSQL and MariaDB: the app is configured through
// config/webhooks.json and config/server.json like a deployed one, media events come from the
// upload routes, entry events from the engine's event emitter (the operation layer's emission is
// tested where it lands). Receivers run on loopback: one that answers 204, one that answers 500,
// one that hangs, and a port nothing listens on. The requests that cause events answer at normal
// speed whatever the receivers do, and closing the app does not wait for them beyond its bound.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import type { TestDatabase } from '../helpers/fixture-app';
import { data } from '../helpers/graphql';
import { closedPort, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DELIVERY = { maxAttempts: 3, initialDelayMs: 50, maxDelayMs: 100, timeoutMs: 1500, closeTimeoutMs: 500 };

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
}

function fileForm(name: string, text: string, fields: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  if (text) form.append('files', new Blob([text], { type: 'text/plain' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, JSON.stringify(value));
  return form;
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('webhooks on %s', (database) => {
  let testDb: TestDb;
  let app: ConfiguredApp;
  let stopped = false;
  let ok: WebhookReceiver;
  let failing: WebhookReceiver;
  let hanging: WebhookReceiver;
  let downPort: number;

  /** Files stored so far: each is one media.create for every webhook that takes it. */
  let filesCreated = 0;
  const upload = async (form: FormData, query = '') => {
    const res = await fetch(`${app.url}/api/upload${query}`, { method: 'POST', body: form });
    const body = (await res.json()) as any;
    if (res.status === 201) filesCreated += body.length;
    return { status: res.status, body };
  };
  const logsAbout = (name: string) => app.logs.filter((line) => line.includes(`webhook "${name}"`));

  beforeAll(async () => {
    [ok, failing, hanging, downPort] = await Promise.all([startWebhookReceiver(204), startWebhookReceiver(500), startWebhookReceiver('hang'), closedPort()]);
    testDb = await createTestDatabase(database);
    const media = ['media.create', 'media.update', 'media.delete'];
    app = await startConfiguredApp(
      testDb.url,
      {},
      {
        server: { webhooks: { defaultHeaders: { 'X-Source': 'default', 'X-Default': 'kept' } } },
        webhooks: {
          webhooks: [
            { name: 'search', url: `${ok.url}/hook?token=1`, events: [...media, 'entry.create', 'entry.publish'], headers: { 'x-source': 'search', Authorization: 'Bearer s3cret' } },
            { name: 'disabled', url: `${ok.url}/off`, events: [...media, 'entry.create'], enabled: false },
            { name: 'failing', url: `${failing.url}/hook`, events: ['media.create'] },
            { name: 'down', url: `http://127.0.0.1:${downPort}/hook`, events: ['media.create'] },
            { name: 'hanging', url: `${hanging.url}/hook`, events: ['media.create'] },
          ],
          delivery: DELIVERY,
        },
      },
    );
  }, 120_000);

  afterAll(async () => {
    if (!stopped) await app?.stop();
    await Promise.all([ok?.close(), failing?.close(), hanging?.close()]);
    await testDb?.drop();
  });

  it('announces the enabled webhooks at start', () => {
    expect(app.logs).toContain('webhooks: 4 enabled (search, failing, down, hanging)');
  });

  it('POSTs media.create, media.update and media.delete in order, with the payload and headers configured', async () => {
    const t = `wh${randomBytes(4).toString('hex')}`;
    const created = await upload(fileForm(`${t}.txt`, 'hello'));
    expect(created.status).toBe(201);
    const file = created.body[0];
    const updated = await upload(fileForm('', '', { fileInfo: { name: `${t} renamed`, caption: 'c' } }), `?id=${file.id}`);
    expect(updated.status).toBe(200);
    const replaced = await upload(fileForm(`${t}.txt`, 'hello again'), `?id=${file.id}`);
    expect(replaced.status).toBe(200);
    const deleted = await fetch(`${app.url}/api/upload/files/${file.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const deletedBody = await deleted.json();

    const hooks = (await ok.waitFor(4, '/hook?token=1')).filter((hook) => hook.body.media?.id === file.id);
    expect(hooks.map((hook) => hook.body.event)).toEqual(['media.create', 'media.update', 'media.update', 'media.delete']);
    for (const hook of hooks) {
      expect(Object.keys(hook.body)).toEqual(['event', 'createdAt', 'media']);
      expect(hook.body.createdAt).toMatch(ISO);
      expect(hook.headers).toMatchObject({
        'content-type': 'application/json',
        'x-strapi-event': hook.body.event,
        authorization: 'Bearer s3cret',
        'x-source': 'search',
        'x-default': 'kept',
      });
    }
    // The record as the upload API answered it.
    expect(hooks.map((hook) => hook.body.media)).toEqual([file, updated.body, replaced.body, deletedBody]);
    expect(hooks[1].body.media).toMatchObject({ name: `${t} renamed`, caption: 'c' });
    expect(JSON.stringify(hooks)).not.toContain('folderPath');
    // A disabled webhook gets nothing.
    expect(ok.received.filter((hook) => hook.path === '/off')).toEqual([]);
  });

  it("sends media.update and media.delete for GraphQL's updateUploadFile and deleteUploadFile", async () => {
    const created = await upload(fileForm('gql.txt', 'gql'));
    const id = created.body[0].id;
    await data(app.url, 'mutation($id: ID!, $info: FileInfoInput) { updateUploadFile(id: $id, info: $info) { name } }', { id, info: { alternativeText: 'alt' } });
    await data(app.url, 'mutation($id: ID!) { deleteUploadFile(id: $id) { name } }', { id });
    const deadline = Date.now() + 10_000;
    const forFile = () => ok.received.filter((hook) => hook.path === '/hook?token=1' && hook.body.media?.id === id);
    while (forFile().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(forFile().map((hook) => [hook.body.event, hook.body.media.alternativeText])).toEqual([
      ['media.create', null],
      ['media.update', 'alt'],
      ['media.delete', 'alt'],
    ]);
  });

  it('retries a receiver answering 500 and one that is down, then gives up; the uploads answer at normal speed', async () => {
    const [res, ms] = await timed(() => upload(fileForm('retry.txt', 'retry')));
    expect(res.status).toBe(201);
    const id = res.body[0].id;
    // One attempt to the hanging receiver alone takes timeoutMs; the upload did not wait for it.
    expect(ms).toBeLessThan(DELIVERY.timeoutMs);
    // And the app keeps serving while the deliveries are retried.
    const [list, listMs] = await timed(() => fetch(`${app.url}/api/upload/files`));
    expect(list.status).toBe(200);
    expect(listMs).toBeLessThan(DELIVERY.timeoutMs);

    const attemptsFor = () => failing.received.filter((hook) => hook.body.media?.id === id);
    const giveUps = (name: string) => logsAbout(name).filter((line) => line.includes('gave up on media.create'));
    const deadline = Date.now() + 10_000;
    // Every file so far was given up by both webhooks (earlier ones first: each webhook keeps order).
    while (attemptsFor().length < 3 || giveUps('down').length < filesCreated || giveUps('failing').length < filesCreated) {
      if (Date.now() > deadline) throw new Error(`deliveries not given up in time: ${JSON.stringify([...logsAbout('down'), ...logsAbout('failing')])}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const attempts = attemptsFor();
    expect(attempts).toHaveLength(3);
    // Backoff: 50 ms, then 100 ms (capped) between attempts.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(45);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(95);
    expect(giveUps('down').at(-1)).toMatch(/^error: webhook "down": gave up on media\.create after 3 attempt\(s\); last failure: .*ECONNREFUSED/);
    expect(giveUps('failing').at(-1)).toBe('error: webhook "failing": gave up on media.create after 3 attempt(s); last failure: HTTP 500');
    // No fourth attempt.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attemptsFor()).toHaveLength(3);
  });

  it("sends entry events in Strapi's shape without private attributes, and none for users & permissions types", async () => {
    const before = ok.received.length;
    const entry = { id: 7, documentId: 'doc7', title: 'Hello', secret_code: 'never sent', createdAt: '2026-11-24T10:00:00.000Z', publishedAt: null };
    app.engine.events.emit({ event: 'entry.create', uid: 'plugin::users-permissions.user', model: 'user', entry: { id: 1, username: 'u', password: 'x' } });
    app.engine.events.emit({ event: 'entry.update', uid: 'api::article.article', model: 'article', entry });
    app.engine.events.emit({ event: 'entry.create', uid: 'api::article.article', model: 'article', entry });
    app.engine.events.emit({ event: 'entry.publish', uid: 'api::article.article', model: 'article', entry: { ...entry, publishedAt: '2026-11-24T10:00:01.000Z' } });
    const hooks = (await ok.waitFor(before + 2)).slice(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // entry.update is not among the webhook's events; the user's entry.create is not sent.
    expect(ok.received.length).toBe(before + 2);
    expect(hooks.map((hook) => hook.headers['x-strapi-event'])).toEqual(['entry.create', 'entry.publish']);
    expect(hooks[0].body).toEqual({ event: 'entry.create', createdAt: expect.stringMatching(ISO), model: 'article', uid: 'api::article.article', entry: { id: 7, documentId: 'doc7', title: 'Hello', createdAt: '2026-11-24T10:00:00.000Z', publishedAt: null } });
    expect(hooks[1].body.entry.publishedAt).toBe('2026-11-24T10:00:01.000Z');
  });

  it('sends entry.create then entry.publish for a REST create and a GraphQL create, after they commit', async () => {
    const before = ok.received.length;
    const res = await fetch(`${app.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Webhook via REST', secret_code: 'hidden' } }) });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as any).data;
    const viaGraphql = ((await data(app.url, 'mutation { createArticle(data: { title: "Webhook via GraphQL" }) { documentId } }')) as { createArticle: { documentId: string } }).createArticle.documentId;
    const hooks = (await ok.waitFor(before + 4)).slice(before);
    expect(hooks.map((hook) => [hook.body.event, hook.body.entry.documentId])).toEqual([
      ['entry.create', created.documentId],
      ['entry.publish', created.documentId],
      ['entry.create', viaGraphql],
      ['entry.publish', viaGraphql],
    ]);
    expect(hooks[0].body).toMatchObject({ model: 'article', uid: 'api::article.article', entry: { title: 'Webhook via REST' } });
    expect(hooks[0].body.entry).not.toHaveProperty('secret_code');
    // A write that fails sends nothing.
    const refused = await fetch(`${app.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'x'.repeat(500) } }) });
    expect(refused.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ok.received.length).toBe(before + 4);
  });

  it('closes within closeTimeoutMs while a delivery hangs, cutting it', async () => {
    const before = hanging.received.length;
    expect((await upload(fileForm('last.txt', 'last'))).status).toBe(201);
    await hanging.waitFor(before + 1);
    const [, ms] = await timed(() => app.stop());
    stopped = true;
    // The HTTP drain is immediate (no request in flight); the hanging delivery gets closeTimeoutMs.
    expect(ms).toBeLessThan(DELIVERY.closeTimeoutMs + 1500);
    expect(app.logs).toContain('warning: webhook "hanging": media.create not delivered: the app closed during the attempt (cut: the app is closing)');
  });
});
