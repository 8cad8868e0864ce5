// The service files a generated app already has (src/api/<api>/services/<name>.ts registers the
// service `api::<api>.<name>`, as in Strapi). The build hands them to the REST emitter, which
// types `strapi.service(uid)` with what each file adds; a file added later is typed on the next build.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareText } from './compare-text';

const SERVICE_FILE = /^([a-z0-9][a-z0-9-]*)\.ts$/;

/** uid → module path relative to src/ (without extension), e.g. `api/article/services/article`. */
export function scanServiceFiles(outDir: string): Record<string, string> {
  const apiDir = join(outDir, 'src', 'api');
  const found: Record<string, string> = {};
  if (!existsSync(apiDir)) return found;
  for (const api of readdirSync(apiDir).sort(compareText)) {
    const dir = join(apiDir, api, 'services');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort(compareText)) {
      const name = SERVICE_FILE.exec(file)?.[1];
      if (name && !file.endsWith('.d.ts')) found[`api::${api}.${name}`] = `api/${api}/services/${name}`;
    }
  }
  return found;
}
