// A sixth set of kitchen-kit steps (see requests.ts): what the differential explorer
// (test/answers/explore.ts) found the app answering otherwise, kept so CI replays Strapi's answers.
// Filter values that do not parse (Strapi's own words), a bad key answered before a bad value,
// a sort through a relation with `fields`, empty strings under a regex, yup's print of a list, and
// GraphQL's Date and DateTime input. Run last: they add widgets under the run's stamp.
import type { Context } from './requests';

export async function exploredSteps({ record, send, stamp }: Context): Promise<void> {
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const graphql = (name: string, query: string, variables?: Record<string, unknown>) => record(name, { method: 'POST', path: '/graphql', body: { query, ...(variables ? { variables } : {}) } });
  const W = `/api/widgets?filters[title][$startsWith]=${stamp}&fields[0]=title`;

  await get('explored.filter-date-malformed', `${W}&filters[launch][$eq]=2024-13-01`);
  await get('explored.filter-date-impossible', `${W}&filters[launch][$eq]=2023-02-29`);
  await get('explored.filter-date-list', `${W}&filters[launch][$in][0]=2024-03-01&filters[launch][$in][1]=soon`);
  await get('explored.filter-datetime-malformed', `${W}&filters[seen_at][$gt]=yesterday`);
  await get('explored.filter-created-malformed', `${W}&filters[createdAt][$lt]=1.5`);
  await get('explored.key-before-value', `${W}&filters[$and][0][launch]=soon&filters[$and][1][note]=x`);
  await get('explored.sort-key-before-value', `${W}&filters[launch]=soon&sort=note:asc`);
  await get('explored.fields-key-before-value', `${W}&filters[seen_at]=soon&fields[1]=note`);
  // Only widgets with an owner: where NULLs sort is the database's (first in PostgreSQL's DESC).
  await get('explored.relation-sort-with-fields', `/api/widgets?filters[title][$startsWith]=${stamp}&filters[owner][name][$notNull]=true&sort[0]=owner.name:desc&sort[1]=title:asc&fields[0]=slug`);
  await get('explored.relation-filter-sort-with-fields', `/api/widgets?filters[title][$startsWith]=${stamp}&filters[owner][level][$gte]=0&sort[0]=code:asc&sort[1]=title:asc&fields[0]=slug`);

  await post('explored.write-title-list', '/api/widgets', { title: ['a'] });
  await post('explored.write-title-object', '/api/widgets', { title: { text: 'a' } });
  // `code` has a regex and is not required: "" passes it (yup's excludeEmptyString).
  await post('explored.write-empty-under-regex', '/api/widgets?status=published&fields[0]=title&fields[1]=code', { title: `${stamp} empty code`, code: '' });
  // Not `ab-<stamp>`: MariaDB's unique index would take it for alpha's `AB-<stamp>` (docs/database.md).
  await post('explored.write-regex-in-draft', '/api/widgets?status=draft&fields[0]=title&fields[1]=code', { title: `${stamp} draft code`, code: `zz-${stamp}` });

  // Publishing through PUT checks the whole draft: what was sent and what the draft already held.
  const loose = await post('explored.write-loose-draft', '/api/widgets?status=draft&fields[0]=title', { title: `${stamp} loose draft`, contact: 'a@b', code: `ab-${stamp}z` });
  const looseId = (loose.body as { data?: { documentId?: string } }).data?.documentId ?? 'missing';
  await record('explored.publish-put-sent-and-stored', { method: 'PUT', path: `/api/widgets/${looseId}?fields[0]=title`, body: { data: { rank: 0 } } });
  await record('explored.publish-put-stored-only', { method: 'PUT', path: `/api/widgets/${looseId}?fields[0]=title`, body: { data: { summary: 'fine' } } });
  await get('explored.publish-put-left-draft', `/api/widgets/${looseId}?status=draft&fields[0]=summary&fields[1]=rank`);
  // connect placing an entry against a tag the draft is not related to, or one document twice.
  const tagId = async (label: string): Promise<string> => {
    const found = await send({ method: 'GET', path: `/api/tags?filters[label][$eq]=${stamp} ${label}&fields[0]=label` });
    return (found.body as { data: Array<{ documentId: string }> }).data[0]?.documentId ?? 'missing';
  };
  const [root, leaf] = [await tagId('root'), await tagId('leaf')];
  const connect = (name: string, tags: unknown) => record(name, { method: 'PUT', path: `/api/widgets/${looseId}?status=draft&fields[0]=title&populate[tags][fields][0]=label`, body: { data: { tags } } });
  await connect('explored.connect-after-unrelated', { connect: [{ documentId: root, position: { after: leaf } }] });
  await connect('explored.connect-twice-placed', { connect: [{ documentId: root, position: { end: true } }, root] });
  await connect('explored.connect-after-connected-later', { connect: [{ documentId: root, position: { after: leaf } }, leaf] });
  await connect('explored.connect-twice-plain', { connect: [root, root] });
  await connect('explored.connect-before-itself', { connect: [{ documentId: root, position: { before: root } }] });
  await connect('explored.connect-cycle', { connect: [{ documentId: root, position: { after: leaf } }, { documentId: leaf, position: { after: root } }] });

  // A localization created published takes the shared values the other locale published, not a
  // newer draft of them (one a published version may not hold).
  const shared = await post('explored.i18n-source', '/api/widgets?status=published&fields[0]=title&fields[1]=code', { title: `${stamp} shared`, code: `AB-${stamp}7` });
  const sharedId = (shared.body as { data?: { documentId?: string } }).data?.documentId ?? 'missing';
  await record('explored.i18n-source-draft-code', { method: 'PUT', path: `/api/widgets/${sharedId}?status=draft&fields[0]=code`, body: { data: { code: `ab-${stamp}7x` } } });
  await record('explored.i18n-new-locale-published', { method: 'PUT', path: `/api/widgets/${sharedId}?locale=fr&fields[0]=title&fields[1]=code`, body: { data: { title: `${stamp} partagé` } } });
  await get('explored.i18n-new-locale-draft', `/api/widgets/${sharedId}?locale=fr&status=draft&fields[0]=code`);
  await get('explored.i18n-source-draft', `/api/widgets/${sharedId}?locale=en&status=draft&fields[0]=code`);
  // A new localization published in one write answers what it lacks (its localized `title`)
  // together with what the sent values break of a published version's rules, and writes nothing.
  const plain = await post('explored.i18n-plain-source', '/api/widgets?fields[0]=title', { title: `${stamp} plain`, contact: 'a@b.co' });
  const plainId = (plain.body as { data?: { documentId?: string } }).data?.documentId ?? 'missing';
  const inFrench = (name: string, data: unknown) => record(name, { method: 'PUT', path: `/api/widgets/${plainId}?locale=fr&fields[0]=title`, body: { data } });
  await inFrench('explored.i18n-new-locale-lacking-and-empty-email', { contact: '', summary: 'x' });
  await inFrench('explored.i18n-new-locale-lacking-and-off-pattern', { code: 'bad', summary: 'x' });
  await get('explored.i18n-new-locale-refused-left-nothing', `/api/widgets/${plainId}?locale=fr&status=draft&fields[0]=title`);
  await inFrench('explored.i18n-new-locale-off-pattern-alone', { title: `${stamp} titre`, code: 'bad' });
  await inFrench('explored.i18n-new-locale-bad-type', { rank: 'abc', summary: 'x' });

  // Connecting from a type without draft & publish links every version of the widget, also one
  // whose draft alone was linked there before (by a `status=draft` write from the widget's side).
  const idOf = (answer: { body: unknown }) => (answer.body as { data?: { documentId?: string } }).data?.documentId ?? 'missing';
  const formerOwner = idOf(await post('explored.inverse-former-owner', '/api/owners?fields[0]=name', { name: `${stamp} former owner` }));
  const newOwner = idOf(await post('explored.inverse-new-owner', '/api/owners?fields[0]=name', { name: `${stamp} new owner` }));
  const owned = idOf(await post('explored.inverse-widget', '/api/widgets?fields[0]=title', { title: `${stamp} owned`, code: `AB-${stamp}8`, owner: formerOwner }));
  await record('explored.inverse-draft-moved', { method: 'PUT', path: `/api/widgets/${owned}?status=draft&fields[0]=title`, body: { data: { owner: { connect: [newOwner] } } } });
  await record('explored.inverse-connect-again', { method: 'PUT', path: `/api/owners/${newOwner}?fields[0]=name&populate[widgets][fields][0]=title`, body: { data: { widgets: { connect: [owned] } } } });
  await get('explored.inverse-published-owner', `/api/widgets/${owned}?fields[0]=title&populate[owner][fields][0]=name`);
  await get('explored.inverse-draft-owner', `/api/widgets/${owned}?status=draft&fields[0]=title&populate[owner][fields][0]=name`);
  await get('explored.inverse-former-owner-after', `/api/owners/${formerOwner}?fields[0]=name&populate[widgets][fields][0]=title`);

  // A document that does not exist is a 404 before anything its data breaks; an unknown key is not.
  await record('explored.update-missing-bad-value', { method: 'PUT', path: '/api/widgets/nodocumenthasthisid00000', body: { data: { title: 123 } } });
  await record('explored.update-missing-unknown-key', { method: 'PUT', path: '/api/widgets/nodocumenthasthisid00000', body: { data: { nope: 1 } } });

  const list = (filter: string) => `{ widgets(filters: { title: { startsWith: "${stamp}" }, ${filter} }) { title } }`;
  await graphql('explored.graphql-datetime-day-only', list('seen_at: { eq: "2024-01-01" }'));
  await graphql('explored.graphql-datetime-no-zone', list('seen_at: { lt: "2024-01-01T10:00:00" }'));
  await graphql('explored.graphql-datetime-number', list('seen_at: { lt: 5 }'));
  await graphql('explored.graphql-date-invalid', list('launch: { in: ["not-a-date"] }'));
  await graphql('explored.graphql-date-impossible', list('launch: { eq: "2023-02-29" }'));
  await graphql('explored.graphql-datetime-valid', list('seen_at: { lt: "2030-01-01T00:00:00+02:00" }'));
  await graphql('explored.graphql-datetime-variable', `query ($at: DateTime) { widgets(filters: { title: { startsWith: "${stamp}" }, seen_at: { lt: $at } }) { title } }`, { at: 'tomorrow' });
  await graphql('explored.graphql-long-text', list('views: { eq: "abc" }'));
  await graphql('explored.graphql-long-fraction', list('views: { in: [1.5] }'));
  await graphql('explored.graphql-long-variable', `query ($v: Long) { widgets(filters: { title: { startsWith: "${stamp}" }, views: { eq: $v } }) { title } }`, { v: 'many' });
  await graphql('explored.graphql-create-long-text', `mutation { createWidget(data: { title: "${stamp} gql long", views: "abc" }) { title } }`);
  await graphql('explored.graphql-date-variable-number', `query ($on: Date) { widgets(filters: { title: { startsWith: "${stamp}" }, launch: { eq: $on } }) { title } }`, { on: 20240301 });
}
