// The operation layer's contract: what REST controllers and GraphQL resolvers call. Inputs are
// the Strapi-shaped query/body objects (REST gets them from qs, GraphQL converts its arguments
// to the same shape); operations validate them, check permissions and run them.

export type Document = Record<string, unknown>;

/** Who is calling. Every operation checks `can` for its Strapi action uid. */
export interface AuthContext {
  /** 'public' for anonymous callers (the Public role); 'admin' for the admin panel (runtime/admin), which checks its own permissions. */
  kind: 'public' | 'user' | 'api-token' | 'admin';
  /** Role id for 'public' and 'user'. */
  roleId?: number;
  /** The authenticated user (already sanitized) for kind 'user'. */
  user?: Document & { id: number };
  /** kind 'admin': the admin user (admin::user row id) written into created_by_id / updated_by_id. */
  adminUserId?: number;
  /** True when the caller may run the action, e.g. `api::article.article.find`. */
  can(action: string): boolean;
}

/** A query as Strapi's REST layer receives it after qs parsing (untrusted). */
export type RawQuery = Record<string, unknown>;

export type PaginationMeta =
  | { page: number; pageSize: number; pageCount?: number; total?: number }
  | { start: number; limit: number; total?: number; pageCount?: number };

export interface FindResult {
  results: Document[];
  pagination: PaginationMeta;
}

/** Operations of one collection type. */
export interface CollectionOperations {
  find(query: RawQuery, auth: AuthContext): Promise<FindResult>;
  findOne(documentId: string, query: RawQuery, auth: AuthContext): Promise<Document | null>;
  create(body: unknown, query: RawQuery, auth: AuthContext): Promise<Document>;
  /** Throws NotFoundError when the document (in that locale) does not exist, unless the locale is new (i18n). */
  update(documentId: string, body: unknown, query: RawQuery, auth: AuthContext): Promise<Document>;
  delete(documentId: string, query: RawQuery, auth: AuthContext): Promise<void>;
}

/** Operations of one single type (the document is addressed by the type itself). */
export interface SingleOperations {
  find(query: RawQuery, auth: AuthContext): Promise<Document | null>;
  /** Creates the document when absent. */
  update(body: unknown, query: RawQuery, auth: AuthContext): Promise<Document>;
  delete(query: RawQuery, auth: AuthContext): Promise<void>;
}
