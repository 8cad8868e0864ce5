// A differential explorer, run by hand next to the recorder: seeds the kitchen kit's types with the
// same pseudo-random documents on real Strapi 5.54 and on the generated app, then sends both the
// same random GET queries (filters nested with $and/$or/$not over every scalar type, relation and
// component paths, sort, fields, populate in its forms, pagination, status, locale, and some
// invalid parameters) and prints the queries whose normalized answers differ. What it finds becomes
// steps of a recorded set (test/kitchen/requests-*.ts), which CI replays; this tool is not a suite.
//   npx tsx test/answers/explore.ts <Strapi URL> <app URL> [--seed N] [--count N] [--hostile SHARE]
//     [--graphql | --writes | --graphql-writes | --relations] [--trace] [--show]
// Both servers serve test/kitchen-kit (test/kitchen/README.md says how to start them).
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'qs';
// mulberry32: the same seed gives both servers, and a later run, the same documents and requests.
import { prng } from '../../bench/seed-data';
import { normalize, STEP_RULES } from './normalize';
import { sender, type Answer, type Exchange, type Send } from './run';

type Random = ReturnType<typeof prng>;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const chance = (r: Random, p: number): boolean => r() < p;
const some = <T>(r: Random, items: readonly T[], max = items.length): T[] => items.filter(() => chance(r, 0.5)).slice(0, max);

/** The values the seed draws from, which the queries draw from too (so filters match something). */
const POOL = {
  summary: ['A short summary', 'Another text', 'ünïcode Ça va', '', null],
  rank: [1, 5, 10, 50, 100, null],
  views: ['0', '42', '9007199254740', null],
  ratio: [0, 0.25, 1.5, 3.75, null],
  price: [0, 9.5, 12.5, 99.99, null],
  active: [true, false, null],
  launch: ['2024-03-01', '2023-12-31', '2025-06-15', null],
  opens: ['09:30:00.000', '18:00:00.000', '00:00:00.000', null],
  seen_at: ['2024-03-01T10:00:00.000Z', '2023-01-01T00:00:00.000Z', '2026-11-29T12:34:56.789Z', null],
  size: ['small', 'medium', 'large'],
  contact: ['ann@example.com', 'BOB@Example.com', null],
  level: [1, 2, 3, null],
  weight: [1.5, 2, 0.5, null],
} as const;

type Kind = 'string' | 'text' | 'integer' | 'biginteger' | 'float' | 'decimal' | 'boolean' | 'date' | 'time' | 'datetime' | 'enumeration' | 'email' | 'json' | 'id';
const WIDGET_SCALARS: Record<string, Kind> = {
  title: 'string', code: 'string', summary: 'text', contact: 'email', slug: 'string', rank: 'integer', views: 'biginteger', ratio: 'float',
  price: 'decimal', active: 'boolean', launch: 'date', opens: 'time', seen_at: 'datetime', size: 'enumeration',
  createdAt: 'datetime', publishedAt: 'datetime', locale: 'string',
};
// No `id` conditions: each server numbers its rows itself (`id` is compared only with $null).
const OWNER_SCALARS: Record<string, Kind> = { name: 'string', level: 'integer' };
const TAG_SCALARS: Record<string, Kind> = { label: 'string', weight: 'float' };

