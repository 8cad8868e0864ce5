import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { startApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { createTempPostgresDatabase, POSTGRES_ADMIN_URL } from '../helpers/test-services';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const pmPid = () => Number(require('node:child_process').execSync("ps -u postgres -o pid,ppid | awk '$2==1{print $1}' | head -1").toString().trim());
const pgCpu = () => { const f = readFileSync(`/proc/${pmPid()}/stat`, 'utf8').split(' '); return (Number(f[15]) + Number(f[16])) * 10; };
const admin = async (sql: string) => { const c = new Client({ connectionString: POSTGRES_ADMIN_URL }); await c.connect(); try { await c.query(sql); } finally { await c.end(); } };
it('measures', async () => {
  const tpl = await createTempPostgresDatabase(); process.env.DATABASE_URL = tpl.url;
  let r = await startApp(app, { port: 0, host: '127.0.0.1', log: () => undefined }); await r.close();
  for (let round = 0; round < 3; round++) {
    let a = cpu(), s = pgCpu();
    for (let i = 0; i < 4; i++) { const db = await createTempPostgresDatabase(); process.env.DATABASE_URL = db.url; r = await startApp(app, { port: 0, host: '127.0.0.1', log: () => undefined }); await r.close(); await db.drop(); }
    await new Promise((res) => setTimeout(res, 300));
    const freshMe = cpu() - a, freshPg = pgCpu() - s;
    a = cpu(); s = pgCpu();
    for (let i = 0; i < 4; i++) { const name = `cmsgen_probe_${i}`; await admin(`CREATE DATABASE "${name}" TEMPLATE "${tpl.name}"`); process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/${name}`; r = await startApp(app, { port: 0, host: '127.0.0.1', log: () => undefined }); await r.close(); await admin(`DROP DATABASE "${name}" WITH (FORCE)`); }
    await new Promise((res) => setTimeout(res, 300));
    console.log(`round ${round} per start: fresh worker ${(freshMe / 4).toFixed(0)} pg ${(freshPg / 4).toFixed(0)} | template worker ${((cpu() - a) / 4).toFixed(0)} pg ${((pgCpu() - s) / 4).toFixed(0)} ms`);
  }
  await tpl.drop();
}, 300000);
