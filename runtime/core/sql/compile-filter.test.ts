// The filter compiler on a real in-memory SQLite database: operator semantics, wildcard escaping,
// NULL handling, and the LEFT-JOIN semantics of relation filters reproduced with EXISTS.
import { createSqliteDb } from '@cms-gen/db-sqlite/sqlite';
import type { Db } from '@cms-gen/db/types';
import type { FilterNode, FieldRef } from '../query/ast';
import type { SchemaMeta } from '../model/types';
import { contentTypeShape } from '../model/schema-index';
import { compileFilter, holdsOnNullRow } from './compile-filter';
import { escapeLike, postgresDialect, sqliteDialect } from './dialect';
import { join, sql } from './fragment';
import { createQueryContext } from './query-context';

const schema: SchemaMeta = {
  components: {},
  contentTypes: {
    'api::post.post': {
      uid: 'api::post.post', kind: 'collectionType', singularName: 'post', pluralName: 'posts', displayName: 'Post', table: 'posts',
      draftAndPublish: false, localized: false, actionPrefix: 'api::post.post',
      attributes: {
        title: { kind: 'scalar', name: 'title', type: 'string', column: 'title', required: false, private: false, localized: true, unique: false },
        views: { kind: 'scalar', name: 'views', type: 'integer', column: 'views', required: false, private: false, localized: true, unique: false },
        tags: { kind: 'relation', name: 'tags', relation: 'manyWay', target: 'api::tag.tag', toMany: true, owner: true, linkTable: 'posts_tags_lnk', required: false, private: false, localized: true },
      },
    },
    'api::tag.tag': {
      uid: 'api::tag.tag', kind: 'collectionType', singularName: 'tag', pluralName: 'tags', displayName: 'Tag', table: 'tags',
      draftAndPublish: false, localized: false, actionPrefix: 'api::tag.tag',
      attributes: { name: { kind: 'scalar', name: 'name', type: 'string', column: 'name', required: false, private: false, localized: true, unique: false } },
    },
  },
};

const title: FieldRef = { name: 'title', column: 'title', type: 'string' };
const views: FieldRef = { name: 'views', column: 'views', type: 'integer' };
const tagName: FieldRef = { name: 'name', column: 'name', type: 'string' };
const cmp = (field: FieldRef, op: Extract<FilterNode, { kind: 'compare' }>['op'], value: unknown): FilterNode => ({ kind: 'compare', field, op, value });

let db: Db;
beforeAll(async () => {
  db = createSqliteDb(':memory:');
  await db.execute('CREATE TABLE posts (id INTEGER PRIMARY KEY, document_id TEXT, title TEXT, views INTEGER)');
  await db.execute('CREATE TABLE tags (id INTEGER PRIMARY KEY, document_id TEXT, name TEXT)');
  await db.execute('CREATE TABLE posts_tags_lnk (id INTEGER PRIMARY KEY, source_id INTEGER, target_document_id TEXT, target_locale TEXT, position INTEGER, inverse_position INTEGER)');
  const posts: [number, string | null, number | null][] = [[1, '50% off', 1], [2, '5000 off', 2], [3, 'a_c', 3], [4, 'abc', null], [5, 'ABC', 5], [6, null, 6], [7, 'back\\slash', 7], [8, 'star*glob?', 8]];
  for (const [id, t, v] of posts) await db.execute('INSERT INTO posts (id, document_id, title, views) VALUES (?, ?, ?, ?)', [id, `p${id}`, t, v]);
  await db.execute("INSERT INTO tags (id, document_id, name) VALUES (1, 't1', 'red'), (2, 't2', 'blue')");
  await db.execute("INSERT INTO posts_tags_lnk (source_id, target_document_id, position) VALUES (1, 't1', 1), (2, 't2', 1), (3, 't1', 1), (3, 't2', 2)");
});
afterAll(() => db.close());

async function ids(node: FilterNode): Promise<number[]> {
  const ctx = createQueryContext(sqliteDialect, schema, 'published');
  const where = compileFilter(node, contentTypeShape(schema, 'api::post.post'), 't0', ctx);
  const statement = join([sql('SELECT t0.id FROM posts t0 WHERE '), where, sql(' ORDER BY t0.id')], '');
  return (await db.query(statement.text, statement.params)).map((r) => Number(r.id));
}