const OPERATORS: Record<Kind, string[]> = {
  string: ['$eq', '$eqi', '$ne', '$nei', '$in', '$notIn', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$null', '$notNull', '$lt', '$gt'],
  text: ['$eq', '$contains', '$containsi', '$notContainsi', '$null', '$notNull', '$startsWith', '$endsWith', '$in'],
  email: ['$eq', '$eqi', '$containsi', '$endsWith', '$null', '$notNull'],
  integer: ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between', '$null', '$notNull'],
  biginteger: ['$eq', '$ne', '$lt', '$gt', '$in', '$between', '$null', '$notNull'],
  float: ['$eq', '$lt', '$lte', '$gt', '$gte', '$between', '$null', '$notNull', '$in'],
  decimal: ['$eq', '$lt', '$gte', '$between', '$null', '$notNull', '$in', '$ne'],
  boolean: ['$eq', '$ne', '$null', '$notNull', '$in'],
  date: ['$eq', '$lt', '$gt', '$gte', '$between', '$null', '$notNull', '$in'],
  time: ['$eq', '$lt', '$gt', '$null', '$notNull'],
  datetime: ['$eq', '$lt', '$gt', '$lte', '$between', '$null', '$notNull'],
  enumeration: ['$eq', '$ne', '$in', '$notIn', '$null', '$notNull', '$containsi'],
  json: ['$null', '$notNull'],
  id: ['$eq', '$in', '$lt', '$gt', '$notIn'],
};

function valueFor(r: Random, kind: Kind, field: string, stamp: string): unknown {
  const pooled = (POOL as Record<string, readonly unknown[]>)[field];
  const plain = (): unknown => {
    if (pooled && chance(r, 0.8)) return pick(r, pooled.filter((v) => v !== null)) ?? 'x';
    switch (kind) {
      case 'integer': case 'id': return Math.floor(r() * 60) - 5;
      case 'biginteger': return String(Math.floor(r() * 1e6));
      case 'float': case 'decimal': return Math.round(r() * 2000) / 100;
      case 'boolean': return pick(r, [true, false, 'true', 'false', '1', '0', 't']);
      case 'date': return pick(r, ['2024-01-01', '2024-03-01', '2030-01-01', 'not-a-date']);
      case 'time': return pick(r, ['10:00', '09:30:00.000', '25:00']);
      case 'datetime': return pick(r, ['2024-03-01T10:00:00.000Z', '2024-01-01', '2025-01-01T00:00:00Z']);
      default: return pick(r, [`${stamp} w3`, `${stamp} W1`, 'w1', stamp, `${stamp} o1`, `${stamp} t2`, 'AB-', '%', '_', "O'Brien"]);
    }
  };
  return plain();
}

const CASE_SENSITIVE_LIKE = new Set(['$contains', '$notContains', '$startsWith', '$endsWith']);

function condition(r: Random, scalars: Record<string, Kind>, stamp: string): Record<string, unknown> {
  const field = pick(r, Object.keys(scalars));
  const kind = scalars[field];
  const op = pick(r, OPERATORS[kind]);
  let value: unknown;
  if (op === '$null' || op === '$notNull') value = pick(r, [true, 'true', false]);
  else if (op === '$in' || op === '$notIn') value = [valueFor(r, kind, field, stamp), valueFor(r, kind, field, stamp)];
  else if (op === '$between') value = [valueFor(r, kind, field, stamp), valueFor(r, kind, field, stamp)];
  else value = valueFor(r, kind, field, stamp);
  // LIKE is case-insensitive on Strapi's SQLite and case-sensitive here on every database
  // (docs/rest.md, on purpose): those operators get text only in the case the seed wrote it.
  if (CASE_SENSITIVE_LIKE.has(op) && typeof value === 'string') value = value.replace(' W1', ' w1');
  // Now and then the shorthand `field=value` ($eq).
  if (op === '$eq' && chance(r, 0.2)) return { [field]: value };
  return { [field]: { [op]: value } };
}

/** Conditions from `leaf` nested in $and/$or (of two) and $not, two levels deep at most. */
function filterTree(r: Random, leaf: () => Record<string, unknown>, depth = 0): Record<string, unknown> {
  const roll = r();
  if (depth < 2 && roll < 0.15) return { [pick(r, ['$and', '$or'])]: [filterTree(r, leaf, depth + 1), filterTree(r, leaf, depth + 1)] };
  if (depth < 2 && roll < 0.22) return { $not: filterTree(r, leaf, depth + 1) };
  return leaf();
}

/** A widget filter: conditions on its scalars, its relations' scalars, its component's, nested in $and/$or/$not. */
function widgetFilter(r: Random, stamp: string): Record<string, unknown> {
  return filterTree(r, () => widgetCondition(r, stamp));
}

function widgetCondition(r: Random, stamp: string): Record<string, unknown> {
  const roll = r();
  if (roll < 0.32) return { owner: condition(r, OWNER_SCALARS, stamp) };
  if (roll < 0.4) return { tags: condition(r, TAG_SCALARS, stamp) };
  if (roll < 0.44) return { main_tag: condition(r, TAG_SCALARS, stamp) };
  // Not through `owner.favourites`: a type without draft & publish links both versions of a tag,
  // and Strapi then matches a draft's values in a published read (docs/rest.md, on purpose).
  if (roll < 0.48) return { owner: { mentor: condition(r, OWNER_SCALARS, stamp) } };
  if (roll < 0.53) return { spec: pick(r, [{ label: { $containsi: 'spec' } }, { weight: { $gt: 1 } }, { dims: { axis: { $eq: 'x' } } }, { label: { $null: true } }]) };
  if (roll < 0.56) return { variants: pick(r, [{ stock: { $gte: 3 } }, { name: { $eq: 'v1' } }]) };
  if (roll < 0.58) return { keeper: { $null: pick(r, [true, false]) } };
  if (roll < 0.6) return { tags: { id: { $null: pick(r, [true, false]) } } };
  return condition(r, WIDGET_SCALARS, stamp);
}

const RELATIONS = ['owner', 'keeper', 'tags', 'main_tag', 'more_tags'];
const COMPONENTS = ['spec', 'variants', 'zone'];
const SORTABLE = ['title', 'rank', 'views', 'ratio', 'price', 'active', 'launch', 'opens', 'seen_at', 'size', 'code', 'summary', 'contact', 'createdAt'];

function populate(r: Random, stamp: string): unknown {
  const roll = r();
  if (roll < 0.1) return '*';
  if (roll < 0.25) return some(r, [...RELATIONS, ...COMPONENTS]);
  if (roll < 0.3) return some(r, [...RELATIONS, ...COMPONENTS]).join(',');
  const out: Record<string, unknown> = {};
  for (const name of some(r, [...RELATIONS, ...COMPONENTS], 4)) {
    if (name === 'zone') {
      out.zone = chance(r, 0.5) ? true : { on: { 'kit.banner': { populate: '*' }, 'kit.spec': { fields: ['label'] }, 'kit.quote': true } };
      continue;
    }
    if (name === 'spec') {
      out.spec = chance(r, 0.5) ? { populate: pick(r, ['*', 'dims', ['tag'], { dims: { populate: '*' } }]) } : true;
      continue;
    }
    if (name === 'variants') {
      out.variants = chance(r, 0.5) ? { fields: ['name'] } : true;
      continue;
    }
    const target = name === 'owner' || name === 'keeper' ? OWNER_SCALARS : TAG_SCALARS;
    const nested: Record<string, unknown> = {};
    if (chance(r, 0.4)) nested.fields = some(r, Object.keys(target).filter((f) => f !== 'id'));
    if (chance(r, 0.3)) nested.sort = `${pick(r, Object.keys(target))}:${pick(r, ['asc', 'desc'])}`;
    if (chance(r, 0.3)) nested.filters = condition(r, target, stamp);
    if (chance(r, 0.2)) nested.populate = name === 'owner' || name === 'keeper' ? pick(r, ['favourites', 'mentor', '*']) : pick(r, ['parent', 'children', '*']);
    if (chance(r, 0.1)) nested.count = true;
    out[name] = Object.keys(nested).length > 0 ? nested : true;
  }
  return out;
}

/** One random widget list query, always narrowed to the run's documents and ordered completely. */
function widgetQuery(r: Random, stamp: string): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  const filters: unknown[] = [{ title: { $startsWith: stamp } }];
  if (chance(r, 0.85)) filters.push(widgetFilter(r, stamp));
  q.filters = { $and: filters };
  const sort = some(r, SORTABLE, 2).map((f) => (chance(r, 0.5) ? `${f}:${pick(r, ['asc', 'desc', 'ASC'])}` : f));
  // The titles are unique per locale: the last key makes the order total on both servers.
  q.sort = [...sort, 'title:asc'];
  if (chance(r, 0.35)) q.fields = some(r, [...Object.keys(WIDGET_SCALARS).filter((f) => f !== 'id'), 'extra', 'body', 'content']);
  if (chance(r, 0.6)) q.populate = populate(r, stamp);
  const p = r();
  if (p < 0.2) q.pagination = { page: pick(r, [1, 2, 3, '2']), pageSize: pick(r, [1, 2, 5, '3']) };
  else if (p < 0.35) q.pagination = { start: pick(r, [0, 1, 4]), limit: pick(r, [1, 3, 10, -1]) };
  else if (p < 0.42) q.pagination = { pageSize: pick(r, [2, 4]), withCount: pick(r, [false, 'false', true]) };
  const s = r();
  if (s < 0.25) q.status = 'draft';
  else if (s < 0.4) q.status = 'published';
  const l = r();
  if (l < 0.2) q.locale = 'fr';
  // With `locale=*`, Strapi populates no `localizations` (docs/rest.md): only without populate.
  else if (l < 0.25 && q.populate === undefined) q.locale = '*';
  else if (l < 0.3) q.locale = 'en';
  return q;
}

