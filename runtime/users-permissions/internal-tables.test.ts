// The runtime's SQL for the internal tables must name what the generator emits for them.
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { API_TOKENS, SESSIONS, SETTINGS, type TableSpec } from './internal-tables';

describe.each<[string, TableSpec<string>]>([
  ['sessions', SESSIONS],
  ['api tokens', API_TOKENS],
  ['settings', SETTINGS],
])('%s table', (_name, spec) => {
  const meta = schema.contentTypes[spec.uid];

  it('is a built-in content type with the same table and columns', () => {
    expect(meta).toBeDefined();
    expect(meta.table).toBe(spec.table);
    const columns = new Map(Object.values(meta.attributes).map((a) => [a.name, a.kind === 'scalar' ? a.column : undefined]));
    for (const [name, column] of Object.entries(spec.columns)) {
      if (name === 'id' || name === 'createdAt') continue;
      expect([name, columns.get(name)]).toEqual([name, column.column]);
    }
  });

  it('keeps secrets private', () => {
    for (const attr of Object.values(meta.attributes)) if (/hash|accessKey|sessionId/i.test(attr.name)) expect([attr.name, attr.private]).toEqual([attr.name, true]);
  });
});
