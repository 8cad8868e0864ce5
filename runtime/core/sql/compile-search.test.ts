import type { ContentTypeMeta, ScalarAttribute } from '../model/types';
import { contentTypeShape } from '../model/schema-index';
import { ARTICLE, schema } from '../query/__fixtures__/schema';
import { compileSearch, readsAsNumber } from './compile-search';
import { mysqlDialect, postgresDialect, sqliteDialect } from './dialect';

const article = contentTypeShape(schema, ARTICLE);

describe('compileSearch', () => {
  it('matches the id and every public string-like attribute, case-insensitively', () => {
    const { text, params } = compileSearch('News', article, 't0', postgresDialect);
    expect(text).toBe(
      '(CAST(t0.id AS TEXT) ILIKE ? ESCAPE \'\\\' OR t0."title" ILIKE ? ESCAPE \'\\\' OR t0."slug" ILIKE ? ESCAPE \'\\\' OR t0."summary" ILIKE ? ESCAPE \'\\\' OR ' +
        't0."body" ILIKE ? ESCAPE \'\\\' OR t0."kind" ILIKE ? ESCAPE \'\\\' OR t0."contact_email" ILIKE ? ESCAPE \'\\\')',
    );
    expect(new Set(params)).toEqual(new Set(['%News%']));
  });

  it('never searches private attributes or passwords', () => {
    for (const dialect of [sqliteDialect, postgresDialect, mysqlDialect]) {
      const { text } = compileSearch('42', article, 't0', dialect);
      expect(text).not.toMatch(/internal_notes|secret_code/);
    }
  });

  it('skips attributes marked searchable: false', () => {
    const summary = schema.contentTypes[ARTICLE].attributes.summary as ScalarAttribute;
    const meta: ContentTypeMeta = { ...schema.contentTypes[ARTICLE], attributes: { ...schema.contentTypes[ARTICLE].attributes, summary: { ...summary, searchable: false } } };
    const { text } = compileSearch('x', { kind: 'contentType', uid: ARTICLE, meta }, 't0', sqliteDialect);
    expect(text).toContain('t0."title"');
    expect(text).not.toContain('summary');
  });

  it('adds numeric attributes, as text, when the search reads as a number', () => {
    const { text } = compileSearch('42', article, 't0', sqliteDialect);
    for (const column of ['views', 'big_counter', 'rating', 'price']) expect(text).toContain(`CAST(t0."${column}" AS TEXT) LIKE ?`);
    expect(compileSearch('4x2', article, 't0', sqliteDialect).text).not.toContain('views');
    expect(compileSearch('42', article, 't0', mysqlDialect).text).toContain('CAST(t0.`views` AS CHAR)');
  });

  it('escapes LIKE wildcards in the text', () => {
    expect(compileSearch('5_%', article, 't0', sqliteDialect).params[0]).toBe('%5\\_\\%%');
  });
});

describe('readsAsNumber', () => {
  it('follows Number(): decimals, signs, exponents and hex are numbers; blanks and words are not', () => {
    for (const yes of ['42', '-1.5', '1e3', '0x1f', ' 7 ']) expect(readsAsNumber(yes)).toBe(true);
    for (const no of ['', '  ', 'abc', '4x2', '1,5']) expect(readsAsNumber(no)).toBe(false);
  });
});