/** A tag condition: its scalars, its parent, children, twins (self relations) and the widgets naming it (the inverse side). */
function tagCondition(r: Random, stamp: string): Record<string, unknown> {
  const roll = r();
  if (roll < 0.3) return { parent: condition(r, TAG_SCALARS, stamp) };
  if (roll < 0.4) return { children: condition(r, TAG_SCALARS, stamp) };
  if (roll < 0.45) return { twins: condition(r, TAG_SCALARS, stamp) };
  if (roll < 0.55) return { widgets: condition(r, WIDGET_SCALARS, stamp) };
  if (roll < 0.6) return { parent: { $null: pick(r, [true, false]) } };
  return condition(r, TAG_SCALARS, stamp);
}

function tagQuery(r: Random, stamp: string): Record<string, unknown> {
  const q: Record<string, unknown> = { filters: { $and: [{ label: { $startsWith: stamp } }, ...(chance(r, 0.85) ? [filterTree(r, () => tagCondition(r, stamp))] : [])] } };
  q.sort = [...some(r, ['weight', 'createdAt'], 1).map((f) => `${f}:${pick(r, ['asc', 'desc'])}`), 'label:asc'];
  if (chance(r, 0.3)) q.fields = some(r, ['label', 'weight', 'createdAt', 'publishedAt']);
  if (chance(r, 0.6)) {
    const nested = (): unknown => (chance(r, 0.5) ? true : { fields: ['label'], ...(chance(r, 0.4) ? { sort: 'label:desc' } : {}), ...(chance(r, 0.3) ? { filters: condition(r, TAG_SCALARS, stamp) } : {}) });
    q.populate = chance(r, 0.15) ? '*' : Object.fromEntries(some(r, ['parent', 'children', 'twins', 'widgets']).map((name) => [name, name === 'widgets' ? (chance(r, 0.5) ? { fields: ['title', 'rank'], sort: 'title:asc' } : true) : nested()]));
  }
  if (chance(r, 0.3)) q.status = pick(r, ['draft', 'published']);
  if (chance(r, 0.2)) q.pagination = { pageSize: pick(r, [1, 2, 4]), page: pick(r, [1, 2]) };
  return q;
}

function ownerQuery(r: Random, stamp: string): Record<string, unknown> {
  const filter = (): Record<string, unknown> => {
    const roll = r();
    // Not through `widgets` or `kept`: Strapi matches the widgets' drafts there in a published
    // read (both versions link to an owner, which has no draft & publish; docs/rest.md, on purpose).
    if (roll < 0.4) return { mentor: condition(r, OWNER_SCALARS, stamp) };
    if (roll < 0.45) return { mentor: { $null: pick(r, [true, false]) } };
    return condition(r, OWNER_SCALARS, stamp);
  };
  const q: Record<string, unknown> = { filters: { $and: [{ name: { $startsWith: stamp } }, ...(chance(r, 0.85) ? [filter()] : [])] } };
  q.sort = [...some(r, ['level', 'createdAt'], 1).map((f) => `${f}:${pick(r, ['asc', 'desc'])}`), 'name:asc'];
  if (chance(r, 0.3)) q.fields = some(r, ['name', 'level', 'createdAt']);
  if (chance(r, 0.7)) {
    const widgets = (): unknown => (chance(r, 0.5) ? true : { fields: ['title', 'rank'], sort: pick(r, ['title:asc', 'rank:desc,title:asc']), ...(chance(r, 0.3) ? { filters: condition(r, WIDGET_SCALARS, stamp) } : {}) });
    q.populate = chance(r, 0.15) ? '*' : Object.fromEntries(some(r, ['widgets', 'kept', 'favourites', 'mentor']).map((name) => [name, name === 'widgets' || name === 'kept' ? widgets() : chance(r, 0.5) ? true : { fields: name === 'mentor' ? ['name'] : ['label'] }]));
  }
  if (chance(r, 0.3)) q.status = pick(r, ['draft', 'published']);
  if (chance(r, 0.2)) q.locale = pick(r, ['fr', 'en']);
  return q;
}

