// How the matrix writes a step over REST, GraphQL or the Document Service (the kit's
// `POST /api/matrix/documents` route runs `strapi.documents(uid)[action](params)`), and how it
// reads every document of the run back, per type and status, over REST and GraphQL.
import type { Answer, Send } from '../answers/run';
import { KIT_TYPES, relationAttributes, type Case, type KitType } from './cases';
import type { Ref, RelationValue, Step } from './scripts';

/** A document the run created. */
export interface Created {
  documentId: string;
}

export type Docs = Map<'w' | Ref, Created>;

/** The attribute populated with the related documents' names. */
function restPopulate(attribute: string, morph: boolean): string {
  return morph ? `populate[${attribute}]=true` : `populate[${attribute}][fields][0]=name`;
}

const graphqlSelection = (attribute: string, morph: boolean) =>
  morph ? `${attribute} { __typename ${KIT_TYPES.map((t) => `... on ${t.graphqlType} { name }`).join(' ')} }` : `${attribute} { name }`;

/** A reference as the transport names it: a documentId, or a morph entry. */
function ref(c: Case, docs: Docs, label: Ref): unknown {
  const { documentId } = docs.get(label) as Created;
  return c.morph ? { __type: c.target.uid, documentId } : documentId;
}

function restValue(c: Case, docs: Docs, value: RelationValue): unknown {
  const one = (label: Ref) => ref(c, docs, label);
  if ('plain' in value) return c.toMany ? value.plain.map(one) : (value.plain.length ? one(value.plain[0]) : null);
  if ('set' in value) return { set: value.set.map(one) };
  if ('disconnect' in value) return { disconnect: value.disconnect.map(one) };
  return {
    connect: value.connect.map(({ ref: label, position }) => {
      const entry = one(label);
      if (!position) return entry;
      const at: Record<string, unknown> = { ...position };
      if (position.before) at.before = (docs.get(position.before) as Created).documentId;
      if (position.after) at.after = (docs.get(position.after) as Created).documentId;
      return { ...(typeof entry === 'string' ? { documentId: entry } : (entry as object)), position: at };
    }),
  };
}

const graphqlValue = (c: Case, docs: Docs, list: Ref[]) => {
  const ids = list.map((label) => JSON.stringify((docs.get(label) as Created).documentId));
  return c.toMany ? `[${ids.join(', ')}]` : (ids[0] ?? 'null');
};

/** Runs the Document Service action through the kit's route. */
export const documents = (send: Send, uid: string, action: string, params: unknown): Promise<Answer> =>
  send({ method: 'POST', path: '/api/matrix/documents', body: { uid, action, params } });

/** Writes one step of a case; answers what the transport answered. */
export async function perform(send: Send, c: Case, docs: Docs, step: Step, name: (label: string) => string): Promise<Answer> {
  if ('who' in step) return lifecycle(send, c, docs, step.action, step.who);
  const documentId = step.action === 'update' ? (docs.get('w') as Created).documentId : undefined;
  const status = step.action === 'update' ? step.status : 'published';
  const data = { [c.attribute]: restValue(c, docs, step.value), ...(step.action === 'create' ? { name: name('w') } : {}) };
  const type = c.writer;
  if (c.transport === 'documents') {
    const populate = c.morph ? [c.attribute] : { [c.attribute]: { fields: ['name'] } };
    return documents(send, type.uid, step.action, { ...(documentId ? { documentId } : {}), data, status, populate });
  }
  const query = `status=${status}&${restPopulate(c.attribute, c.morph)}`;
  if (c.transport === 'rest') {
    if (documentId) return send({ method: 'PUT', path: `/api/${type.plural}/${documentId}?${query}`, body: { data } });
    return send({ method: 'POST', path: `/api/${type.plural}?${query}`, body: { data } });
  }
  const fields = `documentId name ${graphqlSelection(c.attribute, c.morph)}`;
  const value = `${c.attribute}: ${graphqlValue(c, docs, step.list)}`;
  const gqlStatus = status === 'draft' ? 'DRAFT' : 'PUBLISHED';
  if (documentId) return graphql(send, `mutation { update${type.graphqlType}(documentId: "${documentId}", status: ${gqlStatus}, data: { ${value} }) { ${fields} } }`);
  return graphql(send, `mutation { create${type.graphqlType}(status: ${gqlStatus}, data: { name: ${JSON.stringify(name('w'))}, ${value} }) { ${fields} } }`);
}

