// Files of the client package that are copied, not built from the schemas: the hand-written client
// code (templates/client/src/). The typed query machinery is not copied: the client imports it from
// @cms-gen/types, the package the server's typed Document Service uses too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The hand-written client code, copied as is. */
export const CLIENT_SOURCES = ['auth.ts', 'client.ts', 'collection.ts', 'errors.ts', 'files.ts', 'http.ts', 'index.ts', 'query.ts', 'responses.ts', 'single.ts'] as const;

// The package root: two levels up from the sources, three from dist/ (as render-template.ts).
const ROOT = [join(__dirname, '..', '..'), join(__dirname, '..', '..', '..')].find((dir) => existsSync(join(dir, 'templates'))) ?? join(__dirname, '..', '..');

export function clientSource(name: (typeof CLIENT_SOURCES)[number]): string {
  return readFileSync(join(ROOT, 'templates', 'client', 'src', name), 'utf8');
}