/** A filter object of the REST form (`$eq`, `$and`, …) as a GraphQL input literal (`eq`, `and`, …). */
function graphqlLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(graphqlLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value).map(([key, v]) => `${key.replace(/^\$/, '')}: ${graphqlLiteral(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

const GRAPHQL_SCALARS = ['title', 'code', 'summary', 'contact', 'slug', 'rank', 'views', 'ratio', 'price', 'active', 'launch', 'opens', 'seen_at', 'size', 'extra', 'locale', 'publishedAt'];

/** One random GraphQL read of widgets: a list or a connection, with relations, components and the zone. */
function graphqlWidgetQuery(r: Random, stamp: string): string {
  // Strapi's StringFilterInput has no startsWithi/endsWithi (this app's does: docs/graphql.md).
  // Its DateTime lists ($in, $notIn, $between) drop the condition (docs/graphql.md): not asked.
  let filter = chance(r, 0.85) ? (JSON.parse(JSON.stringify(widgetFilter(r, stamp)).replace(/"\$(startsWith|endsWith)i"/g, '"$containsi"')) as Record<string, unknown>) : undefined;
  if (filter && /"(seen_at|createdAt|publishedAt)":\{"\$(in|notIn|between)"/.test(JSON.stringify(filter))) filter = undefined;
  const filters = graphqlLiteral({ $and: [{ title: { $startsWith: stamp } }, ...(filter ? [filter] : [])] });
  const sort = [...some(r, SORTABLE, 2).map((f) => `${f}:${pick(r, ['asc', 'desc'])}`), 'title:asc'];
  const args = [`filters: ${filters}`, `sort: ${JSON.stringify(sort)}`];
  if (chance(r, 0.3)) args.push(`pagination: ${pick(r, ['{ page: 2, pageSize: 2 }', '{ start: 1, limit: 3 }', '{ limit: -1 }', '{ pageSize: 1 }'])}`);
  if (chance(r, 0.3)) args.push(`status: ${pick(r, ['DRAFT', 'PUBLISHED'])}`);
  if (chance(r, 0.2)) args.push(`locale: ${pick(r, ['"fr"', '"en"'])}`);
  const selection = ['documentId', ...some(r, GRAPHQL_SCALARS, 6)];
  if (chance(r, 0.4)) selection.push(`owner { name level${chance(r, 0.3) ? ' mentor { name }' : ''} }`);
  if (chance(r, 0.4)) {
    const tagFilter = JSON.stringify(condition(r, TAG_SCALARS, stamp)).replace(/"\$(startsWith|endsWith)i"/g, '"$containsi"');
    const tagArgs = chance(r, 0.5) ? `(sort: "label:desc"${chance(r, 0.5) ? `, filters: ${graphqlLiteral(JSON.parse(tagFilter))}` : ''})` : '';
    selection.push(`tags${tagArgs} { label weight${chance(r, 0.3) ? ' parent { label }' : ''} }`);
  }
  if (chance(r, 0.2)) selection.push('tags_connection { nodes { label } }');
  if (chance(r, 0.2)) selection.push('main_tag { label } more_tags { label }');
  if (chance(r, 0.3)) selection.push('spec { label weight dims { axis value } tag { label } }');
  if (chance(r, 0.3)) selection.push('variants { name stock }');
  if (chance(r, 0.3)) selection.push('zone { __typename ... on ComponentKitBanner { heading link tags { label } } ... on ComponentKitQuote { text author } ... on ComponentKitSpec { label } }');
  if (chance(r, 0.15)) selection.push('localizations { title locale }');
  if (chance(r, 0.5)) return `{ widgets(${args.join(', ')}) { ${selection.join(' ')} } }`;
  return `{ widgets_connection(${args.join(', ')}) { nodes { ${selection.join(' ')} } pageInfo { total page pageSize pageCount } } }`;
}

/** Sometimes something Strapi refuses or ignores: private, unknown or relational keys where they do not belong. */
function hostile(r: Random, q: Record<string, unknown>): Record<string, unknown> {
  const and = (condition: unknown) => ({ ...q, filters: { $and: [...(q.filters as { $and: unknown[] }).$and, condition] } });
  return pick(r, [
    () => and({ note: { $eq: 'private note' } }),
    () => and({ nope: { $eq: 1 } }),
    () => and({ rank: { $foo: 1 } }),
    () => and({ owner: { widgets: { secret: { $null: true } } } }),
    () => and({ owner: { $null: true } }),
    () => and({ spec: { $notNull: true } }),
    () => and({ zone: { heading: { $eq: 'x' } } }),
    () => and({ cover: { name: { $containsi: 'png' } } }),
    () => ({ ...q, sort: ['note:asc', ...(q.sort as string[])] }),
    () => ({ ...q, sort: ['owner.name:desc', 'title:asc'] }),
    () => ({ ...q, sort: ['spec.label:asc', 'title:asc'] }),
    () => ({ ...q, sort: ['tags.label:asc', 'title:asc'] }),
    () => ({ ...q, fields: ['title', 'note'] }),
    () => ({ ...q, fields: ['id', 'documentId', 'title'] }),
    () => ({ ...q, fields: ['owner'] }),
    () => ({ ...q, populate: { secret: true } }),
    () => ({ ...q, populate: { owner: { populate: { widgets: { fields: ['note'] } } } } }),
    () => ({ ...q, populate: { owner: { fields: '*' } } }),
    () => ({ ...q, populate: { zone: { on: { 'kit.banner': { fields: ['heading'] } } } } }),
    () => ({ ...q, populate: { cover: { fields: ['name'] }, photos: true } }),
    () => ({ ...q, populate: { spec: { populate: { dims: { populate: 'unit_tag' } } } } }),
    () => ({ ...q, populate: { tags: { populate: { parent: { populate: { parent: true } } } } } }),
    () => ({ ...q, pagination: { page: 0, pageSize: 2 } }),
    () => ({ ...q, pagination: { pageSize: 0 } }),
    () => ({ ...q, pagination: { pageSize: 101 } }),
    () => ({ ...q, pagination: { start: -1, limit: 2 } }),
    () => ({ ...q, pagination: { limit: 0 } }),
    () => ({ ...q, pagination: { page: 1, limit: 2 } }),
    () => ({ ...q, status: 'published', hasPublishedVersion: 'true' }),
    () => ({ ...q, status: 'draft', hasPublishedVersion: 'false' }),
    () => ({ ...q, _q: 'w1' }),
  ])();
}

/** The seed: tags, owners and widgets (en, some drafts only, some with a fr version), with relations and components. */
interface Seeded {
  tags: string[];
  owners: string[];
  widgets: string[];
}

async function seed(send: Send, r: Random, stamp: string, digits: string): Promise<Seeded> {
  const created = async (path: string, data: unknown): Promise<string> => {
    // Apart by more than a millisecond: documents created in the same one tie on `createdAt`, and
    // the two servers then break the tie by different values.
    await new Promise((resolve) => setTimeout(resolve, 3));
    const answer = await send({ method: 'POST', path, body: { data } });
    const id = (answer.body as { data?: { documentId?: string } }).data?.documentId;
    if (answer.status !== 201 || !id) throw new Error(`seeding ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return id;
  };
  const tags: string[] = [];
  for (let i = 0; i < 6; i++) {
    const parent = i > 0 && chance(r, 0.6) ? pick(r, tags) : undefined;
    const twins = some(r, tags, 2);
    tags.push(await created(`/api/tags?status=${chance(r, 0.8) ? 'published' : 'draft'}`, { label: `${stamp} t${i}`, weight: pick(r, POOL.weight), ...(parent ? { parent } : {}), twins }));
  }
  const owners: string[] = [];
  for (let i = 0; i < 4; i++) {
    owners.push(await created('/api/owners', { name: `${stamp} o${i}`, level: pick(r, POOL.level), favourites: some(r, tags, 3), ...(i > 0 && chance(r, 0.5) ? { mentor: pick(r, owners) } : {}) }));
  }
  const keepers = [...owners];
  const widgets: string[] = [];
  for (let i = 0; i < 14; i++) {
    const data: Record<string, unknown> = { title: `${stamp} w${i}`, code: `AB-${digits}${i}`, slug: `w${i}-${stamp}`.toLowerCase(), note: 'private note', secret: 'hunter22' };
    for (const field of ['summary', 'rank', 'views', 'ratio', 'price', 'active', 'launch', 'opens', 'seen_at', 'size', 'contact'] as const) {
      const v = pick(r, POOL[field] as readonly unknown[]);
      if (v !== null || chance(r, 0.5)) data[field] = v;
    }
    if (chance(r, 0.5)) data.extra = pick(r, [{ a: 1 }, [1, 2], 'text', 3, { nested: { list: [1] } }]);
    if (chance(r, 0.7)) data.owner = pick(r, owners);
    if (chance(r, 0.3) && keepers.length > 0) data.keeper = keepers.splice(Math.floor(r() * keepers.length), 1)[0];
    data.tags = some(r, tags, 3);
    if (chance(r, 0.4)) data.main_tag = pick(r, tags);
    if (chance(r, 0.3)) data.more_tags = some(r, tags, 2);
    if (chance(r, 0.6)) data.spec = { label: `spec ${i}`, weight: pick(r, [0.5, 2, null]), dims: some(r, ['x', 'y', 'z']).map((axis) => ({ axis, value: Math.floor(r() * 10) })), ...(chance(r, 0.3) ? { tag: pick(r, tags) } : {}) };
    if (chance(r, 0.5)) data.variants = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, n) => ({ name: `v${n + 1}`, stock: Math.floor(r() * 6) }));
    if (chance(r, 0.5)) data.zone = some(r, [
      { __component: 'kit.banner', heading: `banner ${i}`, link: 'https://example.com', tags: some(r, tags, 2) },
      { __component: 'kit.quote', text: `quote ${i}`, author: 'Ann' },
      { __component: 'kit.spec', label: `zone spec ${i}` },
    ]);
    const status = chance(r, 0.75) ? 'published' : 'draft';
    const id = await created(`/api/widgets?status=${status}`, data);
    widgets.push(id);
    if (chance(r, 0.35)) {
      const fr = { title: `${stamp} w${i} fr`, summary: pick(r, POOL.summary), ratio: pick(r, POOL.ratio), size: pick(r, POOL.size), slug: `w${i}-fr-${stamp}`.toLowerCase() };
      const answer = await send({ method: 'PUT', path: `/api/widgets/${id}?locale=fr&status=${chance(r, 0.5) ? 'published' : 'draft'}`, body: { data: fr } });
      if (answer.status !== 200) throw new Error(`seeding fr of w${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    // Now and then a published document gets a newer draft (the two versions then differ).
    if (status === 'published' && chance(r, 0.25)) {
      const answer = await send({ method: 'PUT', path: `/api/widgets/${id}?status=draft`, body: { data: { rank: pick(r, [7, 77]), summary: 'changed in draft' } } });
      if (answer.status !== 200) throw new Error(`seeding a draft of w${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
  return { tags, owners, widgets };
}

/** A seeded document named by its place in the seed, resolved to each server's documentId. */
interface Ref {
  ref: keyof Seeded;
  index: number;
}
const ref = (kind: keyof Seeded, index: number): Ref => ({ ref: kind, index });

function resolveRefs(value: unknown, seeded: Seeded): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, seeded));
  if (value === null || typeof value !== 'object') return value;
  const { ref: kind, index } = value as Partial<Ref>;
  if (kind !== undefined && index !== undefined) return seeded[kind][index];
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, seeded)]));
}

