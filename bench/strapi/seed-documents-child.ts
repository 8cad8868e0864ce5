// Runs seed-documents.ts (the reference seed through Strapi's document service) in a child whose
// working directory is the Strapi app, as Strapi needs, with the repo's tsx loader.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { removeSqlite } from './base-db';
import { requireStrapiAppDir } from './server';

/** Seeds `file` through Strapi's document service (slow: about 44 ms an article). */
export function seedThroughDocumentService(articles: number, file: string): Promise<void> {
  const appDir = requireStrapiAppDir();
  const loader = require.resolve('tsx');
  removeSqlite(file);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', `file://${loader}`, join(__dirname, 'seed-documents.ts'), String(articles), file], {
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-4000);
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed-documents exited ${code}:\n${err}`))));
  });
}