/**
 * Publishes, unpublishes or discards the draft of the writer or of a target. REST and GraphQL
 * publish by writing the published version (an empty update with `status=published`); they
 * have no other lifecycle action, so those go through the Document Service.
 */
function lifecycle(send: Send, c: Case, docs: Docs, action: 'publish' | 'unpublish' | 'discardDraft', who: 'w' | Ref): Promise<Answer> {
  const type = who === 'w' ? c.writer : c.target;
  const documentId = (docs.get(who) as Created).documentId;
  if (action !== 'publish' || c.transport === 'documents') return documents(send, type.uid, action, { documentId });
  // The writer's answer shows its attribute; a target's, only its name.
  if (c.transport === 'rest') return send({ method: 'PUT', path: `/api/${type.plural}/${documentId}?status=published${who === 'w' ? `&${restPopulate(c.attribute, c.morph)}` : ''}`, body: { data: {} } });
  const fields = who === 'w' ? `documentId name ${graphqlSelection(c.attribute, c.morph)}` : 'documentId name';
  return graphql(send, `mutation { update${type.graphqlType}(documentId: "${documentId}", status: PUBLISHED, data: {}) { ${fields} } }`);
}

const graphql = (send: Send, query: string) => send({ method: 'POST', path: '/graphql', body: { query } });

export type Status = 'draft' | 'published';

/** Every document of the run, per type, as read in one status: name → document with its relations populated. */
export type Snapshot = Map<string, Map<string, Record<string, unknown>>>;

const PAGE = 100;

async function readRest(send: Send, type: KitType, status: Status, stamp: string): Promise<Map<string, Record<string, unknown>>> {
  const populate = relationAttributes(type).map((a) => restPopulate(a.name, a.morph)).join('&');
  const out = new Map<string, Record<string, unknown>>();
  for (let page = 1; ; page++) {
    const path = `/api/${type.plural}?filters[name][$startsWith]=${stamp}&status=${status}&sort=name&fields[0]=name&pagination[page]=${page}&pagination[pageSize]=${PAGE}&${populate}`;
    const { status: code, body } = await send({ method: 'GET', path });
    const list = body as { data: Record<string, unknown>[]; meta: { pagination: { pageCount: number } } };
    if (code !== 200) throw new Error(`GET ${path}: ${code} ${JSON.stringify(body)}`);
    for (const doc of list.data) out.set(String(doc.name), doc);
    if (page >= list.meta.pagination.pageCount) return out;
  }
}

async function readGraphql(send: Send, type: KitType, status: Status, stamp: string): Promise<Map<string, Record<string, unknown>>> {
  // Strapi 5.54's GraphQL fails on morph fields ("Missing schema in validateQuery"): not read here.
  const selection = relationAttributes(type)
    .filter((a) => !a.morph)
    .map((a) => graphqlSelection(a.name, false))
    .join(' ');
  const out = new Map<string, Record<string, unknown>>();
  for (let page = 1; ; page++) {
    const query = `{ ${type.graphqlList}(status: ${status.toUpperCase()}, filters: { name: { startsWith: "${stamp}" } }, sort: "name", pagination: { page: ${page}, pageSize: ${PAGE} }) { name ${selection} } }`;
    const { status: code, body } = await graphql(send, query);
    const list = (body as { data?: Record<string, Record<string, unknown>[]> }).data?.[type.graphqlList];
    if (code !== 200 || !list) throw new Error(`GraphQL ${query}: ${code} ${JSON.stringify(body)}`);
    for (const doc of list) out.set(String(doc.name), doc);
    if (list.length < PAGE) return out;
  }
}

/** Reads every type in both statuses over one transport. Keys: `<uid> <status>`. */
export async function snapshot(send: Send, transport: 'rest' | 'graphql', stamp: string): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const type of KIT_TYPES) {
    for (const status of ['draft', 'published'] as Status[]) {
      out.set(`${type.uid} ${status}`, transport === 'rest' ? await readRest(send, type, status, stamp) : await readGraphql(send, type, status, stamp));
    }
  }
  return out;
}
