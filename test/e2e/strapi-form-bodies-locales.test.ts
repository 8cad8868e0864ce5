// Answers asked of Strapi 5.54 that the kitchen steps do not cover (issue 23): url-encoded form and
// plain-text bodies on the core write routes (parsed as Strapi's body parser does, with its 56 KB
// limits), and the locale listing, whose isDefault is no attribute of the GraphQL I18NLocale type.
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

describe('form bodies on core routes and the locale listing (sqlite)', () => {
  let app: FixtureApp;
  beforeAll(async () => {
    app = await startFixtureApp('sqlite');
  }, 120_000);
  afterAll(() => app?.stop());

  const send = (path: string, body: string, type: string, method = 'POST') => fetch(`${app.url}${path}`, { method, headers: { 'content-type': type }, body });

  it('reads a url-encoded form as Strapi does: data[name]=… writes, numbers cast from text', async () => {
    const created = await send('/api/categories?fields[0]=name&fields[1]=position', 'data[name]=Form%20made&data[position]=7', 'application/x-www-form-urlencoded');
    expect(created.status).toBe(201);
    const body = (await created.json()) as { data: { documentId: string; name: string; position: number } };
    expect([body.data.name, body.data.position]).toEqual(['Form made', 7]);
    const updated = await send(`/api/categories/${body.data.documentId}?fields[0]=name`, 'data[name]=Form%20changed', 'application/x-www-form-urlencoded', 'PUT');
    expect(((await updated.json()) as { data: { name: string } }).data.name).toBe('Form changed');
  });

  it('answers 413 without details for a form or text body past 56 KB, and Missing data for text', async () => {
    const tooLarge = { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' } };
    const form = await send('/api/categories', `data[name]=${'x'.repeat(60_000)}`, 'application/x-www-form-urlencoded');
    expect([form.status, await form.json()]).toStrictEqual([413, tooLarge]);
    const text = await send('/api/categories', 'x'.repeat(60_000), 'text/plain');
    expect([text.status, await text.json()]).toStrictEqual([413, tooLarge]);
    const small = await send('/api/categories', '{"data":{"name":"t"}}', 'text/plain');
    expect([small.status, ((await small.json()) as { error: { message: string } }).error.message]).toEqual([400, 'Missing "data" payload in the request body']);
  });

  it('lists locales with isDefault (computed), which GraphQL does not have', async () => {
    const res = await fetch(`${app.url}/api/i18n/locales`);
    const locales = (await res.json()) as Array<Record<string, unknown>>;
    expect(locales.map((l) => [l.code, l.isDefault])).toEqual([
      ['en', true],
      ['fr', false],
    ]);
    // Strapi's key order: the attributes, the timestamps, then isDefault.
    expect(Object.keys(locales[0]).at(-1)).toBe('isDefault');
    const graphql = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ i18NLocales { code isDefault } }' }) });
    expect(graphql.status).toBe(400);
    expect(((await graphql.json()) as { errors: Array<{ message: string }> }).errors[0].message).toBe('Cannot query field "isDefault" on type "I18NLocale".');
  });
});
