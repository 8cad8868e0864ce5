// Strapi v5 REST routes of one content type, over its operations:
//   collection  GET /:plural  POST /:plural  GET|PUT|DELETE /:plural/:documentId
//   single      GET|PUT|DELETE /:singular
// Statuses follow real Strapi 5: create 201, delete 204 with an empty body (also when the
// document does not exist), a missing document on read 404.
import { Router, type Request } from 'express';
import type { CollectionOperations, SingleOperations } from '../engine/types';
import { NotFoundError } from '../errors';
import { authOf, queryOf } from './locals';
import { sendData, sendEmpty } from './envelope';

/** Content-type API ids are kebab-case; anything else would be read as path-pattern syntax. */
const API_ID = /^[a-z0-9][a-z0-9_-]*$/i;

function checkApiId(name: string): void {
  if (!API_ID.test(name)) throw new Error(`Invalid content-type API id for a route: ${JSON.stringify(name)}`);
}

/**
 * The parsed JSON body, or undefined when the request had none (no body, or a content type the
 * JSON parser does not accept): the operation then reports the missing `data` payload.
 */
function bodyOf(req: Request): unknown {
  return req.body as unknown;
}

export function collectionRouter(pluralName: string, ops: CollectionOperations): Router {
  checkApiId(pluralName);
  const router = Router();
  // One route per path (not per method) keeps path matching to two patterns per content type.
  router
    .route(`/${pluralName}`)
    .get(async (_req, res) => {
      const { results, pagination } = await ops.find(queryOf(res), authOf(res));
      sendData(res, 200, results, { pagination });
    })
    .post(async (req, res) => {
      sendData(res, 201, await ops.create(bodyOf(req), queryOf(res), authOf(res)));
    });
  router
    .route(`/${pluralName}/:documentId`)
    .get(async (req, res) => {
      const doc = await ops.findOne(req.params.documentId, queryOf(res), authOf(res));
      if (doc === null) throw new NotFoundError();
      sendData(res, 200, doc);
    })
    .put(async (req, res) => {
      sendData(res, 200, await ops.update(req.params.documentId, bodyOf(req), queryOf(res), authOf(res)));
    })
    .delete(async (req, res) => {
      await ops.delete(req.params.documentId, queryOf(res), authOf(res));
      sendEmpty(res, 204);
    });
  return router;
}

export function singleRouter(singularName: string, ops: SingleOperations): Router {
  checkApiId(singularName);
  const router = Router();
  router
    .route(`/${singularName}`)
    .get(async (_req, res) => {
      const doc = await ops.find(queryOf(res), authOf(res));
      if (doc === null) throw new NotFoundError();
      sendData(res, 200, doc);
    })
    .put(async (req, res) => {
      sendData(res, 200, await ops.update(bodyOf(req), queryOf(res), authOf(res)));
    })
    .delete(async (_req, res) => {
      await ops.delete(queryOf(res), authOf(res));
      sendEmpty(res, 204);
    });
  return router;
}
