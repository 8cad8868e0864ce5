import type { FieldRef, FilterNode } from './ast';
import { errorOf, invalidKey, query, queryObject } from './__fixtures__/helpers';
import { AUTHOR, CATEGORY } from './__fixtures__/schema';

const field = (name: string, type: FieldRef['type'], column = name): FieldRef => ({ name, column, type });
const TITLE = field('title', 'string');
const VIEWS = field('views', 'integer');
const ID = field('id', 'id');
const cmp = (f: FieldRef, op: string, value: unknown): FilterNode => ({ kind: 'compare', field: f, op, value }) as FilterNode;
const filtersOf = (qs: string, type?: string) => query(qs, type).filters;
const filterError = (qs: string, type?: string) => errorOf(() => query(qs, type));

describe('filters: fields and implicit operators', () => {
  it('bare value → $eq (observation 08)', () => {
    expect(filtersOf('filters[slug]=article-7')).toEqual(cmp(field('slug', 'uid'), '$eq', 'article-7'));
  });

  it('explicit operator (observation 07)', () => {
    expect(filtersOf('filters[slug][$eq]=article-7')).toEqual(cmp(field('slug', 'uid'), '$eq', 'article-7'));
  });

  it('several fields → AND, in key order', () => {
    expect(filtersOf('filters[title][$containsi]=alpha&filters[views][$gt]=10')).toEqual({
      kind: 'and',
      children: [cmp(TITLE, '$containsi', 'alpha'), cmp(VIEWS, '$gt', 10)],
    });
  });

  it('several operators on one field → AND (range)', () => {
    expect(filtersOf('filters[publish_date][$gte]=2024-03-01&filters[publish_date][$lt]=2024-05-01')).toEqual({
      kind: 'and',
      children: [cmp(field('publish_date', 'date'), '$gte', '2024-03-01'), cmp(field('publish_date', 'date'), '$lt', '2024-05-01')],
    });
  });

  it('array without operator → $in (observation 10 uses $in explicitly)', () => {
    expect(filtersOf('filters[views][0]=42&filters[views][1]=43')).toEqual(cmp(VIEWS, '$in', [42, 43]));
    expect(filtersOf('filters[kind][$in][0]=news&filters[kind][$in][1]=review')).toEqual(cmp(field('kind', 'enumeration'), '$in', ['news', 'review']));
  });

  it('$in / $notIn with a scalar → one-item list', () => {
    expect(filtersOf('filters[views][$in]=42')).toEqual(cmp(VIEWS, '$in', [42]));
    expect(filtersOf('filters[views][$notIn]=42')).toEqual(cmp(VIEWS, '$notIn', [42]));
  });

  it('array under a single-value operator → OR of one comparison per value (Strapi applyOperator)', () => {
    expect(filtersOf('filters[views][$ne][0]=41&filters[views][$ne][1]=43')).toEqual({
      kind: 'or',
      children: [cmp(VIEWS, '$ne', 41), cmp(VIEWS, '$ne', 43)],
    });
    expect(filtersOf('filters[title][$containsi][0]=Product&filters[title][$containsi][1]=1')).toEqual({
      kind: 'or',
      children: [cmp(TITLE, '$containsi', 'Product'), cmp(TITLE, '$containsi', '1')],
    });
  });

  it('$between takes exactly two values, both coerced', () => {
    expect(filtersOf('filters[publish_date][$between][0]=2024-03-01&filters[publish_date][$between][1]=2024-03-05')).toEqual(
      cmp(field('publish_date', 'date'), '$between', ['2024-03-01', '2024-03-05']),
    );
    expect(filtersOf('filters[views][$between][0]=20&filters[views][$between][1]=40')).toEqual(cmp(VIEWS, '$between', [20, 40]));
    for (const qs of ['filters[views][$between]=20', 'filters[views][$between][0]=1&filters[views][$between][1]=2&filters[views][$between][2]=3', 'filters[views][$between]=10,20']) {
      expect(filterError(qs)).toEqual({
        status: 400,
        name: 'ValidationError',
        message: 'Invalid value for views: $between expects exactly two values',
        details: { source: 'query', param: 'filters', path: 'views' },
      });
    }
  });

  it('every comparison operator is accepted on a string field', () => {
    for (const op of ['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi']) {
      expect(filtersOf(`filters[title][${op}]=x`)).toEqual(cmp(TITLE, op, 'x'));
    }
  });

  it('system fields: id, documentId, timestamps; locale only on localized types', () => {
    expect(filtersOf('filters[id][$in][0]=1&filters[id][$in][1]=2')).toEqual(cmp(ID, '$in', [1, 2]));
    expect(filtersOf('filters[documentId]=abc')).toEqual(cmp(field('documentId', 'documentId', 'document_id'), '$eq', 'abc'));
    expect(filtersOf('filters[createdAt][$gt]=2024-01-01')).toEqual(cmp(field('createdAt', 'datetime', 'created_at'), '$gt', '2024-01-01T00:00:00.000Z'));
    expect(filtersOf('filters[publishedAt][$null]=true')).toEqual(cmp(field('publishedAt', 'datetime', 'published_at'), '$null', true));
    expect(filtersOf('filters[locale]=fr', CATEGORY)).toEqual(cmp(field('locale', 'locale'), '$eq', 'fr'));
    expect(filterError('filters[locale]=fr')).toEqual(invalidKey('locale', null, 'filters'));
  });

  it('empty objects are accepted and dropped (Strapi)', () => {
    expect(queryObject({ filters: { id: {} } }).filters).toBeUndefined();
    expect(queryObject({ filters: { id: { $eq: {} } } }).filters).toBeUndefined();
    expect(queryObject({ filters: { title: { $and: { $eq: {} } } } }).filters).toBeUndefined();
    expect(queryObject({ filters: { $and: [{}, { title: {} }] } }).filters).toBeUndefined();
    expect(queryObject({ filters: {} }).filters).toBeUndefined();
    // An empty filters inside populate is ignored too; at the top level it is a 400 (below).
    expect(query('populate[author][filters]=').populate).toEqual(query('populate[author]=true').populate);
  });

  it('an empty $in list from JSON keeps its meaning (no rows), qs cannot produce one', () => {
    expect(queryObject({ filters: { views: { $in: [] } } }).filters).toEqual(cmp(VIEWS, '$in', []));
  });

  it('a root array of filters is an AND', () => {
    expect(queryObject({ filters: [{ title: 'a' }, { views: 1 }] }).filters).toEqual({ kind: 'and', children: [cmp(TITLE, '$eq', 'a'), cmp(VIEWS, '$eq', 1)] });
  });

  it('a non-object filters parameter is refused with Strapi 5.54 answer, details included', () => {
    const notAnObject = { status: 400, name: 'ValidationError', message: 'The filters parameter must be an object or an array', details: {} };
    for (const qs of ['filters=title', 'filters=5', 'filters=', 'populate[author][filters]=x']) expect(filterError(qs)).toEqual(notAnObject);
    expect(errorOf(() => queryObject({ filters: 5 }))).toEqual(notAnObject);
  });
});

