// Emits the GraphQL layer of an app: TypeGraphQL source for both schema shapes (Strapi 5's, and
// the v4 compatibility shape picked at run time by `v4CompatibilityMode`) with the types they define
// alike in one shared folder, an index that loads one shape, and the printed SDL of each, which
// `--check` keeps in step with the source.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { buildGraphqlSchema } from './graphql-build';
import { printSdl } from './graphql-sdl';
import { sharedTypeNames } from './graphql-shared';
import { renderSharedTypeGraphql, renderTypeGraphql } from './graphql-typegraphql';
import { renderTemplate } from './render-template';
import { GRAPHQL_IMPORT, servesGraphql, type EmitOptions, type GeneratedFile } from './types';

export function emitGraphql(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  // An app without GraphQL (config/plugins: `graphql.enabled: false`) gets none of it.
  if (!servesGraphql(options)) return [];
  const v5 = buildGraphqlSchema(meta, 'v5');
  const v4 = buildGraphqlSchema(meta, 'v4');
  const shared = sharedTypeNames(v5, v4);
  return [
    ...renderSharedTypeGraphql(v5, GRAPHQL_IMPORT, shared),
    ...renderTypeGraphql(v5, GRAPHQL_IMPORT, shared),
    ...renderTypeGraphql(v4, GRAPHQL_IMPORT, shared),
    { path: 'src/graphql/index.ts', contents: renderTemplate('graphql/index.ts.hbs', { graphqlImport: GRAPHQL_IMPORT }) },
    { path: 'src/graphql/schema.graphql', contents: printSdl(v5) },
    { path: 'src/graphql/schema.v4.graphql', contents: printSdl(v4) },
  ];
}