/** Values a field may be sent, valid and not, drawn for the write explorer. */
function writeValues(stamp: string, n: number, digits: string): Record<string, unknown[]> {
  return {
    title: [undefined, null, '', 'x', `${stamp} ${'y'.repeat(40)}`, 123, ['a'], `${stamp} n${n}`],
    // No clash with another entry's code, and no `""`: unique holds for drafts and empty strings
    // here, not in Strapi (docs/rest.md, on purpose).
    code: [5, `ZZ-${digits}${n}`, `ab-${digits}${n}x`],
    summary: ['s'.repeat(201), 12, 's'.repeat(200), null],
    contact: ['not-an-email', '', 'ok@example.com', 'a@b'],
    // No short password: its minLength holds here, not in Strapi (docs/rest.md, on purpose).
    secret: ['long enough', 123456],
    slug: [`has space ${n} ${digits}`, `ok-${n}-${stamp}`.toLowerCase(), `ÜBER${n}${digits}`],
    rank: [0, 101, 5.5, '7', 'abc', null, 1, 100, true],
    // No bigintegers past 64 bits: refused here, rounded by Strapi (docs/rest.md, on purpose).
    views: ['abc', 1.5, '42', -3],
    ratio: [-1, 'x', '1e3', 0, 1.25, null],
    price: ['abc', '12.345', 9.99, -1],
    active: ['yes', 1, 'true', 0, false],
    launch: ['2024-02-30', 'x', '2024-03-01T10:00:00Z', '2024-03-01', 20240301],
    opens: ['25:00', '09:30', '09:30:00', '09:30:00.123', 930],
    seen_at: ['x', '2024-03-01', 1700000000000, '2024-03-01T10:00:00Z', '2024-03-01 10:00'],
    size: ['huge', 'SMALL', null, 'large', ''],
    extra: [{ a: [1, { b: null }] }, 'text', 0, null, [[[]]]],
    owner: [ref('owners', 0), 'nonexistent0000000000000', [ref('owners', 1)], { connect: [ref('owners', 2)] }, 123, null, { set: [] }],
    tags: [[ref('tags', 0), ref('tags', 1)], { connect: [ref('tags', 2)] }, { set: [ref('tags', 3)] }, 'x', [{ documentId: 'missing00000000000000000' }], [], { disconnect: [ref('tags', 0)] }],
    main_tag: [ref('tags', 4), [ref('tags', 4), ref('tags', 5)], { connect: [ref('tags', 5)] }],
    keeper: [ref('owners', 3), null],
    spec: [{ label: 'ok' }, {}, { label: 'ok', dims: [{ axis: 'w' }] }, { label: 'ok', dims: [{ value: 1 }] }, [], 'x', { label: 'ok', weight: -1 }, { label: 'ok', tag: ref('tags', 0) }],
    variants: [[{ name: 'a', stock: -1 }], {}, [{}], [{ name: 'a' }, { name: 'b', stock: 2 }], null],
    zone: [[{ __component: 'kit.nope' }], [{ __component: 'kit.quote' }], [{ heading: 'x' }], [{ __component: 'kit.banner', link: 'ftp://x' }], [{ __component: 'kit.quote', text: 'q' }], 'x'],
    nope: [1],
    id: [99999],
    documentId: ['forgeddocumentid00000000'],
    note: ['private', 5],
    createdAt: ['2020-01-01T00:00:00.000Z'],
    locale: ['fr', 'en'],
    publishedAt: [null, '2020-01-01T00:00:00.000Z'],
  };
}

