// The runtime's import graph stays a layered one: no import cycle between files or packages, no
// relative import reaching into another package, and no package used that its package.json does
// not declare (so an app installs what each package needs, and nothing leans on a neighbour's
// dependencies by accident).
import { relative } from 'node:path';
import { buildImportGraph, cyclesOf, packageEdges, RUNTIME_DIR } from './helpers/import-graph';

const graph = buildImportGraph();
const rel = (file: string) => relative(RUNTIME_DIR, file);

describe('the runtime import graph', () => {
  it('finds the shipped sources and their packages', () => {
    expect(graph.files.length).toBeGreaterThan(200);
    expect(graph.packages.length).toBeGreaterThan(0);
    for (const file of graph.files) expect(graph.packageOf(file)).toBeDefined();
  });

  it('resolves every relative import', () => {
    const unresolved = [...graph.imports].flatMap(([file, list]) => list.filter((e) => e.specifier.startsWith('.') && !e.file).map((e) => `${rel(file)}: ${e.specifier}`));
    expect(unresolved).toEqual([]);
  });

  it('has no import cycle between files (type-only imports included)', () => {
    const next = (file: string) => (graph.imports.get(file) ?? []).flatMap((e) => (e.file && graph.imports.has(e.file) ? [e.file] : []));
    expect(cyclesOf(graph.files, next).map((cycle) => cycle.map(rel).sort())).toEqual([]);
  });

  it('has no import cycle between packages', () => {
    const edges = packageEdges(graph);
    expect(cyclesOf(edges.keys(), (name) => edges.get(name) ?? [])).toEqual([]);
  });

  it('imports another package only by its name, never by a relative path into it', () => {
    const crossing = [...graph.imports].flatMap(([file, list]) =>
      list.filter((e) => e.specifier.startsWith('.') && e.file && graph.packageOf(e.file) !== graph.packageOf(file)).map((e) => `${rel(file)}: ${e.specifier}`),
    );
    expect(crossing).toEqual([]);
  });

  it('imports only packages its package.json declares', () => {
    const undeclared = [...graph.imports].flatMap(([file, list]) => {
      const owner = graph.packageOf(file);
      return list.filter((e) => e.packageName && e.packageName !== owner.name && !owner.declared.has(e.packageName)).map((e) => `${owner.name}: ${e.packageName} (${rel(file)})`);
    });
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('declares no dependency that none of its files imports', () => {
    const used = new Map(graph.packages.map((p) => [p.name, new Set<string>()]));
    for (const [file, list] of graph.imports) {
      const owner = graph.packageOf(file);
      for (const e of list) if (e.packageName) used.get(owner.name)!.add(e.packageName);
    }
    const unused = graph.packages.flatMap((p) => [...p.declared].filter((name) => !used.get(p.name)!.has(name) && !LOADED_OTHERWISE.has(name)).map((name) => `${p.name}: ${name}`));
    expect(unused).toEqual([]);
  });
});

/**
 * Declared for what uses them without an import the scan sees: the schema engine's wasm build is
 * found by path (core's db/schema-engine.ts); graphql-yoga is the peer of the sandbox page's
 * renderer, graphql-scalars TypeGraphQL's; the Prisma adapters are loaded by core's schema engine
 * in Node's main realm, and each driver package brings its own into an app's install, with the
 * engine and its adapter utilities when the driver's migrations use them (SQLite and PostgreSQL).
 */
const LOADED_OTHERWISE = new Set(['@prisma/schema-engine-wasm', '@prisma/driver-adapter-utils', 'graphql-yoga', 'graphql-scalars', '@prisma/adapter-pg', '@prisma/adapter-better-sqlite3']);