describe('filters: $null / $notNull truthiness (Strapi filtering.test.api.js)', () => {
  it.each(['true', '1', 't', 'anything'])('$null=%s → true', (value) => {
    expect(filtersOf(`filters[price][$null]=${value}`)).toEqual(cmp(field('price', 'decimal'), '$null', true));
  });

  it.each(['false', '0', 'f', ''])('$null=%s → false', (value) => {
    expect(filtersOf(`filters[price][$null]=${value}`)).toEqual(cmp(field('price', 'decimal'), '$null', false));
  });

  it('lists and objects count as true, booleans as themselves, a bare key as false', () => {
    expect(filtersOf('filters[price][$null][0]=anything')).toEqual(cmp(field('price', 'decimal'), '$null', true));
    expect(filtersOf('filters[price][$notNull][anything]=x')).toEqual(cmp(field('price', 'decimal'), '$notNull', true));
    expect(queryObject({ filters: { price: { $notNull: false } } }).filters).toEqual(cmp(field('price', 'decimal'), '$notNull', false));
    expect(filtersOf('filters[price][$null]')).toEqual(cmp(field('price', 'decimal'), '$null', false));
  });
});

describe('filters: logical operators', () => {
  it('$or with a nested $and (observation 11)', () => {
    const qs = 'filters[$or][0][views][$lt]=2000&filters[$or][1][$and][0][featured][$eq]=true&filters[$or][1][$and][1][kind][$eq]=tutorial';
    expect(filtersOf(qs)).toEqual({
      kind: 'or',
      children: [
        cmp(VIEWS, '$lt', 2000),
        { kind: 'and', children: [cmp(field('featured', 'boolean'), '$eq', true), cmp(field('kind', 'enumeration'), '$eq', 'tutorial')] },
      ],
    });
  });

  it('a nested array inside $or is an AND group', () => {
    expect(queryObject({ filters: { $or: [{ views: 42 }, [{ rating: { $gt: 28 } }, { views: 91 }]] } }).filters).toEqual({
      kind: 'or',
      children: [cmp(VIEWS, '$eq', 42), { kind: 'and', children: [cmp(field('rating', 'float'), '$gt', 28), cmp(VIEWS, '$eq', 91)] }],
    });
  });

  it('$and / $or accept objects with index keys (as qs builds past its array rules)', () => {
    expect(queryObject({ filters: { $or: { 1: { views: 2 }, 0: { views: 1 } } } }).filters).toEqual({
      kind: 'or',
      children: [cmp(VIEWS, '$eq', 1), cmp(VIEWS, '$eq', 2)],
    });
  });

  it('$and / $or refuse a plain object', () => {
    expect(filterError('filters[$or][title]=x')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid value for $or: expected an array of filters',
      details: { source: 'query', param: 'filters', path: null },
    });
  });

  it('$not at filter level takes one object', () => {
    expect(filtersOf('filters[$not][kind][$eq]=news')).toEqual({ kind: 'not', child: cmp(field('kind', 'enumeration'), '$eq', 'news') });
    expect(filterError('filters[$not]=x').message).toBe('Invalid value for $not: expected a filter object');
  });

  it('$not at attribute level, with an operator object or a bare value', () => {
    expect(filtersOf('filters[title][$not][$eq]=x')).toEqual({ kind: 'not', child: cmp(TITLE, '$eq', 'x') });
    expect(filtersOf('filters[price][$not]=10.99')).toEqual({ kind: 'not', child: cmp(field('price', 'decimal'), '$eq', '10.99') });
  });

  it('$and / $or at attribute level combine conditions on the same field', () => {
    expect(filtersOf('filters[views][$or][0][$lt]=10&filters[views][$or][1][$gt]=90')).toEqual({
      kind: 'or',
      children: [cmp(VIEWS, '$lt', 10), cmp(VIEWS, '$gt', 90)],
    });
  });

  it('a single child is not wrapped', () => {
    expect(filtersOf('filters[$and][0][title]=x')).toEqual(cmp(TITLE, '$eq', 'x'));
  });
});