/** Relation fields by type, each with whether it holds one document or many. */
const RELATION_FIELDS: Record<'widgets' | 'tags' | 'owners', Record<string, 'one' | 'many'>> = {
  widgets: { owner: 'one', keeper: 'one', tags: 'many', main_tag: 'one', more_tags: 'many' },
  tags: { parent: 'one', children: 'many', twins: 'many', widgets: 'many' },
  owners: { widgets: 'many', kept: 'one', favourites: 'many', mentor: 'one' },
};
const TARGETS: Record<string, keyof Seeded> = { owner: 'owners', keeper: 'owners', tags: 'tags', main_tag: 'tags', more_tags: 'tags', parent: 'tags', children: 'tags', twins: 'tags', widgets: 'widgets', kept: 'widgets', favourites: 'tags', mentor: 'owners' };
const SEEDED_COUNT: Record<keyof Seeded, number> = { widgets: 14, tags: 6, owners: 4 };

/** One relation write: set, connect (with positions), disconnect, or a to-one value, on a seeded document. */
function relationExchange(r: Random): { method: string; path: string; body: unknown } {
  const type = pick(r, ['widgets', 'widgets', 'tags', 'owners'] as const);
  const field = pick(r, Object.keys(RELATION_FIELDS[type]));
  const target = TARGETS[field];
  const any = (): Ref => ref(target, Math.floor(r() * SEEDED_COUNT[target]));
  // No `after` on owners' favourites: Strapi orders a list of a type without draft & publish per
  // version of the tags and applies `after` to the drafts' order only; the app keeps one (docs/rest.md).
  const afterless = type === 'owners' && field === 'favourites';
  const position = (): unknown => pick(r, afterless ? [{ before: any() }, { start: true }, { end: true }] : [{ before: any() }, { after: any() }, { start: true }, { end: true }]);
  let value: unknown;
  const roll = r();
  if (RELATION_FIELDS[type][field] === 'one') value = roll < 0.4 ? any() : roll < 0.55 ? null : roll < 0.8 ? { connect: [any()] } : roll < 0.9 ? { disconnect: [any()] } : { set: [any()] };
  else if (roll < 0.25) value = Array.from({ length: Math.floor(r() * 3) }, any);
  else if (roll < 0.4) value = { set: Array.from({ length: Math.floor(r() * 3) }, any) };
  else if (roll < 0.75) value = { connect: Array.from({ length: 1 + Math.floor(r() * 2) }, () => (chance(r, 0.5) ? { documentId: any(), position: position() } : any())) };
  else if (roll < 0.9) value = { disconnect: [any()] };
  else value = { connect: [any()], disconnect: [any()] };
  // Drafts only: publishing again moves relations to the end of Strapi's published lists, which
  // this app keeps in place (docs/rest.md, on purpose).
  const status = type !== 'owners' ? '?status=draft' : '';
  return { method: 'PUT', path: `/api/${type}/${JSON.stringify(ref(type, Math.floor(r() * SEEDED_COUNT[type])))}${status}`, body: { data: { [field]: value } } };
}

