// Reading and writing user rows for authentication, where private fields (password hash, codes)
// are needed and must never reach a response. Responses go through userDocument(), the engine's
// read path, which never selects private fields and applies the caller's populate rights.
import type { Engine } from '@cms-gen/core/documents/operations';
import { findDocument } from '@cms-gen/core/engine/read';
import { contentTypeShape } from '@cms-gen/core/model/schema-index';
import type { AuthContext, Document, RawQuery } from '@cms-gen/core/engine/types';
import type { ScalarAttribute } from '@cms-gen/core/model/types';
import type { Db, SqlValue } from '@cms-gen/db/types';
import { decodeValue, encodeValue, nowIso } from '@cms-gen/core/sql/codec';
import { USER_UID } from '@cms-gen/server/auth/permission-store';
import { parseRowId } from '@cms-gen/core/model/row-id';

export interface StoredUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: string | null;
  password: string | null;
  confirmed: boolean;
  blocked: boolean;
  resetPasswordToken: string | null;
  confirmationToken: string | null;
}

type Field = Exclude<keyof StoredUser, 'id' | 'documentId'>;
const FIELDS: Field[] = ['username', 'email', 'provider', 'password', 'confirmed', 'blocked', 'resetPasswordToken', 'confirmationToken'];

export class UserStore {
  private readonly columns: Record<Field, ScalarAttribute>;

  constructor(private readonly engine: Engine) {
    const attributes = engine.schema.contentTypes[USER_UID].attributes;
    const columns = {} as Record<Field, ScalarAttribute>;
    for (const field of FIELDS) {
      const attr = attributes[field];
      if (attr?.kind !== 'scalar') throw new Error(`${USER_UID}.${field} must be a scalar attribute`);
      columns[field] = attr;
    }
    this.columns = columns;
  }

  private get table(): string {
    return this.engine.dialect.quote(this.engine.schema.contentTypes[USER_UID].table);
  }

  private column(field: Field): string {
    return this.engine.dialect.quote(this.columns[field].column);
  }

  private async select(where: string, params: SqlValue[], db: Db = this.engine.db): Promise<StoredUser[]> {
    const list = FIELDS.map((f) => `${this.column(f)} AS ${this.engine.dialect.quote(f)}`).join(', ');
    const rows = await db.query(`SELECT id, document_id, ${list} FROM ${this.table} WHERE ${where} ORDER BY id`, params);
    return rows.map((row) => {
      const value = (f: Field) => decodeValue(this.columns[f].type, row[f]);
      const text = (f: Field) => (value(f) === null ? null : String(value(f)));
      return {
        id: Number(row.id),
        documentId: String(row.document_id),
        username: String(value('username')),
        email: String(value('email')),
        provider: text('provider'),
        password: text('password'),
        confirmed: value('confirmed') === true,
        blocked: value('blocked') === true,
        resetPasswordToken: text('resetPasswordToken'),
        confirmationToken: text('confirmationToken'),
      };
    });
  }

  async byId(id: number): Promise<StoredUser | undefined> {
    return (await this.select('id = ?', [id]))[0];
  }

  /** `/users/:id` takes the numeric id (Strapi 5); a documentId is accepted too. */
  async byParam(param: string): Promise<StoredUser | undefined> {
    if (/^\d+$/.test(param)) {
      const id = parseRowId(param);
      return id === undefined ? undefined : this.byId(id);
    }
    return (await this.select('document_id = ?', [param]))[0];
  }

  /** A local account by email (case-insensitive: emails are stored lower-cased) or exact username. */
  async forLogin(identifier: string): Promise<StoredUser | undefined> {
    return (await this.select(`${this.column('provider')} = ? AND (${this.column('email')} = ? OR ${this.column('username')} = ?)`, ['local', identifier.toLowerCase(), identifier]))[0];
  }

  /** `db`: a transaction, to see what it has locked and written (user-writes.ts IdentityCheck). */
  async byEmail(email: string, db?: Db): Promise<StoredUser[]> {
    return this.select(`${this.column('email')} = ?`, [email.toLowerCase()], db);
  }

  async byField(field: 'resetPasswordToken' | 'confirmationToken' | 'username', value: string, db?: Db): Promise<StoredUser | undefined> {
    return (await this.select(`${this.column(field)} = ?`, [value], db))[0];
  }

  /** Strapi's registration conflict check: the email or the username is already someone's email or username. */
  async identifierTaken(email: string, username: string, provider?: string, db: Db = this.engine.db): Promise<boolean> {
    const e = this.column('email');
    const u = this.column('username');
    const params: SqlValue[] = [email.toLowerCase(), email.toLowerCase(), username, username];
    let where = `(${e} = ? OR ${u} = ? OR ${u} = ? OR ${e} = ?)`;
    if (provider !== undefined) {
      where += ` AND ${this.column('provider')} = ?`;
      params.push(provider);
    }
    return (await db.query(`SELECT 1 AS hit FROM ${this.table} WHERE ${where} LIMIT 1`, params)).length > 0;
  }

  /**
   * Takes a reset-password code: clears it only if it is still stored, in one statement, so of
   * concurrent requests with one code exactly one succeeds (the others change no row).
   */
  async consumeResetCode(id: number, storedHash: string): Promise<boolean> {
    const column = this.column('resetPasswordToken');
    const result = await this.engine.db.execute(`UPDATE ${this.table} SET ${column} = NULL, updated_at = ? WHERE id = ? AND ${column} = ?`, [
      encodeValue('datetime', nowIso(), this.engine.db.dialect),
      id,
      storedHash,
    ]);
    return result.changes === 1;
  }

  /** Sets internal fields directly (codes, confirmed, blocked); passwords go through the write path, which hashes them. */
  async setFields(id: number, values: Partial<Pick<StoredUser, 'confirmed' | 'blocked' | 'resetPasswordToken' | 'confirmationToken'>>): Promise<void> {
    const entries = Object.entries(values) as [Field, unknown][];
    if (entries.length === 0) return;
    const sets = entries.map(([f]) => `${this.column(f)} = ?`);
    const params = entries.map(([f, v]) => encodeValue(this.columns[f].type, v, this.engine.db.dialect));
    await this.engine.db.execute(`UPDATE ${this.table} SET ${sets.join(', ')}, updated_at = ? WHERE id = ?`, [...params, encodeValue('datetime', nowIso(), this.engine.db.dialect), id]);
  }

  /** The user as the API shows it to `auth` (the raw query may ask for fields and populate). */
  async userDocument(documentId: string, raw: RawQuery, auth: AuthContext): Promise<Document | null> {
    const query = this.engine.parseQuery(USER_UID, raw, auth);
    return findDocument(this.engine.readEnv(), contentTypeShape(this.engine.schema, USER_UID), documentId, query);
  }
}
