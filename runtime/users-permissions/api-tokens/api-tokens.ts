// Content-API tokens (Strapi's "API tokens"). There is no admin panel, so `cms-gen token` creates,
// lists and revokes them. The key is shown once; only its HMAC-SHA512 under API_TOKEN_SALT is
// stored (Strapi's scheme), so a database dump holds no usable key. Types:
//   read-only    find and findOne actions only
//   full-access  every action
//   custom       the listed actions only
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '@cms-gen/db/types';
import { nowIso } from '@cms-gen/core/sql/codec';
import { API_TOKENS, deleteRows, insertRow, selectRows, updateRows } from '../internal-tables';

export const API_TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type ApiTokenType = (typeof API_TOKEN_TYPES)[number];

export interface ApiTokenRecord {
  id: number;
  name: string;
  description: string | null;
  type: ApiTokenType;
  permissions: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface NewApiToken {
  name: string;
  description?: string;
  type: ApiTokenType;
  /** Action uids, for custom tokens. */
  permissions?: string[];
  /** Milliseconds until expiry; undefined never expires. */
  lifespanMs?: number;
}

/** `api::article.article.find`, `plugin::users-permissions.user.me` */
export const ACTION_UID = /^(api|plugin)::[a-z0-9][a-z0-9_-]*\.[a-z0-9][a-z0-9_-]*\.[A-Za-z][A-Za-z0-9_]*$/;

/** Strapi generates 128 random bytes as hex; the length also tells a key from a JWT. */
export const ACCESS_KEY = /^[0-9a-f]{256}$/;

export function hashAccessKey(accessKey: string, salt: string): string {
  return createHmac('sha512', salt).update(accessKey).digest('hex');
}

/** What a token of `type` may do. */
export function tokenAllows(type: ApiTokenType, permissions: readonly string[], action: string): boolean {
  if (type === 'full-access') return true;
  if (type === 'read-only') return action.endsWith('.find') || action.endsWith('.findOne');
  return permissions.includes(action);
}

function toRecord(row: Record<keyof typeof API_TOKENS.columns, unknown>): ApiTokenRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: row.description === null ? null : String(row.description),
    type: row.type as ApiTokenType,
    permissions: Array.isArray(row.permissions) ? row.permissions.map(String) : [],
    expiresAt: row.expiresAt === null ? null : String(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : String(row.lastUsedAt),
    createdAt: String(row.createdAt),
  };
}

export class ApiTokenError extends Error {}

export async function createApiToken(db: Db, salt: string, input: NewApiToken): Promise<{ token: ApiTokenRecord; accessKey: string }> {
  const name = input.name.trim();
  if (!name) throw new ApiTokenError('a token needs a name');
  if (!API_TOKEN_TYPES.includes(input.type)) throw new ApiTokenError(`type must be one of ${API_TOKEN_TYPES.join(', ')}`);
  const permissions = [...new Set(input.permissions ?? [])];
  if (input.type === 'custom' && permissions.length === 0) throw new ApiTokenError('a custom token needs at least one --permission');
  if (input.type !== 'custom' && permissions.length > 0) throw new ApiTokenError(`--permission only applies to custom tokens (a ${input.type} token has fixed permissions)`);
  const bad = permissions.filter((p) => !ACTION_UID.test(p));
  if (bad.length) throw new ApiTokenError(`not an action uid (e.g. api::article.article.find): ${bad.join(', ')}`);
  if (input.lifespanMs !== undefined && !(input.lifespanMs > 0)) throw new ApiTokenError('the lifespan must be positive');
  const accessKey = randomBytes(128).toString('hex');
  return db.transaction(async (tx) => {
    if ((await selectRows(tx, API_TOKENS, { name }, { limit: 1 })).length) throw new ApiTokenError(`a token named "${name}" already exists`);
    const id = await insertRow(tx, API_TOKENS, {
      name,
      description: input.description ?? null,
      type: input.type,
      accessKey: hashAccessKey(accessKey, salt),
      permissions,
      expiresAt: input.lifespanMs === undefined ? null : new Date(Date.now() + input.lifespanMs).toISOString(),
    });
    const [row] = await selectRows(tx, API_TOKENS, { id }, { limit: 1 });
    return { token: toRecord(row), accessKey };
  });
}

export async function listApiTokens(db: Db): Promise<ApiTokenRecord[]> {
  return (await selectRows(db, API_TOKENS, {})).map(toRecord);
}

/** Deletes the token with this id (digits) or name; false when there is none. */
export async function revokeApiToken(db: Db, idOrName: string): Promise<boolean> {
  const where = /^\d+$/.test(idOrName) ? { id: Number(idOrName) } : { name: idOrName };
  return (await deleteRows(db, API_TOKENS, where)) > 0;
}

export interface ApiTokenGrant {
  id: number;
  type: ApiTokenType;
  can(action: string): boolean;
}

/** Resolves Bearer API keys for the authenticator (one indexed lookup per request). */
export class ApiTokenVerifier {
  /** lastUsedAt is written at most once a minute per token: it is informative, not worth a write per request. */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly salt: string,
  ) {}

  async verify(accessKey: string): Promise<ApiTokenGrant | null> {
    const [row] = await selectRows(this.db, API_TOKENS, { accessKey: hashAccessKey(accessKey, this.salt) }, { limit: 1 });
    if (!row) return null;
    const token = toRecord(row);
    if (token.expiresAt !== null && token.expiresAt <= nowIso()) return null;
    const last = this.touched.get(token.id) ?? 0;
    if (Date.now() - last > 60_000) {
      this.touched.set(token.id, Date.now());
      await updateRows(this.db, API_TOKENS, { lastUsedAt: nowIso() }, { id: token.id });
    }
    return { id: token.id, type: token.type, can: (action) => tokenAllows(token.type, token.permissions, action) };
  }
}
