// The fetch wrapper every manager uses: joins paths to the base URL, sends the caller's headers
// and credentials, encodes JSON bodies, and turns non-2xx answers into StrapiClientError. Only
// `fetch`, `Headers`, `Response` and `FormData` are used, so it runs in Node 20+, browsers and edge runtimes.
import { errorFromResponse } from './errors.js';

export interface ClientConfig {
  /** The API's base URL with its prefix, e.g. `https://cms.example.com/api`. */
  baseURL: string;
  /** An API token or a users-permissions JWT, sent as `Authorization: Bearer …`. */
  auth?: string;
  /** Headers sent with every request (e.g. `Strapi-Response-Format: v4`). */
  headers?: Record<string, string>;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
}

export class HttpClient {
  private token: string | undefined;
  private readonly baseURL: string;
  private readonly headers: Record<string, string>;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(config: ClientConfig) {
    if (typeof config.baseURL !== 'string' || !/^https?:\/\//.test(config.baseURL)) throw new TypeError(`baseURL must be an absolute http(s) URL, got ${String(config.baseURL)}`);
    this.baseURL = config.baseURL.replace(/\/+$/, '');
    this.headers = { ...config.headers };
    this.token = config.auth;
    const impl = config.fetch ?? globalThis.fetch;
    if (typeof impl !== 'function') throw new TypeError('no fetch implementation: pass one as `fetch`');
    // Called unbound: some runtimes refuse `fetch` called on another object.
    this.fetchImpl = (input, init) => impl(input, init);
  }

  /** The credential sent with later requests (undefined sends none). */
  setToken(token: string | undefined): void {
    this.token = token;
  }

  getToken(): string | undefined {
    return this.token;
  }

  url(path: string): string {
    return `${this.baseURL}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /**
   * A raw request: the base URL, default headers and credentials are added; the status is not
   * checked. `anonymous` leaves the credential out.
   */
  fetch(path: string, init: RequestInit = {}, anonymous = false): Promise<Response> {
    const headers = new Headers(this.headers);
    if (this.token !== undefined && !anonymous) headers.set('Authorization', `Bearer ${this.token}`);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    return this.fetchImpl(this.url(path), { ...init, headers });
  }

  /**
   * A request whose answer must be 2xx: the parsed JSON body, or undefined for an empty one (204).
   * `anonymous` sends it without the credential (the auth routes, see auth.ts).
   */
  async request<T>(method: string, path: string, body?: unknown, anonymous = false): Promise<T> {
    const init: RequestInit = { method };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    const response = await this.fetch(path, init, anonymous);
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response, text);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
}
