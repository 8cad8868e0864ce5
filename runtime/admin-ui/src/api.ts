// The one way the SPA talks to the app: JSON over /admin/api with the session cookie, and the
// X-CSRF-Token header (the value of the cmsgen_admin_csrf cookie) on every request that changes
// something. Errors keep Strapi's envelope; validation errors become { errors } keyed like the form.
import { HttpError } from 'react-admin';

export const API = '/admin/api';

export function csrfToken(): string {
  const match = /(?:^|;\s*)cmsgen_admin_csrf=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : '';
}

export interface StrapiError {
  status: number;
  name: string;
  message: string;
  details?: { errors?: { path: (string | number)[]; message: string; name?: string }[] } & Record<string, unknown>;
}

/** `details.errors` as a nested object shaped like the form values ({ seo: { metaTitle: 'msg' } }). */
export function fieldErrors(error: StrapiError | undefined): Record<string, unknown> | undefined {
  const list = error?.details?.errors;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const item of list) {
    const path = (item.path ?? []).map(String);
    if (path.length === 0) continue;
    let node = out;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    if (node[last] === undefined) node[last] = item.message;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: string;
  /** A FormData body goes as multipart. */
  form?: FormData;
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<{ status: number; json: T }> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = `${API}${path}${options.query ? `?${options.query}` : ''}`;
  const response = await fetch(url, { method, headers, body, credentials: 'same-origin' });
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = { error: { status: response.status, name: 'Error', message: text } };
    }
  }
  if (!response.ok) {
    const error = (json as { error?: StrapiError } | null)?.error;
    const message = error?.message ?? response.statusText ?? `HTTP ${response.status}`;
    const errors = fieldErrors(error);
    throw new HttpError(message, response.status, { ...(json as object), ...(errors ? { errors } : {}) });
  }
  return { status: response.status, json: json as T };
}

/** Upload with progress (fetch reports none): resolves with the answer's JSON. */
export function upload<T = unknown>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API}${path}`);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(json as T);
      } else {
        const error = (json as { error?: StrapiError } | null)?.error;
        reject(new HttpError(error?.message ?? `HTTP ${xhr.status}`, xhr.status, json));
      }
    };
    xhr.onerror = () => reject(new HttpError('Network error', 0));
    xhr.send(form);
  });
}

/** Nested values as bracket-notation query parameters, the way the REST API reads them (qs). */
export function toQuery(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value as object)) add(`${key}[${k}]`, v);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}
