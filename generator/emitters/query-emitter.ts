// Emits the compiled query specs the runtime validates queries against: one
// src/api/<api>/query.ts per api:: content type (`articleQuery`), src/query/plugins.ts (the
// built-in plugin types: files, users, roles, locales…), src/query/components.ts, and
// src/query/index.ts mapping every uid to its spec (handed to the runtime by src/main.ts).
// What the tables hold is decided by the runtime's compileQuerySpecs, the same function an Engine
// uses when it gets no specs: this emitter only decides where each spec lives and prints it.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { compileQuerySpecs } from '../../runtime/core/query/compile-specs';
import type { QuerySpec } from '../../runtime/core/query/spec';
import { compareText } from '../compare-text';
import { camelCase, pascalCase } from './naming';
import { linkedUids, renderSpec } from './query-literal';
import { renderTsLiteral } from './ts-literal';
import { GENERATED_HEADER, type EmitOptions, type GeneratedFile } from './types';

/** Where a spec is exported from: its module (path without `.ts`) and constant name. */
interface Place {
  module: string;
  name: string;
}

const PLUGINS_MODULE = 'src/query/plugins';
const COMPONENTS_MODULE = 'src/query/components';

function placeOf(spec: QuerySpec, meta: SchemaMeta): Place {
  if (spec.kind === 'component') return { module: COMPONENTS_MODULE, name: `component${pascalCase(spec.uid)}Query` };
  if (spec.uid.startsWith('api::')) {
    const singularName = meta.contentTypes[spec.uid].singularName;
    return { module: `src/api/${singularName}/query`, name: `${camelCase(singularName)}Query` };
  }
  // `plugin::users-permissions.user` → usersPermissionsUserQuery
  return { module: PLUGINS_MODULE, name: `${camelCase(spec.uid.slice(spec.uid.indexOf('::') + 2))}Query` };
}

/** The import specifier of `to` from the module `from` (both relative to the app root). */
function relativeModule(from: string, to: string): string {
  const fromDir = from.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common++;
  const up = fromDir.length - common;
  return `${up === 0 ? './' : '../'.repeat(up)}${target.slice(common).join('/')}`;
}

/** Import lines of `module` for the specs it names, one per source module, sorted. */
function importLines(module: string, uids: Iterable<string>, places: Map<string, Place>, runtimeImport: string, types: string[]): string[] {
  const byModule = new Map<string, Set<string>>();
  for (const uid of uids) {
    const place = places.get(uid);
    if (!place) throw new Error(`query emitter: no spec for ${uid}`);
    if (place.module === module) continue;
    const names = byModule.get(place.module) ?? new Set<string>();
    names.add(place.name);
    byModule.set(place.module, names);
  }
  const specifiers = [...byModule.entries()].map(([from, names]) => ({ from: relativeModule(module, from), names: [...names].sort(compareText) }));
  specifiers.sort((a, b) => compareText(a.from, b.from));
  return [`import type { ${types.sort(compareText).join(', ')} } from '${runtimeImport}';`, ...specifiers.map(({ from, names }) => importLine(names, from))];
}

/** One import; a long one gets a name per line, so no line of a spec module runs far past the others. */
function importLine(names: string[], from: string): string {
  const line = `import { ${names.join(', ')} } from '${from}';`;
  return line.length <= 120 ? line : `import {\n${names.map((n) => `  ${n},\n`).join('')}} from '${from}';`;
}

function specModule(module: string, comment: string, specs: QuerySpec[], places: Map<string, Place>, options: EmitOptions): GeneratedFile {
  const name = (uid: string): string => places.get(uid)?.name ?? '';
  const types = [...new Set(specs.map((s) => (s.kind === 'contentType' ? 'ContentTypeQuerySpec' : 'ComponentQuerySpec')))];
  const imports = importLines(module, specs.flatMap(linkedUids), places, options.runtimeImport, types);
  const body = specs.map((spec) => renderSpec(spec, name));
  return { path: `${module}.ts`, contents: [GENERATED_HEADER, comment, ...imports, '', body.join('\n\n'), ''].join('\n') };
}

const TABLE_COMMENT =
  '// What a query (filters, sort, fields, populate) may name on each target, and where links lead.\n' +
  '// Private attributes and passwords are `hidden`: refused wherever a query names them.';

export function emitQueries(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const specs = Object.values(compileQuerySpecs(meta)).sort((a, b) => compareText(a.uid, b.uid));
  const places = new Map(specs.map((spec) => [spec.uid, placeOf(spec, meta)]));
  const byModule = new Map<string, QuerySpec[]>();
  for (const spec of specs) {
    const module = places.get(spec.uid)?.module ?? '';
    byModule.set(module, [...(byModule.get(module) ?? []), spec]);
  }
  const files = [...byModule.entries()].map(([module, moduleSpecs]) => {
    const what =
      module === COMPONENTS_MODULE ? 'the components' : module === PLUGINS_MODULE ? 'the built-in plugin types' : `${meta.contentTypes[moduleSpecs[0].uid].displayName} (${moduleSpecs[0].uid})`;
    return specModule(module, `// Compiled query spec of ${what}.\n${TABLE_COMMENT}`, moduleSpecs, places, options);
  });
  const indexModule = 'src/query/index';
  const index = [
    GENERATED_HEADER,
    '// Every query target of the app by uid; the runtime validates queries against these specs.',
    ...importLines(indexModule, places.keys(), places, options.runtimeImport, ['QuerySpecs']),
    '',
    'export const queries: QuerySpecs = {',
    ...specs.map((spec) => `  ${renderTsLiteral(spec.uid)}: ${places.get(spec.uid)?.name ?? ''},`),
    '};',
    '',
  ].join('\n');
  files.push({ path: `${indexModule}.ts`, contents: index });
  return files;
}
