// Strapi's config/database.js describes the database as a knex connection
// (`{ connection: { client, connection: { filename } | { connectionString } | { host, … } } }`);
// the runtime takes one URL. This turns the first into the second so a Strapi project's database
// file keeps working. An explicit `url` always wins.
import { ConfigError, describe, isPlainObject } from '@cms-gen/core/config-error';

const SQLITE_CLIENTS = new Set(['sqlite', 'sqlite3', 'better-sqlite3']);
const POSTGRES_CLIENTS = new Set(['postgres', 'pg', 'postgresql']);
const MYSQL_CLIENTS = new Set(['mysql', 'mysql2', 'mariadb']);

/** Returns the file object with `url` derived from `connection` when only the latter is given. */
export function normalizeDatabaseFile(value: Record<string, unknown>, label: string): Record<string, unknown> {
  if (value.url !== undefined && value.url !== null) return value;
  const outer = value.connection;
  if (outer === undefined || outer === null) return value;
  if (!isPlainObject(outer)) throw new ConfigError(`${label}: connection must be an object (got ${describe(outer)})`);
  const client = outer.client;
  if (typeof client !== 'string') throw new ConfigError(`${label}: connection.client must be a string (got ${describe(client)})`);
  const inner = outer.connection;
  if (!isPlainObject(inner)) throw new ConfigError(`${label}: connection.connection must be an object (got ${describe(inner)})`);
  return { ...value, url: urlFor(client, inner, label) };
}

function urlFor(client: string, c: Record<string, unknown>, label: string): string {
  const text = (key: string): string | undefined => {
    const v = c[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' && typeof v !== 'number') throw new ConfigError(`${label}: connection.connection.${key} must be a string (got ${describe(v)})`);
    return String(v);
  };
  if (SQLITE_CLIENTS.has(client)) {
    const filename = text('filename');
    if (!filename) throw new ConfigError(`${label}: connection.connection.filename is required for client "${client}"`);
    return `file:${filename}`;
  }
  const scheme = POSTGRES_CLIENTS.has(client) ? 'postgresql' : MYSQL_CLIENTS.has(client) ? 'mysql' : null;
  if (!scheme) throw new ConfigError(`${label}: connection.client must be one of sqlite, better-sqlite3, postgres, mysql, mysql2 (got ${describe(client)})`);
  const connectionString = text('connectionString');
  if (connectionString) return connectionString;
  const host = text('host') ?? 'localhost';
  const port = text('port');
  const user = text('user');
  const password = text('password');
  const database = text('database') ?? '';
  const auth = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  const schema = scheme === 'postgresql' ? text('schema') : undefined;
  return `${scheme}://${auth}${host}${port ? `:${port}` : ''}/${encodeURIComponent(database)}${schema ? `?schema=${encodeURIComponent(schema)}` : ''}`;
}
