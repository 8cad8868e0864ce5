// Validates values against the schemas of an OpenAPI 3.1 document with ajv (JSON Schema 2020-12):
// the document is added whole, so `#/components/schemas/...` references resolve inside it.
// Query strings carry text, so query parameters are checked with type coercion ("5" → 5).
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export type OpenapiDocument = Record<string, unknown>;

export interface SchemaCheck {
  valid: boolean;
  errors: string;
}

const DOC_ID = 'openapi.json';

function makeAjv(document: OpenapiDocument, coerce: boolean): Ajv2020 {
  // strict: false — the document's own keys (openapi, paths, discriminator…) are not JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: false, ...(coerce ? { coerceTypes: 'array' as const } : {}) });
  addFormats(ajv);
  ajv.addSchema(structuredClone(document), DOC_ID);
  return ajv;
}

const describeErrors = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ');

export class OpenapiValidator {
  private readonly strict: Ajv2020;
  private readonly coercing: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenapiDocument) {
    this.strict = makeAjv(document, false);
    this.coercing = makeAjv(document, true);
  }

  /** Checks `value` against `schema` (which may hold $refs into the document). */
  check(schema: unknown, value: unknown, options: { coerce?: boolean } = {}): SchemaCheck {
    const key = `${options.coerce ? 'c' : 's'}:${JSON.stringify(schema)}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const ajv = options.coerce ? this.coercing : this.strict;
      validate = ajv.compile(rebase(schema));
      this.compiled.set(key, validate);
    }
    // Coercion writes into the value: check a copy.
    const input = options.coerce ? structuredClone(value) : value;
    const valid = validate(input);
    return { valid, errors: valid ? '' : describeErrors(validate.errors) };
  }

  /** Checks `value` against the named component schema. */
  checkNamed(name: string, value: unknown): SchemaCheck {
    return this.check({ $ref: `#/components/schemas/${name}` }, value);
  }
}

/** Local refs (`#/components/...`) made absolute, so a schema compiled on its own resolves them in the document. */
function rebase(schema: unknown): Record<string, unknown> {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : walk(v)]));
  };
  const rebased = walk(schema) as Record<string, unknown>;
  return rebased;
}
