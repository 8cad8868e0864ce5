// Publishing deep-copies a draft's components: the copy must be exact, bigints past 2^53 included.
import { createSqliteDb } from '@cms-gen/db-sqlite/sqlite';
import type { SchemaMeta } from '../../model/types';
import { sqliteDialect } from '../../sql/dialect';
import { contentTypeShape } from '../../model/schema-index';
import { copyOwnedData } from './apply-plan';

const schema: SchemaMeta = {
  contentTypes: {
    'api::post.post': {
      uid: 'api::post.post', kind: 'collectionType', singularName: 'post', pluralName: 'posts', displayName: 'Post', table: 'posts',
      draftAndPublish: true, localized: false, actionPrefix: 'api::post.post',
      attributes: { stats: { kind: 'component', name: 'stats', component: 'shared.stats', repeatable: true, required: false, private: false, localized: true } },
    },
  },
  components: {
    'shared.stats': {
      uid: 'shared.stats', category: 'shared', displayName: 'Stats', table: 'components_shared_stats',
      attributes: {
        label: { kind: 'scalar', name: 'label', type: 'string', column: 'label', required: false, private: false, localized: true, unique: false },
        big: { kind: 'scalar', name: 'big', type: 'biginteger', column: 'big', required: false, private: false, localized: true, unique: false },
      },
    },
  },
};

it('copies component rows exactly, in order, onto the new owner', async () => {
  const db = createSqliteDb(':memory:');
  await db.execute('CREATE TABLE components_shared_stats (id INTEGER PRIMARY KEY, owner_type TEXT, owner_id INTEGER, owner_field TEXT, position INTEGER, label TEXT, big BIGINT)');
  await db.execute('CREATE TABLE files_related (id INTEGER PRIMARY KEY, file_id INTEGER, related_type TEXT, related_id INTEGER, field TEXT, position INTEGER)');
  const insert = 'INSERT INTO components_shared_stats (owner_type, owner_id, owner_field, position, label, big) VALUES (?, ?, ?, ?, ?, ?)';
  await db.execute(insert, ['api::post.post', 1, 'stats', 2, 'second', 9007199254740993n]);
  await db.execute(insert, ['api::post.post', 1, 'stats', 1, 'first', 5n]);
  const env = { tx: db, schema, dialect: sqliteDialect, defaultLocale: 'en', bcryptRounds: 4 };
  await copyOwnedData(env, contentTypeShape(schema, 'api::post.post'), { uid: 'api::post.post', id: 1 }, { uid: 'api::post.post', id: 2 });
  const copied = await db.query('SELECT label, CAST(big AS TEXT) AS big, position FROM components_shared_stats WHERE owner_id = 2 ORDER BY position');
  expect(copied).toEqual([
    { label: 'first', big: '5', position: 1 },
    { label: 'second', big: '9007199254740993', position: 2 },
  ]);
  await db.close();
});
