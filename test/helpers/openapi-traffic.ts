// Checks recorded HTTP exchanges against an OpenAPI document: finds the operation (path template +
// method), validates the query (parsed with qs as the app parses it), the JSON request body and
// the response (status → schema). Exchanges the document does not describe by design (GraphQL,
// health and static routes, Strapi 4 response format) are classified, never silently dropped.
import { parse } from 'qs';
import { OpenapiValidator, type OpenapiDocument } from './openapi-ajv';

export interface Exchange {
  /** Where it was recorded (case run, observation file). */
  source: string;
  method: string;
  /** Path without the query string, e.g. /api/articles. */
  path: string;
  query: string;
  requestHeaders: Record<string, string>;
  /** JSON text of the body, or null (none, or multipart). */
  requestBody: string | null;
  multipart: boolean;
  status: number;
  contentType: string | null;
  /** null when the recording cut the body. */
  responseText: string | null;
}

export type Verdict =
  | {
      kind: 'ok';
      operation: string;
      notes: string[];
      skipped: Skipped[];
      /** A GET with a query string the app refused (400): does the document refuse its query too? */
      queryRefusedToo?: boolean;
      /** A JSON body a content route refused (400): does the document refuse it too? */
      bodyRefusedToo?: boolean;
    }
  | { kind: 'fail'; operation: string; problems: string[] }
  | { kind: 'out-of-scope'; reason: 'not under the REST prefix' | 'Strapi 4 response format' | 'unknown route (404)' };

/** Parts of an exchange that are not validated, and why (counted by the tests, never silent). */
export type Skipped = 'multipart request body' | 'response body cut by the recording';

type Json = Record<string, unknown>;

const asRecord = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

interface Template {
  path: string;
  regex: RegExp;
  params: number;
}

function templates(document: OpenapiDocument): Template[] {
  return Object.keys(asRecord(document.paths))
    .map((path) => {
      const params = (path.match(/\{[^}]+\}/g) ?? []).length;
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
      return { path, regex: new RegExp(`^${source}$`), params };
    })
    .sort((a, b) => a.params - b.params || a.path.localeCompare(b.path));
}

/** The app's query parsing (runtime/query/parse-query-string.ts), without its refusals. */
const parseQuery = (query: string): Json => parse(query, { arrayLimit: 100, depth: 20, parameterLimit: 1000, allowPrototypes: false, strictNullHandling: true }) as Json;

export class TrafficChecker {
  private readonly validator: OpenapiValidator;
  private readonly templates: Template[];
  private readonly prefix: string;

  constructor(private readonly document: OpenapiDocument) {
    this.validator = new OpenapiValidator(document);
    this.templates = templates(document);
    const servers = document.servers as { url: string }[] | undefined;
    this.prefix = servers?.[0]?.url ?? '/api';
  }

  /** Follows a `$ref` into the document (components.parameters / responses). */
  private resolve(value: unknown): Json {
    const ref = asRecord(value).$ref;
    if (typeof ref !== 'string') return asRecord(value);
    return ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>((node, key) => asRecord(node[key]), this.document);
  }

