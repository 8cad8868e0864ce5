// What the emitted client SDK sends, without a server: the same query strings as @strapi/client
// (decoded; qs with only the values encoded, as Strapi's docs write them), its headers and credentials, JSON and multipart bodies,
// and a non-JSON error page still surfacing as StrapiClientError.
import { strapi } from '@strapi/client';
import { createClient, StrapiClientError } from '../fixtures/strapi-blog/app/client/src/index';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fetch that records each request and answers `answer` (or `{ data: [], meta: {} }`). */
function recordingFetch(sent: Sent[], answer: () => Response = () => Response.json({ data: [], meta: {} })): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, method: request.method, headers: request.headers, body: init?.body ?? (request.body === null ? undefined : await request.text()) });
    return answer();
  };
}

describe('requests of the emitted client SDK', () => {
  const params = {
    filters: { title: { $containsi: 'a b&c' }, $or: [{ views: { $gt: 3 } }, { author: { name: { $eq: 'Zoë' } } }] },
    populate: { author: { fields: ['name'] }, categories: true },
    fields: ['title', 'views'],
    sort: ['views:desc', 'title'],
    pagination: { page: 2, pageSize: 5 },
    status: 'draft',
    locale: 'fr',
  } as const;

  it('writes the query @strapi/client writes for the same parameters, with readable brackets', async () => {
    const ours: Sent[] = [];
    await createClient({ baseURL: 'http://cms.test/api', fetch: recordingFetch(ours) }).collection('articles').find(params);

    const theirs: Sent[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = recordingFetch(theirs);
    try {
      const articles = strapi({ baseURL: 'http://cms.test/api' }).collection('articles');
      // @strapi/client types its parameters as mutable arrays; the values are the same.
      await articles.find(JSON.parse(JSON.stringify(params)) as Parameters<typeof articles.find>[0]);
    } finally {
      globalThis.fetch = original;
    }
    // @strapi/client (1.x) percent-encodes the brackets too; the decoded queries are identical.
    expect(decodeURIComponent(ours[0].url)).toBe(decodeURIComponent(theirs[0].url));
    expect(ours[0].url).not.toBe(theirs[0].url);
    expect(decodeURIComponent(new URL(ours[0].url).search)).toContain('filters[title][$containsi]=a b&c');
    expect(ours[0].url).toContain('filters[title][$containsi]=a%20b%26c');
  });

  it('sends the token, the configured headers and a JSON body', async () => {
    const sent: Sent[] = [];
    const client = createClient({ baseURL: 'http://cms.test/api/', auth: 'tok', headers: { 'Strapi-Response-Format': 'v4' }, fetch: recordingFetch(sent, () => Response.json({ data: { id: 1 }, meta: {} })) });
    await client.collection('authors').create({ name: 'A' });
    expect(sent[0]).toMatchObject({ url: 'http://cms.test/api/authors', method: 'POST', body: '{"data":{"name":"A"}}' });
    expect([sent[0].headers.get('authorization'), sent[0].headers.get('strapi-response-format'), sent[0].headers.get('content-type')]).toEqual(['Bearer tok', 'v4', 'application/json']);
  });

  it('sends login, register and refresh without the kept credential, and later requests with the new JWT', async () => {
    const sent: Sent[] = [];
    const answer = () => Response.json({ jwt: 'new-jwt', refreshToken: 'r1', user: { id: 1 } });
    const client = createClient({ baseURL: 'http://cms.test/api', auth: 'old-jwt', headers: { 'X-Extra': '1' }, fetch: recordingFetch(sent, answer) });
    await client.auth.login({ identifier: 'a', password: 'b' });
    await client.auth.register({ username: 'a', email: 'a@example.com', password: 'b' });
    await client.auth.refresh();
    await client.auth.me();
    expect(sent.map((s) => [s.url.replace('http://cms.test/api', ''), s.headers.get('authorization'), s.headers.get('x-extra')])).toEqual([
      ['/auth/local', null, '1'],
      ['/auth/local/register', null, '1'],
      ['/auth/refresh', null, '1'],
      ['/users/me', 'Bearer new-jwt', '1'],
    ]);
  });

  it('uploads multipart form data with the file and its info', async () => {
    const sent: Sent[] = [];
    const client = createClient({ baseURL: 'http://cms.test/api', fetch: recordingFetch(sent, () => Response.json([], { status: 201 })) });
    await client.files.upload(new Uint8Array([1, 2, 3]), { filename: 'a.bin', mimetype: 'application/x-test', fileInfo: { caption: 'c' } });
    const form = sent[0].body as FormData;
    const file = form.get('files') as File;
    expect([file.name, file.type, file.size, form.get('fileInfo')]).toEqual(['a.bin', 'application/x-test', 3, '{"caption":"c"}']);
    // fetch sets the multipart boundary itself; a preset content type would lose it.
    expect(sent[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('turns a non-JSON error answer into StrapiClientError with the status', async () => {
    const client = createClient({ baseURL: 'http://cms.test/api', fetch: recordingFetch([], () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })) });
    const error = await client.collection('articles').find().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StrapiClientError);
    expect((error as StrapiClientError).error).toEqual({ status: 502, name: 'HttpError', message: 'Bad Gateway', details: {} });
  });
});
