// Routes of the built-in plugins: users & permissions (openapi-auth-paths, openapi-users-paths),
// upload (openapi-upload-paths) and i18n's locale list (runtime/app/locales-route.ts). Their
// answers are bare JSON (no `{ data, meta }`), except /upload/files/page; errors use the envelope.
import type { SchemaMeta } from '../../runtime/core/model/types';
import type { QuerySpecs } from '../../runtime/core/query/spec';
import { authPaths } from './openapi-auth-paths';
import { documentSchema, type DocumentContext } from './openapi-documents';
import { errorRefs, jsonResponse } from './openapi-envelopes';
import { add, op, type Paths } from './openapi-plugin-common';
import type { SchemaRegistry } from './openapi-registry';
import { OPTIONAL_AUTH, PER_ROLE_NOTE } from './openapi-security';
import { uploadPaths } from './openapi-upload-paths';
import { userPaths } from './openapi-users-paths';

const LOCALE_UID = 'plugin::i18n.locale';

function localePaths(paths: Paths, ctx: DocumentContext): void {
  const locale = documentSchema(ctx, LOCALE_UID);
  add(
    paths,
    '/i18n/locales',
    'get',
    op('I18n', 'List the configured locales', OPTIONAL_AUTH, { operationId: 'i18nLocales', responses: { '200': jsonResponse('The locales (a bare array).', { type: 'array', items: locale }), ...errorRefs(['401', '403', '500']) } }, `${PER_ROLE_NOTE} Permission: plugin::i18n.locales.listLocales.`),
  );
}

/** Every plugin route, keyed by OpenAPI path (without the /api prefix). */
export function pluginPaths(meta: SchemaMeta, specs: QuerySpecs, registry: SchemaRegistry): Paths {
  const ctx: DocumentContext = { meta, registry };
  const paths: Paths = new Map();
  authPaths(paths, ctx);
  userPaths(paths, ctx, specs);
  uploadPaths(paths, ctx, specs);
  localePaths(paths, ctx);
  return paths;
}
