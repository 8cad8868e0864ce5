// What the packed cms-gen package loads at run time, read from the sources: every file reachable
// from its CLI (generator/cli.ts, whose commands are loaded lazily with require()) through relative
// imports, type-only ones left out as compilation drops them. That includes the runtime files the
// generator and its app commands import relatively (the package ships a compiled copy of runtime/),
// while an import of an own package by name (`@cms-gen/core/...`) is the installed package's, and
// stops the walk there. Returns the npm packages those files import by name, with a file naming each.
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { compareText } from '../../generator/compare-text';
import { packageNameOf, resolveFile, specifiersOf } from './import-graph';

const REPO = resolve(__dirname, '..', '..');
const BUILTINS = new Set(builtinModules);

export function generatorImports(entry: string = join(REPO, 'generator', 'cli.ts')): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier, typeOnly } of specifiersOf(file)) {
      if (typeOnly || specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      if (specifier.startsWith('.')) {
        const target = resolveFile(resolve(dirname(file), specifier));
        // A JSON file or a template read at run time is no module to walk.
        if (target?.endsWith('.ts')) queue.push(target);
        continue;
      }
      const name = packageNameOf(specifier);
      if (!found.has(name)) found.set(name, relative(REPO, file));
    }
  }
  return new Map([...found].sort(([a], [b]) => compareText(a, b)));
}

if (require.main === module) for (const [name, file] of generatorImports()) console.log(`${name}\t${file}`);
