// The error a request throws when the server answers with a status outside 2xx: Strapi's error
// envelope (`{ data: null, error: { status, name, message, details } }`), typed, with the response.

/** `error` of Strapi's envelope: `name` is the server's error class (ValidationError, ForbiddenError…). */
export interface StrapiErrorBody {
  status: number;
  name: string;
  message: string;
  details: Record<string, unknown>;
}

/** The whole envelope as the server sends it. */
export interface StrapiErrorEnvelope {
  data: null;
  error: StrapiErrorBody;
}

export class StrapiClientError extends Error {
  /** The envelope's `error`; built from the status when the body was not an envelope (a proxy's HTML page). */
  readonly error: StrapiErrorBody;
  readonly response: Response;

  constructor(error: StrapiErrorBody, response: Response) {
    super(error.message);
    this.name = 'StrapiClientError';
    this.error = error;
    this.response = response;
  }

  get status(): number {
    return this.error.status;
  }

  get details(): Record<string, unknown> {
    return this.error.details;
  }
}

function isEnvelope(body: unknown): body is StrapiErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' && typeof (error as { message?: unknown }).message === 'string';
}

/** The error of a non-2xx response (its body already read as text). */
export function errorFromResponse(response: Response, text: string): StrapiClientError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) {
    const { status, name, message, details } = body.error;
    return new StrapiClientError({ status, name: typeof name === 'string' ? name : 'ApplicationError', message, details: details ?? {} }, response);
  }
  return new StrapiClientError({ status: response.status, name: 'HttpError', message: response.statusText || `HTTP ${response.status}`, details: {} }, response);
}
