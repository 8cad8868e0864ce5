// The HTTP layer's public pieces.
export { createHttpApp, type HttpAppOptions } from './create-app';
export { collectionRouter, singleRouter } from './content-routes';
export { v4Transform, wantsV4Format, RESPONSE_FORMAT_HEADER, type V4Transform } from './v4-format';
export { sendData, sendEmpty, sendError, sendJson, stringifyBody, JSON_CONTENT_TYPE } from './envelope';
export { authOf, queryOf } from './locals';
export { authenticateRequest, parseRequestQuery, type Authenticate, type QueryParser } from './request-context';
export { clientErrorBody, errorHandler, notFound, type HttpLogger } from './http-errors';
export { cors, type CorsOptions } from './cors';
export { securityHeaders, JSON_API_CSP, type SecurityHeaderOptions } from './security-headers';
export { requestLog, requestIdFor, type RequestLine } from './request-log';
