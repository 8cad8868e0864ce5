// The GraphQL endpoint's fast path: a repeated query answered without Apollo's request pipeline.
//
// A query text Apollo has already answered compiled and without errors (executor.ts,
// answeringPlugin, which remembers it) is parsed, validated and compiled for good: Apollo would
// hash the text, find the same document in its cache, resolve the same operation, run its plugins'
// hooks (only the request limits do anything for a query) and hand the request to the same
// compiled run. Measured on the bench's GraphQL list, that pipeline (the request context, the
// HeaderMap copy of every header, some twenty promises of plugin hooks, the SHA-256 of the text,
// Accept negotiation) cost more CPU per request than the REST list's whole routing
// (docs/benchmarks.md). This middleware, in front of Apollo, runs the same steps itself for such
// requests: the request limits, the context Apollo's context function builds, the compiled run;
// and answers when the run has no errors, with the status, headers and bytes Apollo would send
// (200, `content-type: application/json; charset=utf-8`, Apollo's JSON with its trailing newline,
// through the same `res.send`). Everything else goes on to Apollo unchanged:
//  - not a POST, or a content type other than plain JSON: GET and form posts are where Apollo's
//    CSRF prevention and landing page act; a JSON POST is always let through by it;
//  - an Accept header that negotiates differently from none (accept-header.ts);
//  - a batch, an `extensions` member (persisted queries), a body Apollo would refuse;
//  - a text not remembered (first sightings, mutations, introspection, anything not compiled);
//  - a request the limits refuse, variables that go to graphql-js, and any run with errors or
//    that throws: the query runs again through Apollo, which answers it (queries have no side
//    effects; a rejected run would be Apollo's 500 as well).
// server.ts installs it only where answeringPlugin is installed: no other plugin could watch the
// request, and no option changes how Apollo writes a successful answer.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { sendJsonText } from '@cms-gen/server/http/envelope';
import { negotiatesAsEmpty } from './accept-header';
import type { GraphqlContext } from './context';
import type { CompiledExecution } from './executor';
import type { RequestLimitsCheck } from './limits';

/** Content types whose body the app parses as JSON and Apollo's CSRF prevention lets through. */
const JSON_CONTENT_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/** Apollo's test for a body or variables object (runHttpQuery.js, isStringRecord). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

export interface FastPathOptions {
  schema: GraphQLSchema;
  execution: CompiledExecution;
  checkLimits: RequestLimitsCheck;
  /** The context value Apollo's context function builds for the same request. */
  context: (req: Request, res: Response) => GraphqlContext;
  /** False once Apollo is stopping: it answers requests with an error then. */
  serving: () => boolean;
}

export function graphqlFastPath(options: FastPathOptions): RequestHandler {
  const { schema, execution, checkLimits, context, serving } = options;
  return async function fastPath(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== 'POST' || !serving()) return next();
    const type = req.headers['content-type'];
    if (type === undefined || !JSON_CONTENT_TYPES.has(type.toLowerCase())) return next();
    if (!negotiatesAsEmpty(req.headers.accept)) return next();
    const body: unknown = (req as { body?: unknown }).body;
    if (!isRecord(body)) return next();
    const { query, operationName, variables, extensions } = body;
    if (typeof query !== 'string' || extensions != null) return next();
    if (operationName != null && typeof operationName !== 'string') return next();
    if (variables != null && !isRecord(variables)) return next();
    const known = execution.knownQuery(query, operationName ?? undefined);
    if (!known) return next();
    const vars = variables ?? undefined;
    try {
      checkLimits(schema, known.document, known.operation, vars);
    } catch {
      return next();
    }
    let result;
    try {
      const pending = execution.runCompiled(known, context(req, res), vars);
      if (!pending) return next();
      result = await pending;
    } catch {
      return next();
    }
    if (result.errors) return next();
    // As Apollo's Express integration writes a single result (runHttpQuery.js: its fields in this
    // order, prettyJSONStringify's newline).
    // Written as the REST envelope writes its answers (no res.send: it would copy the text into a
    // Buffer and run its freshness checks first). Apollo answers a single result with the same
    // content type, and res.send wrote the same header names, so the bytes on the wire stay Apollo's.
    sendJsonText(res, 200, `${JSON.stringify({ errors: undefined, data: result.data, extensions: result.extensions })}\n`);
  };
}
