// Types every generated GraphQL schema shares: scalars, the per-scalar filter inputs, pagination,
// publication status and filter (v5) or state (v4), the delete answer and the dynamic-zone Error member.
// They depend on no schema: the GraphQL package defines them (runtime/graphql/common-types.ts) and
// generated classes refer to them; they are described here for the printed SDL.
import { PUBLICATION_FILTERS } from '../../runtime/core/query/ast';
import { FILTERABLE_SCALARS, LIST_OPERATORS, scalarFilterName, VALUE_OPERATORS } from '../../runtime/graphql/filter-operators';
import type { GraphqlMode, InputDef, NamedDef, TypeRef } from './graphql-ir';

export { scalarFilterName };

/** The module of the types the runtime defines (none of them is emitted). */
export const COMMON_MODULE = 'common';

/**
 * Built-in content types whose GraphQL types, queries and plugin mutations the GraphQL package
 * defines (runtime/graphql/locale-types.ts, upload-types.ts, v4-types.ts): no schema extends them,
 * so they are the same in every app. They are described for the printed SDL like the others and
 * put in the common module, so generated code refers to them as `rt.<Name>` (`rt.v4.<Name>` for
 * a v4 type that has Strapi 5's name with other fields).
 */
export const PACKAGED_TYPES: ReadonlySet<string> = new Set(['plugin::i18n.locale', 'plugin::upload.file']);

/** Custom scalars and the runtime export implementing each. */
export const CUSTOM_SCALARS: Readonly<Record<string, string>> = {
  JSON: 'JSONScalar',
  DateTime: 'DateTimeScalar',
  Date: 'DateScalar',
  Time: 'TimeScalar',
  Long: 'LongScalar',
  I18NLocaleCode: 'I18NLocaleCodeScalar',
};

function scalarFilter(scalar: string): InputDef {
  const self = scalarFilterName(scalar);
  const list: TypeRef = { name: scalar, list: true };
  return {
    kind: 'input',
    name: self,
    module: COMMON_MODULE,
    fields: [
      { name: 'and', type: list },
      { name: 'or', type: list },
      { name: 'not', type: { name: self } },
      ...VALUE_OPERATORS.map((name) => ({ name, type: { name: scalar } })),
      { name: 'null', type: { name: 'Boolean' } },
      { name: 'notNull', type: { name: 'Boolean' } },
      ...LIST_OPERATORS.map((name) => ({ name, type: list })),
    ],
  };
}

const int = (nonNull: boolean): TypeRef => ({ name: 'Int', nonNull });

export function commonDefs(mode: GraphqlMode): NamedDef[] {
  const defs: NamedDef[] = Object.entries(CUSTOM_SCALARS).map(([name, runtime]) => ({ kind: 'scalar', name, module: COMMON_MODULE, runtime }));
  if (mode === 'v5') {
    defs.push({ kind: 'enum', name: 'PublicationStatus', module: COMMON_MODULE, values: [{ name: 'DRAFT', value: 'draft' }, { name: 'PUBLISHED', value: 'published' }] });
    // REST's publicationFilter values, as constants: never-published → NEVER_PUBLISHED.
    defs.push({ kind: 'enum', name: 'PublicationFilter', module: COMMON_MODULE, values: PUBLICATION_FILTERS.map((value) => ({ name: value.toUpperCase().replace(/-/g, '_'), value })) });
  } else {
    defs.push({ kind: 'enum', name: 'PublicationState', module: COMMON_MODULE, values: [{ name: 'LIVE', value: 'live' }, { name: 'PREVIEW', value: 'preview' }] });
  }
  defs.push(
    { kind: 'input', name: 'PaginationArg', module: COMMON_MODULE, fields: ['page', 'pageSize', 'start', 'limit'].map((name) => ({ name, type: int(false) })) },
    { kind: 'object', name: 'Pagination', module: COMMON_MODULE, fields: ['total', 'page', 'pageSize', 'pageCount'].map((name) => ({ name, type: int(true), args: [] })) },
    {
      kind: 'object',
      name: 'Error',
      module: COMMON_MODULE,
      fields: [
        { name: 'code', type: { name: 'String', nonNull: true }, args: [] },
        { name: 'message', type: { name: 'String' }, args: [] },
      ],
    },
  );
  if (mode === 'v5') {
    defs.push({ kind: 'object', name: 'DeleteMutationResponse', module: COMMON_MODULE, fields: [{ name: 'documentId', type: { name: 'ID', nonNull: true }, args: [] }] });
  } else {
    defs.push({ kind: 'object', name: 'ResponseCollectionMeta', module: COMMON_MODULE, fields: [{ name: 'pagination', type: { name: 'Pagination', nonNull: true }, args: [] }] });
  }
  for (const scalar of FILTERABLE_SCALARS) defs.push(scalarFilter(scalar));
  return defs;
}
