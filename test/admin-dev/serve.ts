// Serves test/admin-kit's app (SQLite, a fresh database, the admin panel from runtime/admin-ui/dist)
// for work on the panel: `TMPDIR=$PWD/test/kitchen-tmp npx tsx test/admin-dev/serve.ts`, then open http://127.0.0.1:46100/admin,
// or run `CMS_GEN_ADMIN_API=http://127.0.0.1:46100 npm run dev` in runtime/admin-ui for the sources
// with hot reload. Password-reset mails are printed. PORT overrides the port.
import { startAdminKitApp } from '../helpers/admin-kit-app';

async function main() {
  const app = await startAdminKitApp('sqlite', Number(process.env.PORT ?? 46100), (mail) => console.log(`mail:\n${mail}`));
  console.log(`admin panel: ${app.url}/admin (Ctrl-C stops it and drops its database)`);
  const stop = () => void app.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
