// Files of the client package that are copied, not built from the schemas: the typed query
// machinery (runtime/types/typed-*.ts, the @cms-gen/types package: the very files the server's typed Document Service
// uses: one source, two users) and the hand-written client code (templates/client/src/).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The typed set: self-contained (they import only each other), so they compile inside the client. */
export const TYPED_SOURCES = ['typed-registry.ts', 'typed-filters.ts', 'typed-query.ts', 'typed-data.ts', 'typed-result.ts', 'typed-exact.ts'] as const;

/** The hand-written client code, copied as is. */
export const CLIENT_SOURCES = ['auth.ts', 'client.ts', 'collection.ts', 'errors.ts', 'files.ts', 'http.ts', 'index.ts', 'query.ts', 'responses.ts', 'single.ts'] as const;

// The package root: two levels up from the sources, three from dist/ (as render-template.ts).
const ROOT = [join(__dirname, '..', '..'), join(__dirname, '..', '..', '..')].find((dir) => existsSync(join(dir, 'templates'))) ?? join(__dirname, '..', '..');

/** The runtime's copy of one typed source (the package ships them, see package.json `files`). */
export function typedSource(name: (typeof TYPED_SOURCES)[number]): string {
  return readFileSync(join(ROOT, 'runtime', 'types', name), 'utf8');
}

export function clientSource(name: (typeof CLIENT_SOURCES)[number]): string {
  return readFileSync(join(ROOT, 'templates', 'client', 'src', name), 'utf8');
}
