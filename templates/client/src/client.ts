// `createClient({ baseURL, auth })`: the entry point, shaped like @strapi/client's `strapi()` so a
// project can switch with few changes (see docs/clients.md in cms-gen for the differences).
import { AuthManager } from './auth.js';
import { CollectionTypeManager } from './collection.js';
import type { CollectionTypes, ContentTypes, SingleTypes } from './content-types.js';
import { FilesManager } from './files.js';
import { HttpClient, type ClientConfig } from './http.js';
import { SingleTypeManager } from './single.js';

export class StrapiClient {
  readonly files: FilesManager;
  readonly auth: AuthManager;
  private readonly http: HttpClient;

  constructor(config: ClientConfig) {
    this.http = new HttpClient(config);
    this.files = new FilesManager(this.http);
    this.auth = new AuthManager(this.http);
  }

  /** A collection type by its plural API name (`'articles'`). */
  collection<N extends keyof CollectionTypes & string>(name: N): CollectionTypeManager<ContentTypes, CollectionTypes[N]> {
    // The type arguments are named: inferred from the return type, tsc related the two manager
    // types member by member (4 of the client's 5 s of type checking, measured on the blog's client).
    return new CollectionTypeManager<ContentTypes, CollectionTypes[N]>(this.http, `/${name}`);
  }

  /** A single type by its singular API name (`'homepage'`). */
  single<N extends keyof SingleTypes & string>(name: N): SingleTypeManager<ContentTypes, SingleTypes[N]> {
    return new SingleTypeManager<ContentTypes, SingleTypes[N]>(this.http, `/${name}`);
  }

  /** Any other route (custom routes, plugins): the base URL, headers and credentials are added; the status is not checked. */
  fetch(path: string, init?: RequestInit): Promise<Response> {
    return this.http.fetch(path, init);
  }
}

export function createClient(config: ClientConfig): StrapiClient {
  return new StrapiClient(config);
}

/** The name @strapi/client exports. */
export const strapi = createClient;
