// POSTing GraphQL documents to a running app, for the end-to-end tests.

export interface GqlResult {
  status: number;
  headers: Headers;
  // Tests assert on arbitrary response shapes.
  body: any;
  text: string;
}

/** One POST to `${url}/graphql`; the body is parsed when there is one. */
export async function gql(url: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<GqlResult> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** Data of a successful answer (fails the test with the errors otherwise). */
export async function data(url: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<any> {
  const res = await gql(url, query, variables, headers);
  if (res.status !== 200 || res.body.errors) throw new Error(`GraphQL failed (${res.status}): ${res.text.slice(0, 500)}`);
  return res.body.data;
}
