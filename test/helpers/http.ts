// A small JSON client for end-to-end tests, building qs-style bracket query strings like
// Strapi clients do.
import qs from 'qs';

export interface JsonResponse {
  status: number;
  // Tests assert on arbitrary JSON shapes; production code never uses `any`.
  body: any;
  text: string;
  headers: Headers;
}

export function client(base: string, defaultHeaders: Record<string, string> = {}) {
  async function request(method: string, path: string, options: { query?: object | string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
    const query = typeof options.query === 'string' ? options.query : options.query ? qs.stringify(options.query, { encodeValuesOnly: true }) : '';
    const headers: Record<string, string> = { ...defaultHeaders, ...options.headers };
    let payload: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${base}${path}${query ? `?${query}` : ''}`, { method, headers, body: payload });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, body, text, headers: res.headers };
  }
  return {
    request,
    get: (path: string, query?: object | string) => request('GET', path, { query }),
    post: (path: string, body: unknown, query?: object | string) => request('POST', path, { body, query }),
    put: (path: string, body: unknown, query?: object | string) => request('PUT', path, { body, query }),
    del: (path: string, query?: object | string) => request('DELETE', path, { query }),
  };
}

/** One JSON request to an app (`body` sent as JSON when given); the answer's status and parsed body. */
export async function callJson<Body = Record<string, unknown>>(app: { url: string }, method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${app.url}${path}`, body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Body };
}

/** The `path` of every error in an error envelope's `details.errors` (none when it has no list). */
export function errorPaths(body: Record<string, unknown>): unknown[] {
  return ((body.error as { details: { errors?: Array<{ path: unknown }> } }).details.errors ?? []).map((e) => e.path);
}
