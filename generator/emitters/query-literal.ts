// Prints one compiled query spec (runtime/query/spec.ts) as a TypeScript constant: one line per
// name, links as getters that return the target's exported constant (evaluated when a query
// crosses the link, so specs that import each other in a cycle are all defined by then).
import type { FieldEntry, QueryEntry, QuerySpec } from '../../runtime/core/query/spec';
import { renderKey, renderTsLiteral } from './ts-literal';

/** The exported constant that holds the spec of a uid (decided by the emitter's layout). */
export type SpecName = (uid: string) => string;

const lit = (value: string | boolean): string => renderTsLiteral(value);

function fieldLine(entry: FieldEntry): string {
  const { name, column, type } = entry.field;
  const system = entry.system ? ', system: true' : '';
  return `{ kind: 'field', field: { name: ${lit(name)}, column: ${lit(column)}, type: ${lit(type)} }, operators: ${lit(entry.operators)}, sortable: ${lit(entry.sortable)}${system} }`;
}

const getter = (property: string, value: string): string => `get ${property}() { return ${value}; }`;

function entryLine(entry: QueryEntry, specName: SpecName): string {
  switch (entry.kind) {
    case 'field':
      return fieldLine(entry);
    case 'hidden':
      return `{ kind: 'hidden' }`;
    case 'relation':
      return `{ kind: 'relation', toMany: ${lit(entry.toMany)}, ${getter('target', specName(entry.target.uid))} }`;
    case 'morph':
      return `{ kind: 'morph', toMany: ${lit(entry.toMany)} }`;
    case 'media':
    case 'component':
      return `{ kind: ${lit(entry.kind)}, ${getter('target', specName(entry.target.uid))} }`;
    case 'dynamiczone':
      return `{ kind: 'dynamiczone', ${getter('components', `[${entry.components.map((c) => specName(c.uid)).join(', ')}]`)} }`;
  }
}

/** The uids a spec links to (relations, media, components, dynamic zones), in entry order. */
export function linkedUids(spec: QuerySpec): string[] {
  const uids: string[] = [];
  for (const entry of Object.values(spec.entries)) {
    if (entry.kind === 'relation' || entry.kind === 'media' || entry.kind === 'component') uids.push(entry.target.uid);
    else if (entry.kind === 'dynamiczone') uids.push(...entry.components.map((c) => c.uid));
  }
  return uids;
}

/** `export const articleQuery: ContentTypeQuerySpec = { … };` */
export function renderSpec(spec: QuerySpec, specName: SpecName): string {
  const head =
    spec.kind === 'contentType'
      ? [
          `uid: ${lit(spec.uid)},`,
          `kind: 'contentType',`,
          `localized: ${lit(spec.localized)},`,
          `readAction: ${lit(spec.readAction)},`,
          ...(spec.unexposed ? [`unexposed: [${spec.unexposed.map(lit).join(', ')}],`] : []),
        ]
      : [`uid: ${lit(spec.uid)},`, `kind: 'component',`];
  const entries = Object.entries(spec.entries).map(([name, entry]) => `    ${renderKey(name)}: ${entryLine(entry, specName)},`);
  const type = spec.kind === 'contentType' ? 'ContentTypeQuerySpec' : 'ComponentQuerySpec';
  return [`export const ${specName(spec.uid)}: ${type} = {`, ...head.map((line) => `  ${line}`), '  entries: {', ...entries, '  },', '};'].join('\n');
}
