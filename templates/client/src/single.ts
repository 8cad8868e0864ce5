// `client.single('homepage')`: the REST routes of one single type, typed by the registry.
import type { HttpClient } from './http.js';
import { queryString } from './query.js';
import type { DocumentResponse, ReadParams } from './responses.js';
import type { Data, Fields, Populate, Registry, ResultOf, Selected, Selection } from '@cms-gen/types';

export class SingleTypeManager<R extends Registry, U extends keyof R> {
  constructor(
    private readonly http: HttpClient,
    /** The route's path, `/homepage`. */
    readonly path: string,
  ) {}

  /** GET /homepage (404 until the document exists). */
  find<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params?: ReadParams & Selection<R, U, F, P>,
  ): Promise<DocumentResponse<ResultOf<R, U, Selected<F, P>>>> {
    return this.http.request('GET', `${this.path}${queryString(params)}`);
  }

  /** PUT /homepage: creates the document or updates it. */
  update<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    data: Data<R, U, 'update'>,
    params?: ReadParams & Selection<R, U, F, P>,
  ): Promise<DocumentResponse<ResultOf<R, U, Selected<F, P>>>> {
    return this.http.request('PUT', `${this.path}${queryString(params)}`, { data });
  }

  /** DELETE /homepage (answered 204). */
  async delete(params?: ReadParams): Promise<void> {
    await this.http.request('DELETE', `${this.path}${queryString(params)}`);
  }
}
