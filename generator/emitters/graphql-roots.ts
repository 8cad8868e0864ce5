// Query and Mutation fields of a content type. v5 (Strapi 5): documents addressed by documentId,
// `status`, flat results, `_connection` lists and `DeleteMutationResponse`. v4 compatibility
// (Strapi 4's signatures): `id`, `publicationState` and `<Type>EntityResponse` wrappers.
import type { ContentTypeMeta } from '../../runtime/core/model/types';
import {
  connectionQueryName,
  createMutationName,
  deleteMutationName,
  entityResponseCollectionName,
  entityResponseName,
  findOneQueryName,
  findQueryName,
  inputName,
  typeName,
  updateMutationName,
} from '../../runtime/graphql/naming';
import type { ArgDef, GraphqlMode, ResolverMethod, RootFieldDef, TypeRef } from './graphql-ir';
import { listArgs } from './graphql-types';

export interface RootOptions {
  mode: GraphqlMode;
  module: string;
  queries: boolean;
  mutations: boolean;
}

const STATUS_ARG: ArgDef = { name: 'status', type: { name: 'PublicationStatus' }, default: { kind: 'enum', member: 'PUBLISHED' } };
/**
 * What v5 queries read: the version (`status`) and the documents (`publicationFilter`, or its
 * deprecated boolean `hasPublishedVersion`), on every type as in Strapi: on a type without draft &
 * publish they still reach its draft & publish relations.
 */
const READING_ARGS: ArgDef[] = [STATUS_ARG, { name: 'hasPublishedVersion', type: { name: 'Boolean' } }, { name: 'publicationFilter', type: { name: 'PublicationFilter' } }];
const PUBLICATION_STATE_ARG: ArgDef = { name: 'publicationState', type: { name: 'PublicationState' }, default: { kind: 'enum', member: 'LIVE' } };
const LOCALE_ARG: ArgDef = { name: 'locale', type: { name: 'I18NLocaleCode' } };

export function rootFields(ct: ContentTypeMeta, options: RootOptions): { query: RootFieldDef[]; mutation: RootFieldDef[] } {
  const type = typeName(ct);
  const locale = ct.localized ? [LOCALE_ARG] : [];
  const root = (name: string, fieldType: TypeRef, args: ArgDef[], method: ResolverMethod, extra: { idArg?: string; info?: boolean } = {}): RootFieldDef => ({
    name,
    type: fieldType,
    args,
    module: options.module,
    owner: type,
    resolve: { target: 'root', method, uid: ct.uid, ...extra },
  });
  const data: ArgDef = { name: 'data', type: { name: inputName(type), nonNull: true } };
  const single = ct.kind === 'singleType';
  const query: RootFieldDef[] = [];
  const mutation: RootFieldDef[] = [];

  if (options.mode === 'v5') {
    const documentId: ArgDef = { name: 'documentId', type: { name: 'ID', nonNull: true } };
    if (options.queries && single) query.push(root(findOneQueryName(ct), { name: type }, [...READING_ARGS, ...locale], 'findSingle', { info: true }));
    if (options.queries && !single) {
      const list = [...listArgs(type), ...READING_ARGS, ...locale];
      query.push(
        root(findOneQueryName(ct), { name: type }, [documentId, ...READING_ARGS, ...locale], 'findOne', { idArg: 'documentId', info: true }),
        root(findQueryName(ct), { name: type, list: true, nonNull: true }, list, 'findMany', { info: true }),
        root(connectionQueryName(ct), { name: entityResponseCollectionName(ct) }, list, 'findConnection', { info: true }),
      );
    }
    if (options.mutations && single) {
      mutation.push(
        root(updateMutationName(ct), { name: type }, [STATUS_ARG, data, ...locale], 'updateSingle'),
        root(deleteMutationName(ct), { name: 'DeleteMutationResponse' }, [...locale], 'deleteSingle'),
      );
    }
    if (options.mutations && !single) {
      mutation.push(
        root(createMutationName(ct), { name: type }, [STATUS_ARG, data, ...locale], 'create'),
        root(updateMutationName(ct), { name: type }, [documentId, STATUS_ARG, data, ...locale], 'update', { idArg: 'documentId' }),
        root(deleteMutationName(ct), { name: 'DeleteMutationResponse' }, [documentId, ...locale], 'delete', { idArg: 'documentId' }),
      );
    }
    return { query, mutation };
  }

  // v4: the entity's `id` is the documentId; drafts are reached with publicationState: PREVIEW.
  const response: TypeRef = { name: entityResponseName(ct) };
  const state = ct.draftAndPublish ? [PUBLICATION_STATE_ARG] : [];
  if (options.queries && single) query.push(root(findOneQueryName(ct), response, [...state, ...locale], 'v4FindSingle', { info: true }));
  if (options.queries && !single) {
    query.push(
      root(findOneQueryName(ct), response, [{ name: 'id', type: { name: 'ID' } }, ...locale], 'v4FindOne', { idArg: 'id', info: true }),
      root(findQueryName(ct), { name: entityResponseCollectionName(ct) }, [...listArgs(type), ...state, ...locale], 'findEntities', { info: true }),
    );
  }
  const id: ArgDef = { name: 'id', type: { name: 'ID', nonNull: true } };
  if (options.mutations && single) {
    mutation.push(root(updateMutationName(ct), response, [data, ...locale], 'v4UpdateSingle'), root(deleteMutationName(ct), response, [...locale], 'v4DeleteSingle'));
  }
  if (options.mutations && !single) {
    mutation.push(
      root(createMutationName(ct), response, [data, ...locale], 'v4Create'),
      root(updateMutationName(ct), response, [id, data, ...locale], 'v4Update', { idArg: 'id' }),
      root(deleteMutationName(ct), response, [id, ...locale], 'v4Delete', { idArg: 'id' }),
    );
  }
  return { query, mutation };
}