describe('compileFilter on SQLite', () => {
  it('matches LIKE and GLOB metacharacters literally', async () => {
    expect(await ids(cmp(title, '$contains', '50%'))).toEqual([1]);
    expect(await ids(cmp(title, '$contains', 'a_c'))).toEqual([3]);
    expect(await ids(cmp(title, '$containsi', '_'))).toEqual([3]);
    expect(await ids(cmp(title, '$endsWith', '\\slash'))).toEqual([7]);
    expect(await ids(cmp(title, '$contains', '*glob?'))).toEqual([8]);
    expect(await ids(cmp(title, '$startsWithi', '50%'))).toEqual([1]);
  });

  it('is case-sensitive for $contains/$eq and insensitive for the i variants', async () => {
    expect(await ids(cmp(title, '$contains', 'abc'))).toEqual([4]);
    expect(await ids(cmp(title, '$containsi', 'abc'))).toEqual([4, 5]);
    expect(await ids(cmp(title, '$eq', 'ABC'))).toEqual([5]);
    expect(await ids(cmp(title, '$eqi', 'abc'))).toEqual([4, 5]);
    expect(await ids(cmp(title, '$nei', 'abc'))).toEqual([1, 2, 3, 7, 8]);
  });

  it('follows SQL NULL semantics for negations, like Strapi', async () => {
    expect(await ids(cmp(title, '$notContains', 'off'))).toEqual([3, 4, 5, 7, 8]);
    expect(await ids(cmp(views, '$ne', 1))).toEqual([2, 3, 5, 6, 7, 8]);
    expect(await ids(cmp(title, '$null', true))).toEqual([6]);
    expect(await ids(cmp(views, '$notNull', false))).toEqual([4]);
  });

  it('handles sets and ranges, including empty sets', async () => {
    expect(await ids(cmp(views, '$in', [1, 3, 99]))).toEqual([1, 3]);
    expect(await ids(cmp(views, '$in', []))).toEqual([]);
    expect((await ids(cmp(views, '$notIn', []))).length).toBe(8);
    expect(await ids(cmp(views, '$between', [2, 5]))).toEqual([2, 3, 5]);
  });

  it('traverses a relation without duplicating parents and treats "no related row" as a NULL row', async () => {
    const traverse = (child: FilterNode): FilterNode => ({ kind: 'traverse', attribute: 'tags', child });
    expect(await ids(traverse(cmp(tagName, '$in', ['red', 'blue'])))).toEqual([1, 2, 3]);
    expect(await ids(traverse(cmp(tagName, '$null', true)))).toEqual([4, 5, 6, 7, 8]);
    expect(await ids({ kind: 'and', children: [traverse(cmp(tagName, '$eq', 'red')), traverse(cmp(tagName, '$eq', 'blue'))] })).toEqual([3]);
  });

  it('negates per related row, as Strapi does: a post with another tag besides red is kept, one without tags is not', async () => {
    const traverse = (child: FilterNode): FilterNode => ({ kind: 'traverse', attribute: 'tags', child });
    const not = (child: FilterNode): FilterNode => ({ kind: 'not', child });
    expect(await ids(not(traverse(cmp(tagName, '$eq', 'red'))))).toEqual([2, 3]);
    // NOT over AND/OR moves inside the traversal by De Morgan; a double negation cancels.
    expect(await ids(not({ kind: 'and', children: [traverse(cmp(tagName, '$eq', 'red')), cmp(views, '$lt', 3)] }))).toEqual([2, 3, 5, 6, 7, 8]);
    expect(await ids(not({ kind: 'or', children: [traverse(cmp(tagName, '$eq', 'red')), cmp(views, '$eq', 2)] }))).toEqual([3]);
    expect(await ids(not(not(traverse(cmp(tagName, '$eq', 'red')))))).toEqual([1, 3]);
    // A condition that holds on the NULL row still matches posts without tags once negated.
    expect(await ids(not(traverse(cmp(tagName, '$notNull', true))))).toEqual([4, 5, 6, 7, 8]);
  });

  it('runs an OR of 1000 conditions (the most validation allows): SQLite refuses a flat chain past 1000 terms', async () => {
    const branches = Array.from({ length: 1000 }, (_, i) => cmp(views, '$eq', i + 2));
    expect(await ids({ kind: 'or', children: branches })).toEqual([2, 3, 5, 6, 7, 8]);
    expect(await ids({ kind: 'and', children: Array.from({ length: 1000 }, () => cmp(views, '$gt', 1)) })).toEqual([2, 3, 5, 6, 7, 8]);
  });
});

describe('holdsOnNullRow', () => {
  it('uses three-valued logic', () => {
    expect(holdsOnNullRow(cmp(title, '$null', true))).toBe('true');
    expect(holdsOnNullRow(cmp(title, '$eq', 'x'))).toBe('unknown');
    expect(holdsOnNullRow({ kind: 'not', child: cmp(title, '$eq', 'x') })).toBe('unknown');
    expect(holdsOnNullRow({ kind: 'or', children: [cmp(title, '$eq', 'x'), cmp(title, '$null', true)] })).toBe('true');
    expect(holdsOnNullRow({ kind: 'and', children: [cmp(title, '$eq', 'x'), cmp(title, '$notNull', true)] })).toBe('false');
  });
});

describe('dialects', () => {
  it('escape LIKE wildcards and bind every value', () => {
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
    const like = postgresDialect.like('t0."title"', "x'; DROP TABLE posts; --", 'contains');
    expect(like.text).toBe(`t0."title" LIKE ? ESCAPE '\\'`);
    expect(like.params).toEqual(["%x'; DROP TABLE posts; --%"]);
    expect(sqliteDialect.quote('we"ird')).toBe('"we""ird"');
  });
});
