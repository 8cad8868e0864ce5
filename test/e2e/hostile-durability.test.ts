// Durability under kill -9: a server killed in the middle of a write load loses no write it
// acknowledged and leaves no half-written document behind (component rows, link rows and media
// links whose owner row is missing). The app runs in a child process, exactly as it is deployed,
// and is restarted on the same database after the kill.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { compiledPath } from '../helpers/compiled-app';
import { freshDatabase, type TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';

const ROOT = resolve(__dirname, '..', '..');

/** Starts the generated app's entry point as its own process and resolves with its URL. */
function spawnApp(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  // node itself on the compiled app (test/helpers/compiled-app.ts; not the tsx command, which runs
  // the app in a child of its own): the pid is the server's, so SIGKILL reaches the server.
  const child = spawn(process.execPath, [compiledPath(join(ROOT, 'fixtures/strapi-blog/app/src/main.ts'))], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`app did not start:\n${output}`)), 90_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, url: match[1] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code}:\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('kill -9 durability on %s', (database) => {
  let temp: { url: string; drop: () => Promise<void> };
  let verifier: RunningApp | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    temp = await freshDatabase(database);
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await verifier?.close();
    await temp?.drop();
  });

  it('keeps every acknowledged write whole after the server is killed mid-load', async () => {
    const started = await spawnApp(temp.url);
    child = started.child;
    const api = client(started.url);
    const author = await api.post('/api/authors', { data: { name: 'Durable' } });
    const categories = await Promise.all(['d-1', 'd-2'].map((name) => api.post('/api/categories', { data: { name } })));
    expect([author.status, ...categories.map((c) => c.status)]).toEqual([201, 201, 201]);
    const categoryIds = categories.map((c) => c.body.data.documentId as string);

    // Eight writers create documents with a component, a repeatable nested component, a dynamic
    // zone and relations, until the server dies under them.
    const acknowledged: { documentId: string; title: string }[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed && i < 400; i++) {
        const title = `durable ${w}-${i}`;
        try {
          const res = await api.post('/api/articles', {
            data: {
              title,
              author: author.body.data.documentId,
              categories: categoryIds,
              seo: { meta_title: title, meta_social: [{ social_network: 'Twitter', title: 't1' }, { social_network: 'Facebook', title: 't2' }] },
              sections: [{ __component: 'sections.hero', title: 'h' }, { __component: 'sections.cta', label: 'go', category: categoryIds[0] }],
            },
          });
          if (res.status === 201) acknowledged.push({ documentId: res.body.data.documentId, title });
        } catch {
          // The connection died with the server: not acknowledged, so it may or may not be stored.
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    killed = true;
    await exited(child);
    await load;
    // The kill lands between writes or in the middle of one; either way nothing acknowledged may be lost.
    expect(child.signalCode).toBe('SIGKILL');

    // Restart on the same database (this also runs the start-up migration over the killed state).
    process.env.DATABASE_URL = temp.url;
    verifier = await startApp(app, { port: 0, host: '127.0.0.1', log: () => undefined });
    const after = client(verifier.url);
    const populate = { author: true, categories: true, seo: { populate: ['meta_social'] }, sections: { on: { 'sections.hero': true, 'sections.cta': { populate: ['category'] } } } };
    for (const ack of acknowledged) {
      const res = await after.get(`/api/articles/${ack.documentId}`, { populate });
      expect(res.status).toBe(200);
      const doc = res.body.data;
      expect(doc.title).toBe(ack.title);
      expect(doc.author.name).toBe('Durable');
      expect(doc.categories).toHaveLength(2);
      expect(doc.seo.meta_social).toHaveLength(2);
      expect(doc.sections.map((s: { __component: string }) => s.__component)).toEqual(['sections.hero', 'sections.cta']);
      expect(doc.sections[1].category.name).toBe('d-1');
    }

    // Whatever was cut off mid-write was rolled back whole: every stored article is complete and
    // no component or link row lost its owner.
    const db = verifier.db;
    const count = async (sql: string) => Number((await db.query(sql))[0].n);
    const articles = await count('SELECT COUNT(*) AS n FROM articles');
    expect(articles).toBeGreaterThanOrEqual(acknowledged.length);
    expect(await count('SELECT COUNT(*) AS n FROM articles a WHERE NOT EXISTS (SELECT 1 FROM components_shared_seos s WHERE s.owner_id = a.id)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM articles a WHERE (SELECT COUNT(*) FROM articles_categories_lnk l WHERE l.source_id = a.id) <> 2')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM components_shared_seos s WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = s.owner_id)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM articles_author_lnk l WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = l.source_id)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM articles_categories_lnk l WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = l.source_id)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM components_sections_heroes h WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = h.owner_id)')).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM components_shared_meta_socials m WHERE NOT EXISTS (SELECT 1 FROM components_shared_seos s WHERE s.id = m.owner_id)"),
    ).toBe(0);
  }, 180_000);
});
