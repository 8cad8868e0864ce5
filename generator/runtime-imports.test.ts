// A checkout's CLI (`node <repo>/bin/cms-gen`, README's path for a new project) runs the generator's
// sources under tsx from the user's folder, where the repository's tsconfig paths do not apply: a
// value import of `@cms-gen/<package>` resolves to that package's dist/, which a checkout has not
// built. The generator may load runtime files, but only ones that import no package at run time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const REPO = resolve(__dirname, '..');

/** The run-time imports of a file (type-only ones left out: they are gone after compilation). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find(existsSync);
}

describe("the generator's run-time imports", () => {
  it('reach no @cms-gen package, directly or through the runtime files they load', () => {
    const entries = readdirSync(join(REPO, 'generator'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-helpers') && !f.includes('__fixtures__'))
      .map((f) => join(REPO, 'generator', f));
    const seen = new Set<string>();
    const offending: string[] = [];
    const queue = [...entries];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        if (specifier.startsWith('@cms-gen/')) offending.push(`${relative(REPO, file)}: ${specifier}`);
        else if (specifier.startsWith('.')) {
          const target = resolveRelative(file, specifier);
          if (target) queue.push(target);
        }
      }
    }
    // The walk reached runtime files (otherwise it would check nothing beyond the generator).
    expect([...seen].some((f) => relative(REPO, f).startsWith('runtime/'))).toBe(true);
    expect(offending).toEqual([]);
  });
});
