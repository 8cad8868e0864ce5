// Shared by the HTTP tests: a server on an ephemeral port, a fetch wrapper, and in-memory fakes
// of the operations interface.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { AuthContext, CollectionOperations, Document, FindResult, RawQuery } from '../../runtime/core/engine/types';
import { NotFoundError, ValidationError } from '../../runtime/core/errors';
import { createAppServer } from '../../runtime/server/http/app-server';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `app` as the runtime does (app-server.ts), on an ephemeral port. */
export async function listen(app: Express): Promise<TestServer> {
  const server = await new Promise<Server>((resolve) => {
    const s = createAppServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when empty. */
  body: unknown;
}

export async function call(url: string, init: RequestInit = {}): Promise<TestResponse> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

export const publicAuth: AuthContext = { kind: 'public', roleId: 2, can: () => true };

/** A call an operation received, for asserting what the router passed. */
export interface RecordedCall {
  op: string;
  args: unknown[];
}

function requireData(body: unknown): Record<string, unknown> {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ValidationError('Missing "data" payload in the request body');
  return data as Record<string, unknown>;
}

/** A collection in memory: documents by documentId, numeric ids counting up. */
export class FakeCollection implements CollectionOperations {
  readonly calls: RecordedCall[] = [];
  readonly docs = new Map<string, Document>();
  private nextId = 1;

  add(fields: Record<string, unknown>): Document {
    const documentId = `doc${String(this.nextId).padStart(21, '0')}`;
    const doc = { id: this.nextId++, documentId, ...fields };
    this.docs.set(documentId, doc);
    return doc;
  }

  async find(query: RawQuery, auth: AuthContext): Promise<FindResult> {
    this.calls.push({ op: 'find', args: [query, auth] });
    const results = [...this.docs.values()];
    return { results, pagination: { page: 1, pageSize: 25, pageCount: 1, total: results.length } };
  }

  async findOne(documentId: string, query: RawQuery, auth: AuthContext): Promise<Document | null> {
    this.calls.push({ op: 'findOne', args: [documentId, query, auth] });
    return this.docs.get(documentId) ?? null;
  }

  async create(body: unknown, query: RawQuery, auth: AuthContext): Promise<Document> {
    this.calls.push({ op: 'create', args: [body, query, auth] });
    return this.add(requireData(body));
  }

  async update(documentId: string, body: unknown, query: RawQuery, auth: AuthContext): Promise<Document> {
    this.calls.push({ op: 'update', args: [documentId, body, query, auth] });
    const data = requireData(body);
    const doc = this.docs.get(documentId);
    if (!doc) throw new NotFoundError();
    Object.assign(doc, data);
    return doc;
  }

  async delete(documentId: string, query: RawQuery, auth: AuthContext): Promise<void> {
    this.calls.push({ op: 'delete', args: [documentId, query, auth] });
    this.docs.delete(documentId);
  }
}