describe('filters: traversal', () => {
  it('through relations (observation 12), to-one and to-many', () => {
    const qs = 'filters[author][email][$eq]=author3%40example.com&filters[categories][slug][$eq]=category-alpha-1';
    expect(filtersOf(qs)).toEqual({
      kind: 'and',
      children: [
        { kind: 'traverse', attribute: 'author', child: cmp(field('email', 'email'), '$eq', 'author3@example.com') },
        { kind: 'traverse', attribute: 'categories', child: cmp(field('slug', 'uid'), '$eq', 'category-alpha-1') },
      ],
    });
  });

  it('through components (observation 13) and nested components', () => {
    expect(filtersOf('filters[seo][meta_title][$eq]=SEO%20title%2012')).toEqual({
      kind: 'traverse',
      attribute: 'seo',
      child: cmp(field('meta_title', 'string'), '$eq', 'SEO title 12'),
    });
    expect(filtersOf('filters[seo][meta_social][social_network]=Twitter')).toEqual({
      kind: 'traverse',
      attribute: 'seo',
      child: { kind: 'traverse', attribute: 'meta_social', child: cmp(field('social_network', 'enumeration'), '$eq', 'Twitter') },
    });
  });

  it('through media to plugin::upload.file', () => {
    expect(filtersOf('filters[cover][ext]=.jpg')).toEqual({ kind: 'traverse', attribute: 'cover', child: cmp(field('ext', 'string'), '$eq', '.jpg') });
    expect(filtersOf('filters[cover][$notNull]=true')).toEqual({ kind: 'traverse', attribute: 'cover', child: cmp(ID, '$notNull', true) });
  });

  it('deep: relation of a relation', () => {
    expect(filtersOf('filters[author][articles][title]=x')).toEqual({
      kind: 'traverse',
      attribute: 'author',
      child: { kind: 'traverse', attribute: 'articles', child: cmp(TITLE, '$eq', 'x') },
    });
  });

  it('related id: `[id][$null]` (observation 14), operator or bare value right under a relation', () => {
    expect(filtersOf('filters[seo_page][id][$null]=true')).toEqual({ kind: 'traverse', attribute: 'seo_page', child: cmp(ID, '$null', true) });
    expect(filtersOf('filters[author][$null]=true')).toEqual({ kind: 'traverse', attribute: 'author', child: cmp(ID, '$null', true) });
    expect(filtersOf('filters[cover]=3')).toEqual({ kind: 'traverse', attribute: 'cover', child: cmp(ID, '$eq', 3) });
    expect(filtersOf('filters[author][0]=1&filters[author][1]=2')).toEqual({ kind: 'traverse', attribute: 'author', child: cmp(ID, '$in', [1, 2]) });
    expect(filterError('filters[author]=abc').message).toBe('Invalid value for author.id: expected integer');
  });

  it('logical operators inside a traversal', () => {
    expect(filtersOf('filters[author][$or][0][name]=a&filters[author][$or][1][name]=b')).toEqual({
      kind: 'traverse',
      attribute: 'author',
      child: { kind: 'or', children: [cmp(field('name', 'string'), '$eq', 'a'), cmp(field('name', 'string'), '$eq', 'b')] },
    });
  });

  it('components only have `id` as a system field', () => {
    expect(filtersOf('filters[seo][id][$notNull]=true')).toEqual({ kind: 'traverse', attribute: 'seo', child: cmp(ID, '$notNull', true) });
    expect(filterError('filters[seo][documentId]=x')).toEqual(invalidKey('documentId', 'seo', 'filters'));
  });

  it('a dynamic zone is not filterable', () => {
    expect(filterError('filters[sections][title]=x')).toEqual(invalidKey('sections', 'sections', 'filters'));
  });

  it('a relation to a type the caller cannot read is refused (Strapi throwRestrictedRelations)', () => {
    expect(filterError('filters[notes][title]=x')).toEqual(invalidKey('notes', 'notes', 'filters'));
    expect(query('filters[notes][title]=x', undefined, { canRead: () => true }).filters).toEqual({
      kind: 'traverse',
      attribute: 'notes',
      child: cmp(TITLE, '$eq', 'x'),
    });
  });
});

