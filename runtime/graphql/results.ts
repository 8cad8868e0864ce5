// What the generated resolvers return, beyond plain documents: v5 connections, delete answers,
// and the v4 compatibility wrappers (`{ data: { id, attributes } }`).
import type { Document, PaginationMeta } from '@cms-gen/core/engine/types';

export interface PageInfo {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** `<Type>EntityResponseCollection` in v5: nodes, and pageInfo when it was selected. */
export interface Connection {
  nodes: Document[];
  pageInfo?: PageInfo;
}

export interface DeleteResult {
  documentId: string;
}

/** `<field>_connection` of a to-many field. */
export interface RelationConnection {
  nodes: unknown[];
}

/** v4 `<Type>Entity`: the documentId as `id` (v5 documents have no stable numeric id). */
export interface Entity {
  id: string;
  attributes: Document;
}

export interface EntityResponse {
  data: Entity | null;
}

/** v4 `<Type>EntityResponseCollection`. */
export interface EntityCollection {
  data: Entity[];
  meta: { pagination: PageInfo };
}

/** v4 `<Type>RelationResponseCollection`. */
export interface EntityList {
  data: Entity[];
}

/** Pagination meta → pageInfo (offset mode reports the page the offset falls in, like Strapi). */
export function pageInfoOf(meta: PaginationMeta): PageInfo {
  const total = meta.total ?? 0;
  if ('page' in meta) return { page: meta.page, pageSize: meta.pageSize, pageCount: meta.pageCount ?? Math.ceil(total / meta.pageSize), total };
  const size = Math.max(1, meta.limit);
  return { page: Math.floor(meta.start / size) + 1, pageSize: meta.limit, pageCount: Math.ceil(total / size), total };
}

export function toEntity(doc: Document): Entity {
  return { id: String(doc.documentId ?? doc.id), attributes: doc };
}

export const toEntityOrNull = (doc: Document | null): Entity | null => (doc ? toEntity(doc) : null);

/** `UsersPermissionsLoginPayload`: no jwt when registration waits for email confirmation. */
export interface AuthPayload {
  jwt: string | null;
  user: Document;
}

/** `UsersPermissionsPasswordPayload` and the role payloads. */
export interface OkPayload {
  ok: boolean;
}

/** v5 `UsersPermissionsUserEntityResponse`: the flat user, or null (a user that did not exist). */
export interface DocumentResponse {
  data: Document | null;
}