/** Every seeded document's relations, in order, for each status: what the relation writes left. */
async function relationState(send: Send, stamp: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const type of ['widgets', 'tags', 'owners'] as const) {
    const key = type === 'widgets' ? 'title' : type === 'tags' ? 'label' : 'name';
    for (const status of type === 'owners' ? ['published'] : ['draft', 'published']) {
      const populate = Object.fromEntries(Object.keys(RELATION_FIELDS[type]).map((f) => [f, { fields: [TARGETS[f] === 'widgets' ? 'title' : TARGETS[f] === 'tags' ? 'label' : 'name'] }]));
      const path = `/api/${type}?${stringify({ filters: { [key]: { $startsWith: stamp } }, sort: `${key}:asc`, status, fields: [key], populate, pagination: { pageSize: 100 } }, { encodeValuesOnly: true })}`;
      out[`${type} ${status}`] = (await send({ method: 'GET', path })).body;
    }
  }
  return out;
}

const ZONE_TYPES: Record<string, string> = { 'kit.banner': 'ComponentKitBanner', 'kit.quote': 'ComponentKitQuote', 'kit.spec': 'ComponentKitSpec', 'kit.nope': 'ComponentKitNope' };

/**
 * One GraphQL write (createWidget or updateWidget) with the values writeValues draws: relations as
 * documentIds (GraphQL takes no `connect`/`set` objects), zone entries named by `__typename`.
 */
function graphqlWriteExchange(r: Random, stamp: string, n: number, digits: string): { query: string; refs: unknown } {
  const values = writeValues(stamp, n, digits);
  const data: Record<string, unknown> = { title: `${stamp} g${n}` };
  for (const field of some(r, Object.keys(values).filter((f) => !['id', 'documentId', 'nope', 'createdAt', 'locale', 'publishedAt'].includes(f)), 3)) {
    let value = pick(r, values[field]);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !('ref' in value) && ['owner', 'tags', 'main_tag', 'keeper'].includes(field)) continue;
    if (field === 'zone' && Array.isArray(value)) value = value.map((entry: Record<string, unknown>) => { const { __component, ...rest } = entry; return __component ? { __typename: ZONE_TYPES[String(__component)], ...rest } : rest; });
    if (value === undefined) delete data[field];
    else data[field] = value;
  }
  const args = [`data: DATA`];
  if (chance(r, 0.3)) args.push(`status: ${pick(r, ['DRAFT', 'PUBLISHED'])}`);
  if (chance(r, 0.15)) args.push(`locale: ${pick(r, ['"fr"', '"en"'])}`);
  const selection = 'documentId title code summary contact slug rank views ratio price active launch opens seen_at size extra locale owner { name } tags { label } spec { label weight dims { axis value } } variants { name stock } zone { __typename ... on ComponentKitQuote { text } ... on ComponentKitBanner { heading link } }';
  const update = chance(r, 0.4);
  const target = update ? `documentId: DOC, ` : '';
  return { query: `mutation { ${update ? 'updateWidget' : 'createWidget'}(${target}${args.join(', ')}) { ${selection} } }`, refs: { data, doc: update ? ref('widgets', Math.floor(r() * 14)) : undefined } };
}

/** One write: a create or an update of a seeded widget, with one to three fields drawn from writeValues. */
function writeExchange(r: Random, stamp: string, n: number, digits: string): { method: string; path: string; body: unknown } {
  const values = writeValues(stamp, n, digits);
  const data: Record<string, unknown> = { title: `${stamp} n${n}` };
  for (const field of some(r, Object.keys(values), 3)) {
    const value = pick(r, values[field]);
    if (value === undefined) delete data[field];
    else data[field] = value;
  }
  // No `status=bogus`: a 400 here, Strapi writes a draft (docs/rest.md, on purpose).
  const query = [chance(r, 0.3) ? `status=${pick(r, ['draft', 'published'])}` : '', chance(r, 0.15) ? `locale=${pick(r, ['fr', 'en'])}` : ''].filter(Boolean).join('&');
  // No `{ data: [] }`: a PUT of one in a locale the document lacks crashed Strapi 5.54.
  const body = chance(r, 0.05) ? pick(r, [{ data: 'x' }, { nodata: {} }, { data: null }]) : { data };
  if (chance(r, 0.6)) return { method: 'POST', path: `/api/widgets${query ? `?${query}` : ''}`, body };
  return { method: 'PUT', path: `/api/widgets/${JSON.stringify(ref('widgets', Math.floor(r() * 14)))}${query ? `?${query}` : ''}`, body };
}

/** Where the normalized answers first differ (a path and the two values), for a short report. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path}: strapi ${JSON.stringify(a)?.slice(0, 300)} / ours ${JSON.stringify(b)?.slice(0, 300)}`;
}

const MODES = ['reads', 'graphql', 'writes', 'graphql-writes', 'relations'] as const;
type Mode = (typeof MODES)[number];

/** One request of a run: what it is (for the report) and the exchange with either server's documentIds. */
interface Probe {
  label: string;
  exchange: (seeded: Seeded) => Exchange;
}

/** An exchange whose path and body may name seeded documents (`{"ref":…}`), resolved per server. */
function seededExchange(exchange: { method: string; path: string; body?: unknown }): Probe {
  return {
    label: `${exchange.method} ${decodeURIComponent(exchange.path)}${exchange.body === undefined ? '' : ` ${JSON.stringify(exchange.body)}`}`,
    exchange: (seeded) => ({
      method: exchange.method,
      path: exchange.path.replace(/\{[^}]*\}/, (text) => String(resolveRefs(JSON.parse(text), seeded))),
      ...(exchange.body === undefined ? {} : { body: resolveRefs(exchange.body, seeded) }),
    }),
  };
}

