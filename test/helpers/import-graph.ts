// The import graph of runtime/: every shipped source file (tests, fixtures and test helpers left
// out), what it imports, and the package (the nearest folder with a package.json) it belongs to.
// test/package-graph.test.ts checks it; `npx tsx test/helpers/import-graph.ts` prints the package
// graph as mermaid and the size of each package (docs/architecture.md shows both).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const RUNTIME_DIR = resolve(__dirname, '..', '..', 'runtime');

export interface ImportEdge {
  /** The text in the import. */
  specifier: string;
  /** The file it resolves to, for relative imports and imports of workspace packages. */
  file?: string;
  /** The npm package it names, for bare imports (node builtins excluded). */
  packageName?: string;
  /** Type-only (`import type`, `typeof import(...)`): gone after compilation, still a dependency. */
  typeOnly: boolean;
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  /** dependencies, optionalDependencies and peerDependencies together. */
  declared: Set<string>;
  manifest: { name: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
}

export interface ImportGraph {
  packages: WorkspacePackage[];
  files: string[];
  imports: Map<string, ImportEdge[]>;
  packageOf(file: string): WorkspacePackage;
}

// admin-ui: the admin panel, a browser bundle with its own build and checks (test/admin-ui), shipped prebuilt.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '__fixtures__', 'test-helpers', 'admin-ui']);
const BUILTINS = new Set(builtinModules);

const isShipped = (file: string): boolean => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && !file.endsWith(`${sep}test-helpers.ts`);

function walk(dir: string, out: string[], manifests: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path, out, manifests);
    } else if (entry.name === 'package.json') manifests.push(path);
    else if (isShipped(path)) out.push(path);
  }
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function resolveFile(base: string): string | undefined {
  // The typed files name their siblings `./x.js` (the client compiles them as ES modules).
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The module specifiers a file names, with whether each is type-only. */
export function specifiersOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      let typeOnly: boolean;
      if (ts.isExportDeclaration(node)) typeOnly = node.isTypeOnly;
      else {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      }
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const isResolve = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'require' && callee.name.text === 'resolve';
      if (isRequire || isResolve || callee.kind === ts.SyntaxKind.ImportKeyword) found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function buildImportGraph(root: string = RUNTIME_DIR): ImportGraph {
  const files: string[] = [];
  const manifests: string[] = [];
  walk(root, files, manifests);
  files.sort();
  const packages: WorkspacePackage[] = manifests
    .map((path) => {
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as WorkspacePackage['manifest'];
      const declared = new Set([manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies].flatMap((deps) => Object.keys(deps ?? {})));
      return { name: manifest.name, dir: dirname(path), declared, manifest };
    })
    // Deepest first, so a file's package is the first whose folder holds it.
    .sort((a, b) => b.dir.length - a.dir.length);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const packageOf = (file: string): WorkspacePackage => {
    const found = packages.find((p) => file.startsWith(p.dir + sep));
    if (!found) throw new Error(`${relative(root, file)} belongs to no package (no package.json above it)`);
    return found;
  };
  const imports = new Map<string, ImportEdge[]>();
  for (const file of files) {
    imports.set(
      file,
      specifiersOf(file).map(({ specifier, typeOnly }): ImportEdge => {
        if (specifier.startsWith('.')) return { specifier, typeOnly, file: resolveFile(resolve(dirname(file), specifier)) };
        if (specifier.startsWith('node:') || BUILTINS.has(specifier)) return { specifier, typeOnly };
        const packageName = packageNameOf(specifier);
        const own = byName.get(packageName);
        const file_ = own ? resolveFile(join(own.dir, specifier.slice(packageName.length))) : undefined;
        return { specifier, typeOnly, packageName, file: file_ };
      }),
    );
  }
  return { packages, files, imports, packageOf };
}

/** Strongly connected components with more than one node (Tarjan), each sorted. */
export function cyclesOf<T>(nodes: Iterable<T>, next: (node: T) => Iterable<T>): T[][] {
  let index = 0;
  const indexOf = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const cycles: T[][] = [];
  const connect = (v: T): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || [...next(v)].includes(v)) cycles.push(component);
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) connect(node);
  return cycles;
}

/** Which workspace packages each package imports (type-only imports included). */
export function packageEdges(graph: ImportGraph): Map<string, Set<string>> {
  const edges = new Map(graph.packages.map((p) => [p.name, new Set<string>()]));
  for (const [file, list] of graph.imports) {
    const from = graph.packageOf(file).name;
    for (const edge of list) {
      const to = edge.file ? graph.packageOf(edge.file).name : undefined;
      if (to && to !== from) edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Files, lines and declared dependencies of each package (shipped sources only). */
export function packageSizes(graph: ImportGraph): { name: string; files: number; lines: number; dependencies: number; external: string[] }[] {
  return graph.packages
    .map((p) => {
      const own = graph.files.filter((f) => graph.packageOf(f) === p);
      const lines = own.reduce((sum, f) => sum + readFileSync(f, 'utf8').split('\n').length - 1, 0);
      const external = [...p.declared].filter((name) => !graph.packages.some((q) => q.name === name)).sort();
      return { name: p.name, files: own.length, lines, dependencies: p.declared.size, external };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

if (require.main === module) {
  const graph = buildImportGraph();
  const edges = packageEdges(graph);
  const id = (name: string) => name.replace(/^@cms-gen\//, '').replace(/[^a-z0-9]/gi, '_');
  console.log('graph TD');
  for (const [from, tos] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    if (tos.size === 0) console.log(`  ${id(from)}["${from}"]`);
    for (const to of [...tos].sort()) console.log(`  ${id(from)}["${from}"] --> ${id(to)}["${to}"]`);
  }
  console.log('\n| package | files | lines | dependencies |\n| --- | ---: | ---: | ---: |');
  for (const size of packageSizes(graph)) console.log(`| ${size.name} | ${size.files} | ${size.lines} | ${size.dependencies} |`);
}