describe('filters: invalid keys (exact Strapi bodies)', () => {
  it('unknown field (observation 16)', () => {
    expect(filterError('filters[nope][$eq]=1')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key nope',
      details: { key: 'nope', path: null, source: 'query', param: 'filters' },
    });
  });

  it('unknown operator (observation 17)', () => {
    expect(filterError('filters[title][$foo]=1')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key $foo at title',
      details: { key: '$foo', path: 'title', source: 'query', param: 'filters' },
    });
  });

  it('password field (observation 18)', () => {
    expect(filterError('filters[secret_code][$eq]=s3cret-1')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key secret_code',
      details: { key: 'secret_code', path: 'secret_code', source: 'query', param: 'filters' },
    });
  });

  it('private attributes, also through relations and components', () => {
    expect(filterError('filters[internal_notes][$contains]=x')).toEqual(invalidKey('internal_notes', 'internal_notes', 'filters'));
    expect(filterError('filters[reviewer][name]=x')).toEqual(invalidKey('reviewer', 'reviewer', 'filters'));
    expect(filterError('filters[seo][internal_score]=1')).toEqual(invalidKey('internal_score', 'seo.internal_score', 'filters'));
    expect(filterError('filters[cover][folderPath]=/')).toEqual(invalidKey('folderPath', 'cover.folderPath', 'filters'));
    expect(filterError('filters[author][articles][secret_code]=x')).toEqual(invalidKey('secret_code', 'author.articles.secret_code', 'filters'));
  });

  it('a bad key anywhere in the query wins over a value that does not fit (Strapi checks keys before it casts values)', () => {
    expect(filterError('filters[$and][0][views]=abc&filters[$and][1][internal_notes]=x')).toEqual(invalidKey('internal_notes', 'internal_notes', 'filters'));
    expect(filterError('filters[publish_date]=soon&sort=internal_notes')).toMatchObject({ message: 'Invalid key internal_notes' });
    expect(filterError('filters[publish_date]=soon&populate[author][filters][nope]=1')).toMatchObject({ message: 'Invalid key nope' });
    // Without a bad key, the first value that does not fit is the answer.
    expect(filterError('filters[$and][0][views]=abc&filters[$and][1][publish_date]=soon').message).toBe('Invalid value for views: expected integer');
  });

  it('unknown keys nested: path is the attribute chain above the key', () => {
    expect(filterError('filters[author][nope]=x')).toEqual(invalidKey('nope', 'author', 'filters'));
    expect(filterError('filters[author][name][$foo]=x')).toEqual(invalidKey('$foo', 'author.name', 'filters'));
    expect(filterError('filters[$and][0][nope]=x')).toEqual(invalidKey('nope', null, 'filters'));
    expect(filterError('filters[$or][0][author][nope]=x')).toEqual(invalidKey('nope', 'author', 'filters'));
  });

  it('operators are case-sensitive, attribute names too', () => {
    expect(filterError('filters[id][$STARTSWITH]=123')).toEqual(invalidKey('$STARTSWITH', 'id', 'filters'));
    expect(filterError('filters[ID]=1')).toEqual(invalidKey('ID', null, 'filters'));
    expect(filterError('filters[$fakeOp]=false')).toEqual(invalidKey('$fakeOp', null, 'filters'));
  });

  it('a comparison operator at the root is not a field', () => {
    expect(filterError('filters[$eq]=1')).toEqual(invalidKey('$eq', null, 'filters'));
  });

  it('json and blocks only take $null / $notNull', () => {
    expect(filtersOf('filters[metadata][$notNull]=true')).toEqual(cmp(field('metadata', 'json'), '$notNull', true));
    expect(filterError('filters[metadata][$eq]=x')).toEqual(invalidKey('$eq', 'metadata', 'filters'));
    expect(filterError('filters[metadata]=x')).toEqual(invalidKey('$eq', 'metadata', 'filters'));
    expect(filterError('filters[content][$contains]=x')).toEqual(invalidKey('$contains', 'content', 'filters'));
  });

  it('text operators only on text fields', () => {
    expect(filterError('filters[views][$contains]=1')).toEqual(invalidKey('$contains', 'views', 'filters'));
    expect(filterError('filters[featured][$eqi]=true')).toEqual(invalidKey('$eqi', 'featured', 'filters'));
    expect(filtersOf('filters[kind][$eqi]=NEWS')).toEqual(cmp(field('kind', 'enumeration'), '$eqi', 'NEWS'));
  });

  it('localizations is not filterable', () => {
    expect(filterError('filters[localizations][name]=x', CATEGORY)).toEqual(invalidKey('localizations', null, 'filters'));
  });
});

