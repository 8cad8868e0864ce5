// A browser-like client of the admin API for end-to-end tests: keeps the cookies the server sets
// and copies the CSRF cookie into X-CSRF-Token on writes, as the admin panel does.
import qs from 'qs';
import type { JsonResponse } from './http';

export interface AdminClient {
  cookies: Map<string, string>;
  request(method: string, path: string, options?: { query?: object; body?: unknown; csrf?: string | false; form?: FormData }): Promise<JsonResponse>;
  get(path: string, query?: object): Promise<JsonResponse>;
  post(path: string, body?: unknown, query?: object): Promise<JsonResponse>;
  put(path: string, body?: unknown, query?: object): Promise<JsonResponse>;
  del(path: string, query?: object): Promise<JsonResponse>;
}

export function adminClient(base: string): AdminClient {
  const cookies = new Map<string, string>();
  async function request(method: string, path: string, options: { query?: object; body?: unknown; csrf?: string | false; form?: FormData } = {}): Promise<JsonResponse> {
    const query = options.query ? qs.stringify(options.query, { encodeValuesOnly: true }) : '';
    const headers: Record<string, string> = {};
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = options.csrf === undefined ? cookies.get('cmsgen_admin_csrf') : options.csrf;
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = decodeURIComponent(csrf);
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${base}/admin/api${path}${query ? `?${query}` : ''}`, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text, headers: res.headers };
  }
  return {
    cookies,
    request,
    get: (path, query) => request('GET', path, { query }),
    post: (path, body, query) => request('POST', path, { body, query }),
    put: (path, body, query) => request('PUT', path, { body, query }),
    del: (path, query) => request('DELETE', path, { query }),
  };
}
