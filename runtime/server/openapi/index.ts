// Serves the OpenAPI document (GET <prefix>/openapi.json) and its documentation page. On outside
// production; in production only when config/openapi sets `enabled` (or env OPENAPI_ENABLED).
import { Router } from 'express';
import type { AppConfig } from '../config/types';

import { NotFoundError } from '@cms-gen/core/errors';
import { sendJson } from '../http/envelope';
import { docsRouter } from './docs-page';
import { readOpenapiFile, servedDocument, type RouteCustomization } from './document';

export interface OpenapiRoutes {
  /** Mounted under the REST prefix. */
  api: Router[];
  /** Mounted at the root. */
  root: Router[];
}

export function openapiEnabled(config: AppConfig): boolean {
  return config.openapi.enabled ?? config.environment !== 'production';
}

export function openapiRoutes(input: { appDir: string; config: AppConfig; routes: RouteCustomization; log: (line: string) => void }): OpenapiRoutes {
  if (!openapiEnabled(input.config)) return { api: [], root: [] };
  const prefix = input.config.api.rest.prefix;
  const read = readOpenapiFile(input.appDir);
  if ('missing' in read) input.log(`warning: openapi: ${read.missing}; ${prefix}/openapi.json answers 404`);
  const served = 'document' in read ? servedDocument(read.document, input.routes, prefix) : undefined;
  const api = Router();
  api.get('/openapi.json', (_req, res) => {
    if (served === undefined) throw new NotFoundError('The OpenAPI document of this app was not found (run cms-gen build)');
    res.setHeader('Cache-Control', 'no-cache');
    sendJson(res, 200, served);
  });
  return { api: [api], root: [docsRouter(input.config.openapi.path, `${prefix}/openapi.json`, input.log)] };
}
