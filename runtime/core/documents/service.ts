// engine.documents(uid): Strapi 5's Document Service over the operation layer's actions. Every
// method runs through the Document Service middlewares (engine.hooks.use), with the Document
// Service's defaults: status 'draft', no permission check unless `auth` is given.
import type { EngineCore } from './engine-core';
import { actionTarget } from './action-context';
import { SERVICE_CALL } from './call-options';
import { publicationAction } from './publication-actions';
import { countAction, findFirstAction, findManyAction, findOneAction } from './read-actions';
import type { DocumentAction, DocumentParams, DocumentService } from './types';
import { createAction, deleteAction, DocumentMissingError, updateAction } from './write-actions';

export function createDocumentService(engine: EngineCore, uid: string): DocumentService {
  const t = actionTarget(engine, uid);
  // The caller's object is not changed by middlewares that rewrite `ctx.params`.
  const run = <T>(action: DocumentAction, params: DocumentParams | undefined, inner: (p: DocumentParams) => Promise<T>): Promise<T> =>
    engine.hooks.run(uid, t.meta, action, { ...params }, inner);
  return {
    findMany: (params) => run('findMany', params, (p) => findManyAction(t, p, SERVICE_CALL)),
    findFirst: (params) => run('findFirst', params, (p) => findFirstAction(t, p, SERVICE_CALL)),
    findOne: (params) => run('findOne', params, (p) => findOneAction(t, p, SERVICE_CALL)),
    count: (params) => run('count', params, (p) => countAction(t, p, SERVICE_CALL)),
    create: (params) => run('create', params, (p) => createAction(t, p, SERVICE_CALL)),
    update: (params) =>
      run('update', params, async (p) => {
        try {
          return await updateAction(t, p, SERVICE_CALL);
        } catch (err) {
          // Strapi's Document Service answers null for a document that does not exist.
          if (err instanceof DocumentMissingError) return null;
          throw err;
        }
      }),
    delete: (params) => run('delete', params, (p) => deleteAction(t, p, SERVICE_CALL)),
    publish: (params) => run('publish', params, (p) => publicationAction(t, 'publish', p, SERVICE_CALL)),
    unpublish: (params) => run('unpublish', params, (p) => publicationAction(t, 'unpublish', p, SERVICE_CALL)),
    discardDraft: (params) => run('discardDraft', params, (p) => publicationAction(t, 'discardDraft', p, SERVICE_CALL)),
  };
}
