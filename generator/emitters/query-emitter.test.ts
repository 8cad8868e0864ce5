// The emitted query specs: where each spec lives, and that the printed tables, once compiled and
// loaded as the app loads them, are exactly what the runtime's compileQuerySpecs computes
// (links included, across the modules' import cycles).
import { join, posix } from 'node:path';
import ts from 'typescript';
import type { SchemaMeta } from '../../runtime/core/model/types';
import { compileQuerySpecs } from '../../runtime/core/query/compile-specs';
import type { QueryEntry, QuerySpec, QuerySpecs } from '../../runtime/core/query/spec';
import { generate } from '../generate';
import { emitQueries } from './query-emitter';
import { DEFAULT_EMIT_OPTIONS, type GeneratedFile } from './types';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog');

/** Loads emitted modules like the app does (CommonJS), from memory; imports of the runtime are type-only. */
function loadModule(files: GeneratedFile[], entry: string): Record<string, unknown> {
  const sources = new Map(files.map((f) => [f.path.replace(/\.ts$/, ''), f.contents]));
  const cache = new Map<string, { exports: Record<string, unknown> }>();
  const load = (path: string): Record<string, unknown> => {
    const cached = cache.get(path);
    if (cached) return cached.exports;
    const source = sources.get(path);
    if (source === undefined) throw new Error(`no emitted module ${path}`);
    const module = { exports: {} as Record<string, unknown> };
    cache.set(path, module);
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText;
    const requireFrom = (specifier: string) => load(posix.normalize(posix.join(posix.dirname(path), specifier)));
    new Function('exports', 'require', 'module', js)(module.exports, requireFrom, module);
    return module.exports;
  };
  return load(entry);
}

/** A spec as plain data: links become the uid they lead to, so two spec graphs compare with toEqual. */
function plain(spec: QuerySpec): unknown {
  const entry = (e: QueryEntry): unknown => {
    switch (e.kind) {
      case 'relation':
        return { kind: e.kind, toMany: e.toMany, target: e.target.uid };
      case 'media':
      case 'component':
        return { kind: e.kind, target: e.target.uid };
      case 'dynamiczone':
        return { kind: e.kind, components: e.components.map((c) => c.uid) };
      default:
        return e;
    }
  };
  return { ...spec, entries: Object.fromEntries(Object.entries(spec.entries).map(([name, e]) => [name, entry(e)])) };
}

describe('query emitter', () => {
  const { meta } = generate(FIXTURE);
  const files = emitQueries(meta, DEFAULT_EMIT_OPTIONS);
  const byPath = new Map(files.map((f) => [f.path, f.contents]));

  it('writes one query.ts per api:: type, the plugin types and components under src/query, and an index', () => {
    expect(files.map((f) => f.path).sort()).toEqual([
      'src/api/article/query.ts',
      'src/api/author/query.ts',
      'src/api/category/query.ts',
      'src/api/homepage/query.ts',
      'src/api/private-note/query.ts',
      'src/api/seo-page/query.ts',
      'src/query/components.ts',
      'src/query/index.ts',
      'src/query/plugins.ts',
    ]);
    expect(byPath.get('src/api/article/query.ts')).toContain('export const articleQuery: ContentTypeQuerySpec = {');
    expect(byPath.get('src/query/plugins.ts')).toContain('export const usersPermissionsUserQuery: ContentTypeQuerySpec = {');
    expect(byPath.get('src/query/components.ts')).toContain('export const componentSharedSeoQuery: ComponentQuerySpec = {');
  });

  it('prints private attributes as hidden, never as a field or a link', () => {
    const article = byPath.get('src/api/article/query.ts') ?? '';
    expect(article).toContain("secret_code: { kind: 'hidden' },");
    expect(byPath.get('src/query/plugins.ts')).toContain("password: { kind: 'hidden' },");
  });

  it('prints relations as getters returning the target spec, imported from its module', () => {
    const article = byPath.get('src/api/article/query.ts') ?? '';
    expect(article).toContain("import { authorQuery } from '../author/query';");
    expect(article).toContain("author: { kind: 'relation', toMany: false, get target() { return authorQuery; } },");
    expect(article).toContain("import { uploadFileQuery } from '../../query/plugins';");
  });

  describe('loaded as the app loads it', () => {
    const queries = loadModule(files, 'src/query/index').queries as QuerySpecs;
    const compiled = compileQuerySpecs(meta);

    it('holds exactly the tables compileQuerySpecs computes, for every uid', () => {
      expect(Object.keys(queries).sort()).toEqual(Object.keys(compiled).sort());
      for (const uid of Object.keys(compiled)) expect(plain(queries[uid])).toEqual(plain(compiled[uid]));
    });

    it("resolves a relation to the target's emitted spec, through the import cycle", () => {
      const author = queries['api::article.article'].entries.author;
      if (author.kind !== 'relation') throw new Error('author is a relation');
      expect(author.target).toBe(queries['api::author.author']);
      const back = author.target.entries.articles;
      if (back.kind !== 'relation') throw new Error('articles is a relation');
      expect(back.target).toBe(queries['api::article.article']);
    });
  });

  it('is deterministic and follows the schema: a new private attribute becomes hidden', () => {
    expect(emitQueries(meta, DEFAULT_EMIT_OPTIONS)).toEqual(files);
    const author = meta.contentTypes['api::author.author'];
    const changed: SchemaMeta = {
      ...meta,
      contentTypes: { ...meta.contentTypes, [author.uid]: { ...author, attributes: { ...author.attributes, name: { ...author.attributes.name, private: true } } } },
    };
    const authorFile = emitQueries(changed, DEFAULT_EMIT_OPTIONS).find((f) => f.path === 'src/api/author/query.ts')?.contents ?? '';
    expect(authorFile).toContain("name: { kind: 'hidden' },");
  });
});
