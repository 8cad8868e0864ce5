// The client's public surface.
export { createClient, strapi, StrapiClient } from './client.js';
export type { ClientConfig } from './http.js';
export { StrapiClientError, type StrapiErrorBody, type StrapiErrorEnvelope } from './errors.js';
export { CollectionTypeManager } from './collection.js';
export { SingleTypeManager } from './single.js';
export { FilesManager, type FileInfo, type FileQuery, type UploadInput, type UploadOptions } from './files.js';
export { AuthManager, type AuthResult, type LoginInput, type RefreshResult, type RegisterInput } from './auth.js';
export type { DocumentResponse, ListParams, ListResponse, Pagination, PaginationMeta, ReadParams } from './responses.js';
export type { Data, Fields, Filters, Populate, Result, ResultOf, Sort } from '@cms-gen/types';
export * from './content-types.js';
export * from './models.js';
