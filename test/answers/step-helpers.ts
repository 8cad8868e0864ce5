// What steps files build their exchanges with: a GraphQL request, the documentId of a created
// document, and the smallest image an upload step can send.
import type { Answer, Exchange } from './run';

export type Json = Record<string, unknown>;

/** The smallest valid PNG (1×1, transparent): Strapi makes no resized formats from it. */
export const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));

/** A GraphQL request to /graphql. */
export const gql = (query: string, variables?: Json): Exchange => ({ method: 'POST', path: '/graphql', body: variables ? { query, variables } : { query } });

/** The documentId of the document an answer holds; a step that needs one fails loudly without it. */
export function docId(answer: Answer): string {
  const data = (answer.body as { data?: { documentId?: string } }).data;
  if (!data?.documentId) throw new Error(`no documentId in ${JSON.stringify(answer.body)}`);
  return data.documentId;
}
