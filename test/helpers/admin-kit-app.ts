// test/admin-kit (a localized article with draft & publish, tags, a category, a component, a
// dynamic zone, media and a uid; category, tag and a homepage single type; English and French)
// built with the generator and started on a fresh database with the admin panel on: the built
// @cms-gen/admin-ui (runtime/admin-ui/dist) served at /admin, its email sent to an SMTP sink on
// loopback, and one configured webhook for the panel to list. For the browser test of the panel.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { freshDatabase, type TestDatabase } from './fixture-app';
import { buildKit } from './kit-app';
import { startSmtpSink } from './smtp-sink';

const ADMIN_UI_DIST = resolve(__dirname, '..', '..', 'runtime', 'admin-ui', 'dist');

export interface AdminKitApp extends RunningApp {
  /** The text of the last mail sent to `to`. */
  lastMail(to: string): string | undefined;
  stop(): Promise<void>;
}

/** `onMail` sees each message the app sends (its raw text), as it arrives. */
export async function startAdminKitApp(database: TestDatabase, port = 0, onMail?: (text: string) => void): Promise<AdminKitApp> {
  const { root, definition } = buildKit('admin-kit');
  const smtp = await startSmtpSink(onMail);
  const temp = await freshDatabase(database, definition);
  // An app folder of its own: the kit's prisma/ and a config/ naming the SMTP sink and the webhook.
  const appDir = mkdtempSync(join(tmpdir(), 'cms-gen-admin-kit-app-'));
  symlinkSync(join(root, 'app', 'prisma'), join(appDir, 'prisma'), 'dir');
  mkdirSync(join(appDir, 'config'));
  const email = { config: { provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true }, settings: { defaultFrom: 'cms@example.com' } } };
  writeFileSync(join(appDir, 'config', 'plugins.json'), JSON.stringify({ email }, null, 2));
  const hook = { name: 'search index', url: 'http://127.0.0.1:9/hook', events: ['entry.create', 'entry.publish'], enabled: false };
  writeFileSync(join(appDir, 'config', 'webhooks.json'), JSON.stringify({ webhooks: [hook] }, null, 2));
  const previousUi = process.env.CMS_ADMIN_UI_DIR;
  process.env.CMS_ADMIN_UI_DIR = ADMIN_UI_DIST;
  process.env.DATABASE_URL = temp.url;
  const running = await startApp({ ...definition, appDir }, { port, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    lastMail: (to) => smtp.messages.filter((m) => m.to.includes(to.toLowerCase())).pop()?.text,
    stop: async () => {
      await running.close();
      await smtp.close();
      await temp.drop();
      rmSync(appDir, { recursive: true, force: true });
      if (previousUi === undefined) delete process.env.CMS_ADMIN_UI_DIR;
      else process.env.CMS_ADMIN_UI_DIR = previousUi;
    },
  };
}