describe('filters: hostile input', () => {
  it('__proto__ is refused by the parser; constructor / prototype are unknown keys', () => {
    expect(() => query('filters[__proto__][x]=1')).toThrow('Invalid key __proto__');
    expect(filterError('filters[constructor][prototype][x]=1')).toEqual(invalidKey('constructor', null, 'filters'));
    expect(errorOf(() => queryObject({ filters: JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown> }))).toEqual(invalidKey('__proto__', null, 'filters'));
    expect(filterError('filters[author][constructor]=1')).toEqual(invalidKey('constructor', 'author', 'filters'));
    expect(filterError('filters[title][constructor]=1')).toEqual(invalidKey('constructor', 'title', 'filters'));
    expect(filterError('filters[title][toString]=1')).toEqual(invalidKey('toString', 'title', 'filters'));
  });

  it('operator or column injection in field names', () => {
    expect(filterError('filters[title$eq]=x')).toEqual(invalidKey('title$eq', null, 'filters'));
    expect(filterError('filters[t0.title]=x')).toEqual(invalidKey('t0.title', null, 'filters'));
    expect(filterError('filters[author][t1.password]=x')).toEqual(invalidKey('t1.password', 'author', 'filters'));
    expect(filterError('filters[t0][createdBy][id][$lt]=1')).toEqual(invalidKey('t0', null, 'filters'));
    expect(filterError('filters[title;drop table articles]=x')).toEqual(invalidKey('title;drop table articles', null, 'filters'));
  });

  it('an operator object as an operand is refused', () => {
    expect(filterError('filters[title][$eq][$ne]=x')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid value for title: expected string',
      details: { source: 'query', param: 'filters', path: 'title' },
    });
  });

  it('50 levels of $and (built as an object, past the qs depth) → ValidationError', () => {
    let filters: Record<string, unknown> = { title: 'x' };
    for (let i = 0; i < 50; i++) filters = { $and: [filters] };
    expect(errorOf(() => queryObject({ filters }))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Filters are nested too deeply: at most 10 levels are allowed',
      details: { source: 'query', param: 'filters', limit: 10 },
    });
  });

  it('10 levels pass, 11 do not (logical operators and traversals both count)', () => {
    const nest = (levels: number): Record<string, unknown> => {
      let filters: Record<string, unknown> = { title: 'x' };
      for (let i = 0; i < levels; i++) filters = i % 2 ? { $or: [filters] } : { $not: filters };
      return filters;
    };
    expect(() => queryObject({ filters: nest(10) })).not.toThrow();
    expect(() => queryObject({ filters: nest(11) })).toThrow('nested too deeply');
    // author → articles → author → ... : 11 traversals
    const hops: Record<string, unknown> = {};
    let cursor = hops;
    for (let i = 0; i < 11; i++) {
      const next: Record<string, unknown> = {};
      cursor[i % 2 ? 'author' : 'articles'] = next;
      cursor = next;
    }
    cursor.name = 'x';
    expect(() => queryObject({ filters: { author: hops } })).toThrow('nested too deeply');
  });

  it('101-item $in list via qs → 400, 100 → ok', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `filters[id][$in][${i}]=${i + 1}`).join('&');
    expect(filterError(list(101)).message).toBe('Array too long: at most 100 items are allowed in filters[id][$in]');
    const ok = filtersOf(list(100)) as { value: number[] };
    expect(ok.value).toHaveLength(100);
  });

  it('relation filter to author type uses the author schema', () => {
    expect(filtersOf('filters[name]=x', AUTHOR)).toEqual(cmp(field('name', 'string'), '$eq', 'x'));
  });
});

