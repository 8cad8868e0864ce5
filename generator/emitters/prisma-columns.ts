// Prisma type of a column per provider: the "value storage per dialect" table of
// docs/architecture.md. SQLite has no native type attributes, so its types are what Prisma
// maps each scalar to; dates and times stay TEXT there because the runtime stores them as strings.
import type { ScalarType } from '../../runtime/core/model/types';

export type PrismaProvider = 'sqlite' | 'postgresql' | 'mysql';

export const PRISMA_PROVIDERS: readonly PrismaProvider[] = ['sqlite', 'postgresql', 'mysql'];

export interface PrismaColumnType {
  type: string;
  /** Native type attribute, e.g. `@db.VarChar(255)`. */
  native?: string;
}

type Row = Record<PrismaProvider, PrismaColumnType>;

const same = (type: string): Row => ({ sqlite: { type }, postgresql: { type }, mysql: { type } });

const SHORT_TEXT: Row = { sqlite: { type: 'String' }, postgresql: { type: 'String' }, mysql: { type: 'String', native: '@db.VarChar(255)' } };
const LONG_TEXT: Row = { sqlite: { type: 'String' }, postgresql: { type: 'String' }, mysql: { type: 'String', native: '@db.LongText' } };
// PostgreSQL: `json`, not `jsonb`: documents come back with their keys in the order they were written, as on the other databases.
const JSON_VALUE: Row = { sqlite: { type: 'String' }, postgresql: { type: 'Json', native: '@db.Json' }, mysql: { type: 'Json' } };
const DECIMAL: Row = {
  sqlite: { type: 'Decimal' },
  postgresql: { type: 'Decimal', native: '@db.Decimal(65, 30)' },
  mysql: { type: 'Decimal', native: '@db.Decimal(65, 30)' },
};
const DATE: Row = { sqlite: { type: 'String' }, postgresql: { type: 'DateTime', native: '@db.Date' }, mysql: { type: 'DateTime', native: '@db.Date' } };
const TIME: Row = { sqlite: { type: 'String' }, postgresql: { type: 'DateTime', native: '@db.Time(3)' }, mysql: { type: 'DateTime', native: '@db.Time(3)' } };
const DATETIME: Row = {
  sqlite: { type: 'String' },
  postgresql: { type: 'DateTime', native: '@db.Timestamptz(3)' },
  mysql: { type: 'DateTime', native: '@db.DateTime(3)' },
};

const COLUMN_TYPES: Record<ScalarType, Row> = {
  string: SHORT_TEXT,
  email: SHORT_TEXT,
  uid: SHORT_TEXT,
  enumeration: SHORT_TEXT,
  password: SHORT_TEXT,
  text: LONG_TEXT,
  richtext: LONG_TEXT,
  blocks: JSON_VALUE,
  json: JSON_VALUE,
  integer: same('Int'),
  // SQLite: INTEGER affinity under the BIGINT name; the runtime reads it as a bigint.
  biginteger: same('BigInt'),
  float: same('Float'),
  decimal: DECIMAL,
  // SQLite: stored as 0/1 integers (BOOLEAN has numeric affinity).
  boolean: same('Boolean'),
  date: DATE,
  time: TIME,
  datetime: DATETIME,
  timestamp: DATETIME,
};

export function prismaColumnType(provider: PrismaProvider, type: ScalarType): PrismaColumnType {
  return COLUMN_TYPES[type][provider];
}

/** MySQL cannot index a LONGTEXT whole; such columns are indexed on a prefix. */
export const MYSQL_TEXT_INDEX_PREFIX = 191;

/** Types indexed on a prefix on MySQL, and types never indexed (JSON cannot be). */
export const PREFIX_INDEXED_TYPES: readonly ScalarType[] = ['text', 'richtext'];
export const UNINDEXABLE_TYPES: readonly ScalarType[] = ['json', 'blocks'];
