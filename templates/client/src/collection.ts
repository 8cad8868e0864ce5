// `client.collection('articles')`: the REST routes of one collection type, typed by the registry.
// `fields` and `populate` are inferred (const type parameters) so the result follows them, as with
// the server's typed Document Service; populate is also checked key by key (Selection).
import type { HttpClient } from './http.js';
import { queryString } from './query.js';
import type { DocumentResponse, ListParams, ListResponse, ReadParams } from './responses.js';
import type { Data, Fields, Populate, Registry, ResultOf, Selected, Selection } from '@cms-gen/types';

export class CollectionTypeManager<R extends Registry, U extends keyof R> {
  constructor(
    private readonly http: HttpClient,
    /** The route's path, `/articles`. */
    readonly path: string,
  ) {}

  /** GET /articles: one page of documents and the pagination meta. */
  find<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params?: ListParams<R, U> & Selection<R, U, F, P>,
  ): Promise<ListResponse<ResultOf<R, U, Selected<F, P>>>> {
    return this.http.request('GET', `${this.path}${queryString(params)}`);
  }

  /** GET /articles/:documentId (a 404 throws StrapiClientError). */
  findOne<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    documentId: string,
    params?: ReadParams & Selection<R, U, F, P>,
  ): Promise<DocumentResponse<ResultOf<R, U, Selected<F, P>>>> {
    return this.http.request('GET', `${this.path}/${encodeURIComponent(documentId)}${queryString(params)}`);
  }

  /** POST /articles with `{ data }`: the attributes the type requires must be sent. */
  create<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    data: Data<R, U, 'create'>,
    params?: ReadParams & Selection<R, U, F, P>,
  ): Promise<DocumentResponse<ResultOf<R, U, Selected<F, P>>>> {
    return this.http.request('POST', `${this.path}${queryString(params)}`, { data });
  }

  /** PUT /articles/:documentId with `{ data }`: only what changes. */
  update<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    documentId: string,
    data: Data<R, U, 'update'>,
    params?: ReadParams & Selection<R, U, F, P>,
  ): Promise<DocumentResponse<ResultOf<R, U, Selected<F, P>>>> {
    return this.http.request('PUT', `${this.path}/${encodeURIComponent(documentId)}${queryString(params)}`, { data });
  }

  /** DELETE /articles/:documentId (answered 204; `locale` deletes one locale only). */
  async delete(documentId: string, params?: ReadParams): Promise<void> {
    await this.http.request('DELETE', `${this.path}/${encodeURIComponent(documentId)}${queryString(params)}`);
  }
}
