// Strapi v5 REST routes of one content type, over its operations:
//   collection  GET /:plural  POST /:plural  GET|PUT|DELETE /:plural/:documentId
//   single      GET|PUT|DELETE /:singular
// Statuses follow real Strapi 5: create 201, delete 204 with an empty body (also when the
// document does not exist), a missing document on read 404. Documents are written flat, or in
// Strapi 4's nested shape when the request asks for it (`Strapi-Response-Format: v4`).
import { Router, type Request } from 'express';
import type { CollectionOperations, Document, SingleOperations } from '../engine/types';
import { NotFoundError } from '../errors';
import { authOf, queryOf } from './locals';
import { sendData, sendEmpty } from './envelope';
import { wantsV4Format, type V4Transform } from './v4-format';

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

/** The response's `data`: as the operation returned it, or rewritten for a v4 client. */
function shaped(req: Request, data: Document | Document[], toV4: V4Transform): unknown {
  return wantsV4Format(req.headers) ? toV4(data) : data;
}

export function collectionRouter(pluralName: string, ops: CollectionOperations, toV4: V4Transform): Router {
  checkApiId(pluralName);
  const router = Router();
  // One route per path (not per method) keeps path matching to two patterns per content type.
  router
    .route(`/${pluralName}`)
    .get(async (req, res) => {
      const { results, pagination } = await ops.find(queryOf(res), authOf(res));
      sendData(res, 200, shaped(req, results, toV4), { pagination });
    })
    .post(async (req, res) => {
      sendData(res, 201, shaped(req, await ops.create(bodyOf(req), queryOf(res), authOf(res)), toV4));
    });
  router
    .route(`/${pluralName}/:documentId`)
    .get(async (req, res) => {
      const doc = await ops.findOne(req.params.documentId, queryOf(res), authOf(res));
      if (doc === null) throw new NotFoundError();
      sendData(res, 200, shaped(req, doc, toV4));
    })
    .put(async (req, res) => {
      sendData(res, 200, shaped(req, await ops.update(req.params.documentId, bodyOf(req), queryOf(res), authOf(res)), toV4));
    })
    .delete(async (req, res) => {
      await ops.delete(req.params.documentId, queryOf(res), authOf(res));
      sendEmpty(res, 204);
    });
  return router;
}

export function singleRouter(singularName: string, ops: SingleOperations, toV4: V4Transform): Router {
  checkApiId(singularName);
  const router = Router();
  router
    .route(`/${singularName}`)
    .get(async (req, res) => {
      const doc = await ops.find(queryOf(res), authOf(res));
      if (doc === null) throw new NotFoundError();
      sendData(res, 200, shaped(req, doc, toV4));
    })
    .put(async (req, res) => {
      sendData(res, 200, shaped(req, await ops.update(bodyOf(req), queryOf(res), authOf(res)), toV4));
    })
    .delete(async (_req, res) => {
      await ops.delete(queryOf(res), authOf(res));
      sendEmpty(res, 204);
    });
  return router;
}