/** `hostileShare`: the share of REST reads given a parameter Strapi refuses or treats apart (hostile()). */
function nextProbe(mode: Mode, r: Random, stamp: string, n: number, digits: string, hostileShare: number): Probe {
  switch (mode) {
    case 'writes':
      return seededExchange(writeExchange(r, stamp, n, digits));
    case 'relations':
      return seededExchange(relationExchange(r));
    case 'graphql': {
      const query = graphqlWidgetQuery(r, stamp);
      return { label: query, exchange: () => ({ method: 'POST', path: '/graphql', body: { query } }) };
    }
    case 'graphql-writes': {
      const { query, refs } = graphqlWriteExchange(r, stamp, n, digits);
      return {
        label: query.slice(0, 600),
        exchange: (seeded) => {
          const { data, doc } = resolveRefs(refs, seeded) as { data: unknown; doc?: string };
          return { method: 'POST', path: '/graphql', body: { query: query.replace('DATA', graphqlLiteral(data)).replace('DOC', JSON.stringify(doc ?? '')) } };
        },
      };
    }
    case 'reads': {
      const kind = r();
      if (kind < 0.2) return seededExchange({ method: 'GET', path: `/api/tags?${stringify(tagQuery(r, stamp), { encodeValuesOnly: true })}` });
      if (kind < 0.35) return seededExchange({ method: 'GET', path: `/api/owners?${stringify(ownerQuery(r, stamp), { encodeValuesOnly: true })}` });
      let q = widgetQuery(r, stamp);
      if (chance(r, hostileShare)) q = hostile(r, q);
      return seededExchange({ method: 'GET', path: `/api/widgets?${stringify(q, { encodeValuesOnly: true })}` });
    }
  }
}

async function main(argv: string[]): Promise<void> {
  const [strapiBase, appBase] = argv.filter((a) => !a.startsWith('--'));
  const option = (name: string, fallback: number): number => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? Number(argv[at + 1]) : fallback;
  };
  if (!strapiBase || !appBase) throw new Error('usage: tsx test/answers/explore.ts <Strapi URL> <app URL> [--seed N] [--count N] [--hostile SHARE] [--graphql | --writes | --graphql-writes | --relations] [--trace] [--show]');
  const seedNumber = option('seed', Date.now() % 100000);
  const count = option('count', 300);
  const stamp = `fz${Date.now().toString(36)}`;
  const strapi = sender(strapiBase);
  const ours = sender(appBase);
  // `code` is unique: digits of this run keep it apart from earlier runs' in a reused database.
  const digits = String(Date.now()).slice(-8);
  const seededStrapi = await seed(strapi, prng(seedNumber), stamp, digits);
  const seededOurs = await seed(ours, prng(seedNumber), stamp, digits);
  const r = prng(seedNumber * 7 + 1);
  const compare = (answer: Answer): unknown => ({ status: answer.status, body: normalize(answer.body, STEP_RULES, stamp) });
  const mode = MODES.find((m) => argv.includes(`--${m}`)) ?? 'reads';
  let differing = 0;
  for (let i = 0; i < count; i++) {
    const probe = nextProbe(mode, r, stamp, i, digits, option('hostile', 0.15));
    const a = await strapi(probe.exchange(seededStrapi));
    const b = await ours(probe.exchange(seededOurs));
    // Strapi names row ids in a refused connect's message, the app documentIds (docs/rest.md).
    const view = (answer: Answer): unknown => JSON.parse(JSON.stringify(compare(answer)).replace(/id \w+/g, 'id <id>').replace(/\\"(after|before)\\":\\?"?\w+\\?"?(,\\"locale\\":\\"\w+\\")?/g, '\\"$1\\":<id>'));
    let diff = firstDifference(mode === 'relations' ? view(a) : compare(a), mode === 'relations' ? view(b) : compare(b));
    if (!diff && mode === 'relations') {
      // The answer matches: so must every relation of every seeded document, in order.
      const [sa, sb] = await Promise.all([relationState(strapi, stamp), relationState(ours, stamp)]);
      const stateDiff = firstDifference(normalize(sa, STEP_RULES, stamp), normalize(sb, STEP_RULES, stamp));
      if (stateDiff) diff = `state after it: ${stateDiff}`;
    }
    if (argv.includes('--trace')) process.stdout.write(`${a.status} ${b.status} ${probe.label.slice(0, 400)}\n`);
    if (!diff) continue;
    differing++;
    process.stdout.write(`DIFF ${probe.label}\n  ${diff}\n`);
    if (argv.includes('--show')) process.stdout.write(`  strapi: ${JSON.stringify(compare(a))}\n  ours:   ${JSON.stringify(compare(b))}\n`);
    // One difference in what is stored makes every later state differ: stop at the first.
    if (diff.startsWith('state')) break;
  }
  if (mode === 'writes' || mode === 'graphql-writes') {
    // What the writes left: every version of every widget of the run, with what it relates to.
    for (const status of ['draft', 'published']) {
      for (const locale of ['en', 'fr']) {
        const path = `/api/widgets?${stringify({ filters: { title: { $startsWith: stamp } }, sort: ['title:asc', 'code:asc'], status, locale, pagination: { pageSize: 200 }, populate: { owner: { fields: ['name'] }, keeper: { fields: ['name'] }, tags: { fields: ['label'] }, main_tag: { fields: ['label'] }, more_tags: { fields: ['label'] }, spec: { populate: '*' }, variants: true, zone: { populate: '*' } } }, { encodeValuesOnly: true })}`;
        const [a, b] = await Promise.all([strapi({ method: 'GET', path }), ours({ method: 'GET', path })]);
        const diff = firstDifference(compare(a), compare(b));
        process.stdout.write(diff ? `STATE DIFF ${status} ${locale}\n  ${diff}\n` : `state ${status} ${locale}: identical\n`);
      }
    }
  }
  process.stdout.write(`seed ${seedNumber}, stamp ${stamp}: ${count - differing} of ${count} identical\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
