// The validated, normalized form of a content query. The parser/validator (query/validate.ts)
// turns untrusted qs-parsed input into these nodes, checked against the compiled query specs;
// the SQL compiler (sql/) only ever sees these nodes, so it can trust every name in them.

/** Comparison operators on a single field; `$not` on a field is rewritten to `not(cmp)`. */
export type ComparisonOperator =
  | '$eq'
  | '$eqi'
  | '$ne'
  | '$nei'
  | '$lt'
  | '$lte'
  | '$gt'
  | '$gte'
  | '$in'
  | '$notIn'
  | '$contains'
  | '$notContains'
  | '$containsi'
  | '$notContainsi'
  | '$null'
  | '$notNull'
  | '$between'
  | '$startsWith'
  | '$startsWithi'
  | '$endsWith'
  | '$endsWithi';

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
];

export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;

/**
 * A field the filter/sort can address on a row: a scalar attribute or a system field.
 * `column` is the database column (already validated), `type` drives value coercion and SQL.
 */
export interface FieldRef {
  /** API name (attribute name or id/documentId/createdAt/updatedAt/publishedAt/locale). */
  name: string;
  column: string;
  type: import('../model/types').ScalarType | 'id' | 'documentId' | 'locale';
}

export type FilterNode =
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  /**
   * `value` is already coerced to the field's type: number for integer/float/id, string for
   * biginteger/decimal (exact), boolean for boolean, ISO strings for dates, arrays for $in/$notIn/$between
   * (the $between array has exactly two items), boolean for $null/$notNull.
   */
  | { kind: 'compare'; field: FieldRef; op: ComparisonOperator; value: unknown }
  /**
   * Traverse a relation, media, component or dynamic-zone attribute of the current type; `child`
   * is evaluated against the target rows (a relation's target type, the `files` table, or the component).
   */
  | { kind: 'traverse'; attribute: string; child: FilterNode };

export interface SortItem {
  /** Attribute path: scalars of the current type, or through relations/components ending on a scalar. */
  path: string[];
  order: 'asc' | 'desc';
}

export type Pagination =
  | { mode: 'page'; page: number; pageSize: number; withCount: boolean }
  | { mode: 'offset'; start: number; limit: number; withCount: boolean };

/** What to load for one populated attribute. */
export interface PopulateNode {
  /** Scalar fields to return; undefined means every non-private scalar. */
  fields?: string[];
  filters?: FilterNode;
  sort?: SortItem[];
  /** Nested population, keyed by attribute name of the target type/component. */
  populate?: PopulateMap;
  /** Dynamic zones: per-component population; components not listed return scalars only, unless `onlyNamed`. */
  on?: Record<string, PopulateNode>;
  /** Dynamic zones populated with an explicit `on`: only entries of the components it names are returned (Strapi). */
  onlyNamed?: boolean;
  /** Relations only: return `{ count }` instead of the rows. */
  count?: boolean;
  /** A file's `related` only: the content types whose entries using the file are listed. */
  relatedTypes?: string[];
  /**
   * The owning side of a morph relation only: the content types whose linked entries are listed
   * (those the reader may read); `on` holds per-type fields and populate.
   */
  morphTypes?: string[];
}

export type PopulateMap = Record<string, PopulateNode>;

export type PublicationStatus = 'published' | 'draft';

/**
 * Strapi's `publicationFilter`: which documents to read, by how their draft and published versions
 * relate (the status still picks which version is returned). Per locale, except the `-document`
 * modes, which look at every locale of the document. Only draft & publish types are affected.
 */
export const PUBLICATION_FILTERS = [
  'never-published',
  'has-published-version',
  'modified',
  'unmodified',
  'never-published-document',
  'has-published-version-document',
  'published-without-draft',
  'published-with-draft',
] as const;

export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number];

/** A validated query for find / findOne (findOne ignores filters/sort/pagination). */
export interface DocumentQuery {
  filters?: FilterNode;
  sort: SortItem[];
  fields?: string[];
  populate: PopulateMap;
  pagination: Pagination;
  status: PublicationStatus;
  /** `_q`: text searched in the id and string-like attributes of list results (root only). */
  search?: string;
  /** Reads apply it to draft & publish documents, at the root and in populate. */
  publicationFilter?: PublicationFilter;
  /** A locale code, '*' for every locale, or undefined for the default locale. */
  locale?: string;
}