describe('filters: value coercion', () => {
  const valueOf = (qs: string) => (filtersOf(qs) as { value: unknown }).value;
  const coercionError = (qs: string) => filterError(qs).message;

  it('integer and id: numbers, integers only', () => {
    expect(valueOf('filters[views]=42')).toBe(42);
    expect(valueOf('filters[views]=-3')).toBe(-3);
    expect(valueOf('filters[id]=7')).toBe(7);
    expect(coercionError('filters[views]=4.5')).toBe('Invalid value for views: expected integer');
    expect(coercionError('filters[views]=abc')).toBe('Invalid value for views: expected integer');
    expect(coercionError('filters[views]=')).toBe('Invalid value for views: expected integer');
    expect(coercionError('filters[id]=NaN')).toBe('Invalid value for id: expected integer');
    expect(coercionError('filters[views]=9007199254740993')).toBe('Invalid value for views: expected integer');
  });

  it('float: finite numbers', () => {
    expect(valueOf('filters[rating]=4.5')).toBe(4.5);
    expect(valueOf('filters[rating]=1e2')).toBe(100);
    expect(coercionError('filters[rating]=Infinity')).toBe('Invalid value for rating: expected number');
  });

  it('biginteger: exact canonical string', () => {
    expect(valueOf('filters[big_counter]=9007199254740993')).toBe('9007199254740993');
    expect(valueOf('filters[big_counter][$gte]=+00345678912983')).toBe('345678912983');
    expect(valueOf('filters[big_counter]=-9223372036854775808')).toBe('-9223372036854775808');
    expect(queryObject({ filters: { big_counter: 12 } }).filters).toEqual(cmp(field('big_counter', 'biginteger'), '$eq', '12'));
    expect(coercionError('filters[big_counter]=9223372036854775808')).toBe('Invalid value for big_counter: expected integer');
    expect(coercionError('filters[big_counter]=1.5')).toBe('Invalid value for big_counter: expected integer');
  });

  it('decimal: exact canonical string', () => {
    expect(valueOf('filters[price]=10.99')).toBe('10.99');
    expect(valueOf('filters[price]=010.9900')).toBe('10.99');
    expect(valueOf('filters[price]=.5')).toBe('0.5');
    expect(valueOf('filters[price]=-0')).toBe('0');
    expect(valueOf('filters[price]=1.5e3')).toBe('1500');
    expect(valueOf('filters[price]=12345678901234567890.123456789')).toBe('12345678901234567890.123456789');
    expect(queryObject({ filters: { price: 1e-7 } }).filters).toEqual(cmp(field('price', 'decimal'), '$eq', '0.0000001'));
    expect(coercionError('filters[price]=ten')).toBe('Invalid value for price: expected decimal number');
  });

  it('boolean: true/false/1/0/t/f', () => {
    for (const v of ['true', '1', 't']) expect(valueOf(`filters[featured]=${v}`)).toBe(true);
    for (const v of ['false', '0', 'f']) expect(valueOf(`filters[featured]=${v}`)).toBe(false);
    expect(filtersOf('filters[featured][$in][0]=t&filters[featured][$in][1]=0')).toEqual(cmp(field('featured', 'boolean'), '$in', [true, false]));
    expect(coercionError('filters[featured]=yes')).toBe('Invalid value for featured: expected boolean');
  });

  it('date: YYYY-MM-DD, ISO datetimes keep their written day, nothing else (Strapi 5.54 refuses other forms too)', () => {
    expect(valueOf('filters[publish_date]=2024-02-29')).toBe('2024-02-29');
    expect(valueOf('filters[publish_date]=2024-03-01T23:30:00-05:00')).toBe('2024-03-01');
    // Strapi's words: a malformed day, then a well-formed one that is no date.
    for (const text of ['March%207,%202024%2012:00%20UTC', '1', '99999-01-01', '2024-13-01', '2024-01-00', '2024-1-5']) {
      expect(coercionError(`filters[publish_date]=${text}`)).toBe('Invalid format, expected yyyy-MM-dd');
    }
    for (const text of ['2023-02-29', '2024-04-31', '2024-02-30T10:00:00Z', '0000-01-01']) expect(coercionError(`filters[publish_date]=${text}`)).toBe('Invalid date');
    expect(coercionError('filters[publish_date]=soon')).toBe('Invalid format, expected yyyy-MM-dd');
  });

  it('time: HH:mm:ss[.SSS] → HH:mm:ss.SSS; anything else in Strapi\'s words, with empty details', () => {
    expect(valueOf('filters[publish_time]=13:45:07')).toBe('13:45:07.000');
    expect(valueOf('filters[publish_time]=13:45:07.5')).toBe('13:45:07.500');
    for (const value of ['09:30', '25:00:00', '9:30:00', '09:30:00.123456', '09:30:00Z', 'soon']) {
      expect(filterError(`filters[publish_time]=${value}`)).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid time format, expected HH:mm:ss.SSS', details: {} });
    }
    expect(filterError('filters[publish_time][$in][0]=09:30').message).toBe('Invalid time format, expected HH:mm:ss.SSS');
  });

  it('datetime / timestamp / createdAt: ISO with ms and Z; zone-less times read as UTC', () => {
    expect(valueOf('filters[event_at]=2024-02-02T01:01:00Z')).toBe('2024-02-02T01:01:00.000Z');
    expect(valueOf('filters[event_at]=2024-02-02T02:01:00%2B01:00')).toBe('2024-02-02T01:01:00.000Z');
    expect(valueOf('filters[event_at]=2024-02-02T01:01:00')).toBe('2024-02-02T01:01:00.000Z');
    expect(valueOf('filters[stamp]=2024-02-02')).toBe('2024-02-02T00:00:00.000Z');
    expect(queryObject({ filters: { updatedAt: { $lt: 0 } } }).filters).toEqual(cmp(field('updatedAt', 'datetime', 'updated_at'), '$lt', '1970-01-01T00:00:00.000Z'));
    expect(coercionError('filters[event_at]=yesterday')).toBe('Invalid format, expected a timestamp or an ISO date');
    // Digits are epoch milliseconds, as in Strapi 5.54 (`filters[event_at][$eq]=1` answers 200 there).
    expect(valueOf('filters[event_at]=1')).toBe('1970-01-01T00:00:00.001Z');
    for (const text of ['2020-02-30T00:00:00Z', '99999-01-01T00:00:00Z', '2020-01-01T24:00:00Z', '1.5', '99999999999999999']) {
      expect(coercionError(`filters[event_at]=${text}`)).toBe('Invalid format, expected a timestamp or an ISO date');
    }
  });

  it('string-like: numbers sent as strings stay strings', () => {
    expect(valueOf('filters[title]=123')).toBe('123');
    expect(queryObject({ filters: { title: 5 } }).filters).toEqual(cmp(TITLE, '$eq', '5'));
    expect(valueOf('filters[slug][$startsWith]=007')).toBe('007');
  });

  it('null: $eq / $ne mean IS NULL / IS NOT NULL, other operators refuse it', () => {
    expect(filtersOf('filters[title]')).toEqual(cmp(TITLE, '$eq', null));
    expect(filtersOf('filters[title][$ne]')).toEqual(cmp(TITLE, '$ne', null));
    expect(coercionError('filters[views][$lt]')).toBe('Invalid value for views: expected integer');
    expect(coercionError('filters[views][$in][0]=1&filters[views][$in][1]')).toBe('Invalid value for views: expected integer');
  });

  it('coercion errors inside relations name the full path', () => {
    expect(filterError('filters[author][articles][views][$gt]=many')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid value for author.articles.views: expected integer',
      details: { source: 'query', param: 'filters', path: 'author.articles.views' },
    });
  });
});

