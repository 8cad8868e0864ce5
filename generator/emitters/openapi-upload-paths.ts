// The upload plugin's routes (runtime/upload/routes.ts): multipart upload (or replace / update
// info with ?id=), the file list (bare array, or one page with meta), one file, delete.
import type { QuerySpecs } from '../../runtime/core/query/spec';
import { documentSchema, type DocumentContext } from './openapi-documents';
import { errorRefs, jsonResponse, listEnvelope, type ErrorStatus } from './openapi-envelopes';
import { add, op, queryParameters, spec, str, type Paths } from './openapi-plugin-common';
import { object, type JsonObject } from './openapi-registry';
import { OPTIONAL_AUTH, PER_ROLE_NOTE } from './openapi-security';

const FILE_UID = 'plugin::upload.file';

export function uploadPaths(paths: Paths, ctx: DocumentContext, specs: QuerySpecs): void {
  const registry = ctx.registry;
  const file = documentSchema(ctx, FILE_UID);
  const target = spec(specs, FILE_UID);
  const tag = 'Upload';
  const note = `${PER_ROLE_NOTE} Permissions: plugin::upload.content-api.*.`;
  const errors: ErrorStatus[] = ['400', '401', '403', '500'];
  const fileId: JsonObject = { name: 'id', in: 'path', required: true, description: 'The file id.', schema: { type: 'integer' } };
  add(paths, '/upload/files', 'get', op(tag, 'List files', OPTIONAL_AUTH, { operationId: 'uploadFind', parameters: queryParameters(target, registry, true), responses: { '200': jsonResponse('Files (a bare array).', { type: 'array', items: file }), ...errorRefs(errors) } }, note));
  add(paths, '/upload/files/page', 'get', op(tag, 'List files, one page with meta', OPTIONAL_AUTH, { operationId: 'uploadFindPage', parameters: queryParameters(target, registry, true), responses: { '200': jsonResponse('A page of files.', listEnvelope(registry, 'UploadFile', file)), ...errorRefs(errors) } }, note));
  add(paths, '/upload/files/{id}', 'get', op(tag, 'Get a file', OPTIONAL_AUTH, { operationId: 'uploadFindOne', parameters: [fileId, ...queryParameters(target, registry, false)], responses: { '200': jsonResponse('The file.', file), ...errorRefs([...errors, '404']) } }, note));
  add(paths, '/upload/files/{id}', 'delete', op(tag, 'Delete a file', OPTIONAL_AUTH, { operationId: 'uploadDestroy', parameters: [fileId], responses: { '200': jsonResponse('The deleted file.', file), ...errorRefs([...errors, '404']) } }, note));
  const form = object(
    {
      files: { anyOf: [{ type: 'string', contentMediaType: 'application/octet-stream' }, { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } }] },
      fileInfo: { description: 'JSON text: { name, alternativeText, caption } (a list of them for several files).', type: 'string' },
      ref: str,
      refId: str,
      field: str,
    },
    { closed: false },
  );
  add(
    paths,
    '/upload',
    'post',
    op(tag, 'Upload files (or, with ?id=, replace one or update its info)', OPTIONAL_AUTH, {
      operationId: 'upload',
      parameters: [{ name: 'id', in: 'query', description: 'Replace this file (or update its info when no file is sent).', schema: { type: 'integer' } }],
      requestBody: { required: true, content: { 'multipart/form-data': { schema: form, encoding: { fileInfo: { contentType: 'application/json' } } } } },
      responses: {
        '201': jsonResponse('The uploaded files.', { type: 'array', items: file }),
        '200': jsonResponse('With ?id=: the replaced or updated file.', file),
        ...errorRefs([...errors, '404', '413']),
      },
    }, `${note} ref/refId/field link the new files to an entry's media attribute; fileInfo sets name, alternativeText and caption.`),
  );
}
