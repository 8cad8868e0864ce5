// Outgoing webhooks end to end on SQLite, PostgreSQL and MariaDB: the app is configured through
// config/webhooks.json and config/server.json like a deployed one, media events come from the
// upload routes, entry events from the engine's event emitter (the operation layer's emission is
// tested where it lands). Receivers run on loopback: one that answers 204, one that answers 500,
// one that hangs, and a port nothing listens on. The requests that cause events answer at normal
// speed whatever the receivers do, and closing the app does not wait for them beyond its bound.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import type { TestDatabase } from '../helpers/fixture-app';
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

  const upload = async (form: FormData, query = '') => {
    const res = await fetch(`${app.url}/api/upload${query}`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as any };
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

  it('retries a receiver answering 500 and one that is down, then gives up; the uploads answer at normal speed', async () => {
    const failedBefore = failing.received.length;
    const [res, ms] = await timed(() => upload(fileForm('retry.txt', 'retry')));
    expect(res.status).toBe(201);
    // One attempt to the hanging receiver alone takes timeoutMs; the upload did not wait for it.
    expect(ms).toBeLessThan(DELIVERY.timeoutMs);
    // And the app keeps serving while the deliveries are retried.
    const [list, listMs] = await timed(() => fetch(`${app.url}/api/upload/files`));
    expect(list.status).toBe(200);
    expect(listMs).toBeLessThan(DELIVERY.timeoutMs);

    const attempts = (await failing.waitFor(failedBefore + 3)).slice(failedBefore);
    expect(attempts.map((hook) => hook.body.media.id)).toEqual([res.body[0].id, res.body[0].id, res.body[0].id]);
    // Backoff: 50 ms, then 100 ms (capped) between attempts.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(45);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(95);
    const deadline = Date.now() + 10_000;
    while (!logsAbout('down').some((line) => line.includes('gave up on media.create'))) {
      if (Date.now() > deadline) throw new Error(`no give-up logged for "down": ${JSON.stringify(logsAbout('down'))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logsAbout('down').find((line) => line.includes('gave up'))).toMatch(/^error: webhook "down": gave up on media\.create after 3 attempt\(s\); last failure: .*ECONNREFUSED/);
    expect(logsAbout('failing')).toContain('error: webhook "failing": gave up on media.create after 3 attempt(s); last failure: HTTP 500');
    // No fourth attempt.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failing.received.length).toBe(failedBefore + 3);
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