// Hostile input (issue 15): bounds that hold for GraphQL and JSON callers too, which do not go
// through the query-string parser's 1000-parameter and 100-item limits.
describe('filters: bounds on hostile input', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

  it('refuses more than 1000 bound values, counted over the whole tree, before walking the list', () => {
    expect(queryObject({ filters: { id: { $in: ids(1000) } } }).filters).toEqual(cmp(ID, '$in', ids(1000)));
    expect(errorOf(() => queryObject({ filters: { id: { $in: ids(100_000) } } }))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Too many filter values: at most 1000 are allowed',
      details: { source: 'query', param: 'filters', limit: 1000 },
    });
    expect(errorOf(() => queryObject({ filters: { id: { $in: ids(600) }, views: { $notIn: ids(600) } } })).message).toBe('Too many filter values: at most 1000 are allowed');
  });

  it('refuses more than 1000 conditions (a 20k-branch $or, a 2000-item list under $eq)', () => {
    const or = ids(20_000).map((id) => ({ id }));
    expect(errorOf(() => queryObject({ filters: { $or: or } }))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Too many filter conditions: at most 1000 are allowed',
      details: { source: 'query', param: 'filters', limit: 1000 },
    });
    expect(errorOf(() => queryObject({ filters: { views: { $eq: ids(2000) } } })).message).toMatch(/^Too many filter (conditions|values)/);
    expect(queryObject({ filters: { $or: ids(400).map((id) => ({ id })) } }).filters).toMatchObject({ kind: 'or' });
  });

  it('refuses 3000 nested $not with the depth error, whichever way they are nested', () => {
    let deep: Record<string, unknown> = { title: 'x' };
    for (let i = 0; i < 3000; i++) deep = { $not: deep };
    expect(errorOf(() => queryObject({ filters: deep })).message).toBe('Filters are nested too deeply: at most 10 levels are allowed');
    let onField: unknown = 'x';
    for (let i = 0; i < 3000; i++) onField = { $not: onField };
    expect(errorOf(() => queryObject({ filters: { title: onField } })).message).toBe('Filters are nested too deeply: at most 10 levels are allowed');
  });

  it('refuses NUL characters in values of every operator (PostgreSQL cannot bind them)', () => {
    for (const filters of [{ title: 'a\u0000b' }, { title: { $containsi: 'a\u0000' } }, { title: { $in: ['ok', 'a\u0000'] } }]) {
      expect(errorOf(() => queryObject({ filters })).status).toBe(400);
    }
    expect(errorOf(() => queryObject({ _q: 'a\u0000b' })).message).toBe('Invalid _q: NUL characters (\\u0000) are not allowed');
    expect(errorOf(() => query('filters[title]=a%00b')).message).toBe('Invalid query string: NUL characters (\\u0000) are not allowed');
  });

  it('keeps integers and ids within 32 bits, the column type on every database', () => {
    expect(filtersOf('filters[views][$lt]=2147483647')).toEqual(cmp(VIEWS, '$lt', 2147483647));
    expect(errorOf(() => query('filters[views][$lt]=2147483648')).message).toBe('Invalid value for views: expected integer');
    expect(errorOf(() => query('filters[id][$gt]=-2147483649')).message).toBe('Invalid value for id: expected integer');
  });
});
