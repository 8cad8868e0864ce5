// The hand-written floor: node:http + better-sqlite3 prepared statements serving the three
// benchmarked endpoints on the same database file, with the same JSON as the app:
//   GET  /api/articles?pagination[pageSize]=25&populate[0]=author&populate[1]=categories
//   GET  /api/articles/:documentId
//   POST /api/articles
// No framework, no query validation, no permission lookup: it is the cost of the SQL plus the JSON,
// i.e. the best a generic app serving the same bytes could hope to approach.
//
// Child process of bench/run.ts (`node --import tsx bench/floor-server.ts`) with DATABASE_FILE and PORT; prints
// one `READY {"port":…,"pid":…}` line on stdout once listening.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { HOST } from './config';
import { BadRequest, FloorWriter } from './floor/create';
import { FloorReader, type ListQuery } from './floor/read';

const file = process.env.DATABASE_FILE;
if (!file) throw new Error('floor-server: DATABASE_FILE is required');

const db = new Database(file);
// The app's SQLite settings (runtime/db/sqlite.ts), so writes pay the same durability cost.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const reader = new FloorReader(db);
const writer = new FloorWriter(db);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, name: string, message: string): void {
  send(res, status, { data: null, error: { status, name, message, details: {} } });
}

/** Just enough of Strapi's bracket syntax for the benchmarked list URL. */
function listQuery(search: URLSearchParams): ListQuery {
  const populate = new Set<string>();
  for (const [key, value] of search) if (key === 'populate' || /^populate\[\d+\]$/.test(key)) populate.add(value);
  const num = (raw: string | null, fallback: number) => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : fallback);
  return {
    page: Math.max(1, num(search.get('pagination[page]'), 1)),
    pageSize: Math.min(100, Math.max(1, num(search.get('pagination[pageSize]'), 25))),
    populateAuthor: populate.has('author'),
    populateCategories: populate.has('categories'),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === '/api/articles' && req.method === 'GET') {
    return send(res, 200, reader.list(listQuery(new URLSearchParams(q === -1 ? '' : url.slice(q + 1)))));
  }
  if (path === '/api/articles' && req.method === 'POST') {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req)) as unknown;
      return send(res, 201, { data: writer.createArticle(body), meta: {} });
    } catch (err) {
      if (err instanceof BadRequest) return sendError(res, 400, 'ValidationError', err.message);
      if (err instanceof SyntaxError) return sendError(res, 400, 'SyntaxError', err.message);
      throw err;
    }
  }
  const one = /^\/api\/articles\/([a-z0-9]{24})$/.exec(path);
  if (one && req.method === 'GET') {
    const doc = reader.findOne(one[1]);
    return doc ? send(res, 200, { data: doc, meta: {} }) : sendError(res, 404, 'NotFoundError', 'Not Found');
  }
  sendError(res, 404, 'NotFoundError', 'Not Found');
}

const server = createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    process.stderr.write(`floor-server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    if (!res.headersSent) sendError(res, 500, 'InternalServerError', 'Internal Server Error');
  });
});

server.listen(Number(process.env.PORT ?? 0), HOST, () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`READY ${JSON.stringify({ port, pid: process.pid })}\n`);
});

const stop = () => {
  server.close(() => (db.close(), process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
