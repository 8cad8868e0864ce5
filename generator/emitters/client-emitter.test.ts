// The emitted client package for the strapi-blog fixture: pinned file by file, its typed query
// machinery imported from @cms-gen/types (not copied), no runtime import and no Node API, and
// compiling on its own with the DOM library only.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../generate';
import { CLIENT_HIDDEN_UIDS } from './client-emitter';
import { GENERATED_HEADER } from './types';

const REPO = join(__dirname, '..', '..');
const FIXTURE = join(REPO, 'fixtures', 'strapi-blog');

describe('emitted client package for strapi-blog', () => {
  const { files } = generate(FIXTURE, { runtimeImport: '@cms-gen/runtime', appName: 'blog' });
  const client = files.filter((f) => f.path.startsWith('client/'));
  const byPath = new Map(client.map((f) => [f.path, f.contents]));

  it.each(['client/package.json', 'client/tsconfig.json', 'client/src/content-types.ts', 'client/src/models.ts'])('%s matches its snapshot', (path) => {
    expect(byPath.get(path)).toMatchSnapshot();
  });

  it('imports the typed query machinery from @cms-gen/types instead of copying it', () => {
    expect(client.filter((f) => f.path.startsWith('client/src/types/'))).toEqual([]);
    expect(byPath.get('client/src/content-types.ts')).toContain("from '@cms-gen/types';");
  });

  it('imports only its own modules, qs and @cms-gen/types: nothing from the runtime, no Node built-ins', () => {
    const sources = client.filter((f) => f.path.endsWith('.ts'));
    const specifiers = sources.flatMap((f) => [...f.contents.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]));
    expect(specifiers.length).toBeGreaterThan(20);
    expect([...new Set(specifiers.filter((s) => !s.startsWith('./') && !s.startsWith('../')))].sort()).toEqual(['@cms-gen/types', 'qs']);
    // Relative imports carry the .js extension Node's ESM resolution needs once compiled.
    expect(specifiers.filter((s) => s.startsWith('.') && !s.endsWith('.js'))).toEqual([]);
    for (const file of sources) expect(file.contents.startsWith(GENERATED_HEADER)).toBe(true);
  });

  it('names the package after the app and depends on qs and @cms-gen/types only', () => {
    const pkg = JSON.parse(byPath.get('client/package.json') ?? '{}') as { name: string; type: string; dependencies: Record<string, string>; exports: Record<string, unknown> };
    expect([pkg.name, pkg.type, Object.keys(pkg.dependencies)]).toEqual(['blog-client', 'module', ['@cms-gen/types', 'qs']]);
    expect(pkg.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' });
  });

  it('maps REST names to uids and leaves internal types out of the registry and the models', () => {
    const registry = byPath.get('client/src/content-types.ts') ?? '';
    expect(registry).toContain("'articles': 'api::article.article';");
    expect(registry).toContain("'homepage': 'api::homepage.homepage';");
    const models = byPath.get('client/src/models.ts') ?? '';
    for (const uid of CLIENT_HIDDEN_UIDS) expect(registry).not.toContain(uid);
    for (const name of ['ApiToken', 'UpSession', 'UpSetting', 'Permission']) expect(models).not.toMatch(new RegExp(`\\b${name}\\b`));
    // Role loses its relation to the permission table; its users stay.
    expect(models).toMatch(/export interface Role \{[^}]*users\?: User\[\];[^}]*\}/);
    expect(models).not.toContain('permissions?:');
  });

  // The client is shipped on its own (to front ends) and the server builds without client/, so each
  // carries the document shapes; both are printed by the same functions, minus the internal types.
  it("describes each document and registry entry as the server does, but for relations to internal types, and the server never imports client/", () => {
    const server = new Map(files.filter((f) => !f.path.startsWith('client/')).map((f) => [f.path, f.contents]));
    const blocks = (text: string, pattern: RegExp) => new Map([...text.matchAll(pattern)].map((m) => [m[1], m[0]]));
    const interfaces = (text: string) => blocks(text, /^export interface (\w+) \{\n[\s\S]*?\n\}$/gm);
    const entries = (text: string) => blocks(text, /^  '([a-z][a-z:.-]*)': \{\n[\s\S]*?\n  \};$/gm);
    const pairs: Array<[Map<string, string>, Map<string, string>]> = [
      [interfaces(server.get('src/types.ts') ?? ''), interfaces(byPath.get('client/src/models.ts') ?? '')],
      [entries(server.get('src/content-types.ts') ?? ''), entries(byPath.get('client/src/content-types.ts') ?? '')],
    ];
    for (const [ours, theirs] of pairs) {
      const internal = [...ours.keys()].filter((key) => !theirs.has(key));
      expect(internal.length).toBeGreaterThan(5);
      expect(theirs.size).toBeGreaterThan(10);
      const words = internal.map((key) => key.replace(/[.:]/g, '\\$&')).join('|');
      const internalLine = new RegExp(`\\b(${words})\\b|'(${[...CLIENT_HIDDEN_UIDS].join('|')})'`);
      for (const [key, text] of theirs) expect([key, text]).toEqual([key, (ours.get(key) ?? '').split('\n').filter((line) => !internalLine.test(line)).join('\n')]);
    }
    for (const [path, text] of server) expect([path, /from '[^']*\bclient\//.test(text)]).toEqual([path, false]);
  });

  it('compiles on its own with lib DOM and no Node types (the committed fixture client)', () => {
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    // A checkout has no built @cms-gen/types (dist/): its sources stand in for the installed package.
    const dir = mkdtempSync(join(tmpdir(), 'client-tsc-'));
    const config = join(dir, 'tsconfig.json');
    const client = join(FIXTURE, 'app', 'client');
    writeFileSync(
      config,
      JSON.stringify({ extends: join(client, 'tsconfig.json'), compilerOptions: { noEmit: true, rootDir: REPO, paths: { '@cms-gen/types': [join(REPO, 'runtime', 'types', 'index.ts')] } }, include: [join(client, 'src', '**', '*.ts')] }),
    );
    try {
      // Throws with tsc's diagnostics on stdout when the package does not compile.
      execFileSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('emitted client package for a schema without single types', () => {
  const { files } = generate(join(REPO, 'generator', '__fixtures__', 'flat-blog'));
  const byPath = new Map(files.map((f) => [f.path, f.contents]));

  it('has an empty SingleTypes (single() accepts no name) and falls back to cms-app-client', () => {
    const registry = byPath.get('client/src/content-types.ts') ?? '';
    expect(registry).toMatch(/export interface SingleTypes \{\s*\}/);
    expect(registry).toMatch(/export interface CollectionTypes \{[^}]*'posts': 'api::post\.post';/);
    expect(JSON.parse(byPath.get('client/package.json') ?? '{}')).toMatchObject({ name: 'cms-app-client' });
  });
});
