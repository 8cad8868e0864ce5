// Emits src/schema-meta.ts: the model as a typed constant the generated app hands to the runtime.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { renderTsLiteral } from './ts-literal';
import { GENERATED_HEADER, type EmitOptions, type GeneratedFile } from './types';

export function emitSchemaMeta(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const contents = [
    GENERATED_HEADER,
    '// Everything the runtime knows about this app\'s content types and components.',
    `import type { SchemaMeta } from '${options.runtimeImport}';`,
    '',
    // One attribute per line (contentTypes → type → attributes → attribute): the schema as a table.
    `export const schema: SchemaMeta = ${renderTsLiteral(meta, '', { inlineDepth: 4 })};`,
    '',
  ].join('\n');
  return [{ path: 'src/schema-meta.ts', contents }];
}
