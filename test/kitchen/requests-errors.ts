// A fifth set of kitchen-kit steps (see requests.ts), for Strapi's exact error answers: query
// parameters of the wrong shape, malformed and oversized JSON bodies, an array `data`, relations
// and media named by ids that do not exist (counted per type, nested ones included), and GraphQL
// errors, whose `locations` are compared too. (Deleting a single type that has no document is left
// to runtime/graphql/errors.test.ts: Strapi 5.54 answers it with a documentId once any locale of
// the kit's setting has existed, so its answer depends on earlier runs.)
import { documentIdOf, type Context } from './requests';

/** The smallest valid PNG (1×1, transparent), as requests.ts uploads it. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));

export async function errorSteps({ send, record, stamp }: Context): Promise<void> {
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const T = `/api/tags?filters[label][$startsWith]=${stamp}&sort=label&fields[0]=label`;

  await get('errors.filters-string', '/api/widgets?filters=title');
  await get('errors.filters-number', '/api/widgets?filters=5');
  await get('errors.filters-empty', '/api/widgets?filters=');
  await get('errors.filters-in-populate', `${T}&populate[widgets][filters]=x`);
  await get('errors.filters-empty-in-populate', `${T}&populate[widgets][fields][0]=title&populate[widgets][filters]=`);
  await get('errors.fields-object', `${T}&fields[x]=1`);
  await get('errors.fields-nested-list', `${T}&fields[0][0]=label`);
  await get('errors.populate-nested-list', `${T}&populate[0][0]=widgets`);
  await get('errors.pagination-string', `${T}&pagination=5`);
  await get('errors.pagination-list', `${T}&pagination[0]=1`);

  const raw = (name: string, body: string, type = 'application/json') => record(name, { method: 'POST', path: '/api/tags', raw: { body, type } });
  await raw('errors.json-truncated', '{"data":');
  await raw('errors.json-bad-key', '{bad');
  await raw('errors.json-string', '"x"');
  await raw('errors.json-null', 'null');
  await raw('errors.json-too-large', JSON.stringify({ data: { label: 'x'.repeat(1_100_000) } }));

  const draft = documentIdOf(await record('errors.seed-widget', { method: 'POST', path: '/api/widgets?status=draft&fields[0]=title', body: { data: { title: `${stamp} errors` } } }));
  const write = (name: string, method: 'POST' | 'PUT', path: string, data: unknown) => record(name, { method, path, body: { data } });
  const W = `/api/widgets/${draft}?status=draft&fields[0]=title`;
  await write('errors.data-array-post', 'POST', '/api/tags', [{ label: `${stamp} x` }]);
  await write('errors.data-array-put', 'PUT', W, [{ title: `${stamp} y` }]);
  await write('errors.data-array-single', 'PUT', '/api/setting', [{ site_name: 'x' }]);
  await write('errors.data-array-empty', 'POST', '/api/widgets', []);

  // Ids no row has: Strapi counts the distinct ones per target type over the whole entry, and
  // reports the first type in schema order (media come before these relations in the kit).
  await write('errors.media-multiple-one', 'PUT', W, { photos: [999999] });
  await write('errors.media-multiple-several', 'PUT', W, { photos: [999999, 999998] });
  await write('errors.media-multiple-repeated', 'PUT', W, { photos: [999999, 999999] });
  await write('errors.media-single', 'PUT', W, { cover: 999999 });
  await write('errors.media-single-and-multiple', 'PUT', W, { cover: 999999, photos: [999998, 999997] });
  await write('errors.media-same-id-twice', 'PUT', W, { cover: 999999, photos: [999999] });
  await write('errors.media-before-relation', 'PUT', W, { tags: [999999], cover: 999999 });
  await write('errors.media-in-component', 'PUT', W, { variants: [{ name: 'v', picture: 999999 }] });
  await write('errors.media-on-create', 'POST', '/api/widgets?status=draft&fields[0]=title', { title: `${stamp} errors 2`, photos: [999999] });
  await write('errors.relation-id', 'PUT', W, { tags: [999999] });
  await write('errors.relation-schema-order', 'PUT', W, { tags: [999999], owner: 999999 });
  await write('errors.relation-in-zone', 'PUT', W, { zone: [{ __component: 'kit.banner', tags: [999999] }] });
  await write('errors.relation-counted-with-nested', 'PUT', W, { spec: { tag: 999999 }, tags: [999998] });
  await write('errors.relation-connect-position', 'PUT', W, { tags: { connect: [{ id: 999999, position: { before: 999998 } }] } });
  await write('errors.relation-disconnect-missing', 'PUT', W, { tags: { disconnect: [999999] } });
  await write('errors.relation-document-id-first', 'PUT', W, { photos: [999999], tags: ['nosuchdocumentid000000000'] });
  // A refused key's path names the attributes above it, not list positions.
  await write('errors.key-in-repeatable', 'PUT', W, { variants: [{ name: 'v' }, { name: 'w', bogus: 1 }] });
  await write('errors.key-in-zone', 'PUT', W, { zone: [{ __component: 'kit.banner', heading: 'h' }, { __component: 'kit.quote', bogus: 1 }] });
  await write('errors.key-in-nested-repeatable', 'PUT', W, { zone: [{ __component: 'kit.spec', dims: [{ axis: 'x' }, { bogus: 1 }] }] });
  // Media written as Strapi 5.54 also takes them: `{ connect, disconnect, set }` (the files are
  // uploaded unrecorded: a PNG's stored size differs, see docs/rest.md).
  const upload = async (name: string) => ((await send({ method: 'POST', path: '/api/upload', upload: { name, type: 'image/png', bytes: PNG } })).body as Array<{ id: number }>)[0].id;
  const [a, b] = [await upload(`m${stamp}-a.png`), await upload(`m${stamp}-b.png`)];
  const M = `/api/widgets/${draft}?status=draft&fields[0]=title&populate[photos][fields][0]=name&populate[cover][fields][0]=name`;
  await write('errors.media-connect', 'PUT', M, { photos: { connect: [a] } });
  await write('errors.media-connect-object', 'PUT', M, { photos: { connect: [{ id: b }] } });
  await write('errors.media-connect-again', 'PUT', M, { photos: { connect: [a] } });
  await write('errors.media-disconnect', 'PUT', M, { photos: { disconnect: [b] } });
  await write('errors.media-set', 'PUT', M, { photos: { set: [b, a] } });
  await write('errors.media-single-connect', 'PUT', M, { cover: { connect: [a] } });
  await write('errors.media-single-connect-disconnect', 'PUT', M, { cover: { connect: [b], disconnect: [a] } });
  await write('errors.media-change-unknown-key', 'PUT', M, { photos: { bogus: [a] } });
  await write('errors.media-change-empty', 'PUT', M, { photos: {} });
  await write('errors.media-connect-missing', 'PUT', M, { photos: { connect: [999999] } });
  await record('errors.widget-delete', { method: 'DELETE', path: `/api/widgets/${draft}` });

  const graphql = (name: string, query: string, variables?: Record<string, unknown>) => record(name, { method: 'POST', path: '/graphql', body: { query, variables } });
  await graphql('errors.graphql.pagination-both', `{ tags(filters: { label: { startsWith: "${stamp}" } }, pagination: { page: 1, start: 0 }) { label } }`);
  await graphql('errors.graphql.validation', 'mutation { createWidget(data: { title: "x" }) { title } }');
  await graphql('errors.graphql.sort-invalid', `{ tags(filters: { label: { startsWith: "${stamp}" } }, sort: "nope") { label } }`);
  await graphql('errors.graphql.relation-id-missing', 'mutation { createWidget(status: DRAFT, data: { title: "Missing tag", tags: ["999999"] }) { title } }');
  await graphql('errors.graphql.unknown-field', '{ tags { nope } }');
  await graphql('errors.graphql.syntax', '{ tags( { label } }');
  await graphql('errors.graphql.variable', 'query ($p: Int) { tags(pagination: { page: $p }) { label } }', { p: 'x' });
  // Strapi's I18NLocale has no isDefault, in its type or its filters (introspection is off in production).
  await graphql('errors.graphql.locale-is-default', '{ i18NLocales { code isDefault } }');
  await graphql('errors.graphql.locale-is-default-filter', '{ i18NLocales(filters: { isDefault: { eq: true } }) { code } }');
  for (const id of [a, b]) await send({ method: 'DELETE', path: `/api/upload/files/${id}` });
}