  check(exchange: Exchange): Verdict {
    if (!exchange.path.startsWith(`${this.prefix}/`)) return { kind: 'out-of-scope', reason: 'not under the REST prefix' };
    if (/^v4$/i.test(exchange.requestHeaders['strapi-response-format'] ?? exchange.requestHeaders['Strapi-Response-Format'] ?? '')) return { kind: 'out-of-scope', reason: 'Strapi 4 response format' };
    const path = exchange.path.slice(this.prefix.length);
    const template = this.templates.find((t) => t.regex.test(path));
    const method = exchange.method.toLowerCase();
    const operation = template ? asRecord(asRecord(asRecord(this.document.paths)[template.path])[method]) : undefined;
    const name = `${exchange.method} ${template?.path ?? path}`;
    if (!template || !operation || Object.keys(operation).length === 0) {
      if (exchange.status !== 404) return { kind: 'fail', operation: name, problems: [`no operation in the document, and the app answered ${exchange.status}`] };
      const problems = this.checkBody(this.resolve({ $ref: '#/components/responses/NotFound' }), exchange);
      return problems.length ? { kind: 'fail', operation: name, problems } : { kind: 'out-of-scope', reason: 'unknown route (404)' };
    }
    const problems: string[] = [];
    const notes: string[] = [];
    const skipped: Skipped[] = [];
    const accepted = exchange.status < 400;
    const queryValid = this.checkQuery(operation, exchange, accepted, problems, notes);
    // Only the query language (routes taking `populate`) is compared: other 400s judge a value's meaning (a bad token).
    const queryLanguage = ((operation.parameters as unknown[]) ?? []).some((p) => this.resolve(p).name === 'populate');
    const queryRefusedToo = exchange.method === 'GET' && exchange.status === 400 && exchange.query !== '' && queryLanguage ? !queryValid : undefined;
    if (accepted && exchange.requestBody !== null && !exchange.multipart) this.checkRequestBody(operation, exchange, problems);
    const coreRoute = operation['x-cms-gen-core-route'] !== undefined;
    const bodyRefusedToo = coreRoute && exchange.status === 400 && exchange.requestBody !== null ? this.checkRequestBody(operation, exchange, []).length > 0 : undefined;
    if (exchange.multipart) skipped.push('multipart request body');
    const responses = asRecord(operation.responses);
    const response = responses[String(exchange.status)] ?? responses.default;
    if (response === undefined) problems.push(`status ${exchange.status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
    else if (exchange.responseText === null) skipped.push('response body cut by the recording');
    else problems.push(...this.checkBody(this.resolve(response), exchange));
    return problems.length ? { kind: 'fail', operation: name, problems } : {
          kind: 'ok',
          operation: name,
          notes,
          skipped,
          ...(queryRefusedToo === undefined ? {} : { queryRefusedToo }),
          ...(bodyRefusedToo === undefined ? {} : { bodyRefusedToo }),
        };
  }

  /** Whether every query parameter is declared and valid; problems only for requests the app accepted. */
  private checkQuery(operation: Json, exchange: Exchange, accepted: boolean, problems: string[], notes: string[]): boolean {
    let valid = true;
    const parameters = ((operation.parameters as unknown[]) ?? []).map((p) => this.resolve(p)).filter((p) => p.in === 'query');
    const query = parseQuery(exchange.query);
    for (const [key, value] of Object.entries(query)) {
      const parameter = parameters.find((p) => p.name === key);
      if (!parameter) {
        valid = false;
        if (accepted) problems.push(`query parameter ${key} is not declared`);
        else notes.push(`refused request with undeclared parameter ${key}`);
        continue;
      }
      const result = this.validator.check(parameter.schema, value, { coerce: true });
      valid &&= result.valid;
      // A refused request may be refused for this very parameter: only accepted ones must validate.
      if (!result.valid && accepted) problems.push(`query ${key}=${JSON.stringify(value)}: ${result.errors}`);
      if (!result.valid && !accepted) notes.push(`refused, and the document refuses ${key} too`);
    }
    return valid;
  }

  /** Adds (and returns) the problems of the JSON request body. */
  private checkRequestBody(operation: Json, exchange: Exchange, problems: string[]): string[] {
    const body = asRecord(operation.requestBody);
    const schema = asRecord(asRecord(body.content)['application/json']).schema;
    if (schema === undefined) {
      problems.push('a JSON body was sent but the operation declares none');
      return problems;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(exchange.requestBody ?? '');
    } catch {
      problems.push('the request body is not JSON');
      return problems;
    }
    const result = this.validator.check(schema, parsed);
    if (!result.valid) problems.push(`request body: ${result.errors}`);
    return problems;
  }

  private checkBody(response: Json, exchange: Exchange): string[] {
    const content = asRecord(response.content);
    const json = content['application/json'];
    const text = exchange.responseText ?? '';
    if (json === undefined) {
      return exchange.contentType?.includes('json') && text !== '' ? [`status ${exchange.status} answers JSON but the document declares no JSON content`] : [];
    }
    if (!exchange.contentType?.includes('json')) return [`status ${exchange.status} should answer JSON, got ${exchange.contentType ?? 'no content type'}`];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return ['the response is not valid JSON'];
    }
    const result = this.validator.check(asRecord(json).schema, parsed);
    return result.valid ? [] : [`response ${exchange.status}: ${result.errors}`];
  }
}

/** Splits a recorded URL into path and query. */
export function splitUrl(url: string): { path: string; query: string } {
  const withoutOrigin = url.replace(/^https?:\/\/[^/]+/, '');
  const at = withoutOrigin.indexOf('?');
  return at === -1 ? { path: withoutOrigin, query: '' } : { path: withoutOrigin.slice(0, at), query: withoutOrigin.slice(at + 1) };
}
