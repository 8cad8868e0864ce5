// The users kit's side-by-side steps (see steps.ts): registration with the fields
// register.allowedFields lists, login and /users/me with the extension's fields, the users routes
// (reads with populate, filters, fields; writes), the content types' relations to the user from
// both sides, the role extension, and the same through GraphQL. Step names say what each one asks.
import type { Answer, Context } from '../answers/run';

/** The smallest valid PNG (1×1, transparent): Strapi makes no resized formats from it. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));

type Json = Record<string, unknown>;

function field<T>(answer: Answer, path: string[]): T {
  let value: unknown = answer.body;
  for (const key of path) value = (value as Json | null)?.[key];
  if (value === undefined || value === null) throw new Error(`no ${path.join('.')} in ${JSON.stringify(answer.body)}`);
  return value as T;
}

/** Keeps the roles named after the run (the Strapi database may hold other runs' roles). */
const ownRoles = (stamp: string) => (body: unknown) => ({ roles: ((body as { roles?: Json[] }).roles ?? []).filter((r) => String(r.name).includes(stamp)) });

export async function userSteps(context: Context): Promise<void> {
  const { record, stamp } = context;
  const get = (name: string, path: string, jwt?: string) => record(name, { method: 'GET', path, jwt });
  const post = (name: string, path: string, body: unknown, jwt?: string) => record(name, { method: 'POST', path, body, jwt });
  const put = (name: string, path: string, body: unknown) => record(name, { method: 'PUT', path, body });
  const graphql = (name: string, query: string, jwt?: string) => record(name, { method: 'POST', path: '/graphql', body: { query }, jwt });
  const account = (name: string) => ({ username: `${name}-${stamp}`, email: `${name}-${stamp}@example.com`, password: 'secret123' });
  const mine = `filters[username][$contains]=${stamp}`;

  // Seed: a picture, a team, the Authenticated role's id.
  const uploaded = await record('seed.upload', { method: 'POST', path: '/api/upload', upload: { name: `${stamp}.png`, type: 'image/png', bytes: PNG } });
  const picture = (uploaded.body as Array<{ id: number }>)[0].id;
  const team = await post('seed.team', '/api/teams', { data: { name: `${stamp} Red` } });
  const teamDoc = field<string>(team, ['data', 'documentId']);
  const teamId = field<number>(team, ['data', 'id']);
  const roles = await context.send({ method: 'GET', path: '/api/users-permissions/roles' });
  const authenticated = field<Json[]>(roles, ['roles']).find((r) => r.type === 'authenticated')?.id as number;

  // Registration: the extension's required `job`, fields allowedFields lists (a relation by
  // documentId, id or connect; a component; media; a private field), and one it does not list.
  await post('register.missing-required-field', '/api/auth/local/register', account('nojob'));
  await post('register.field-not-allowed', '/api/auth/local/register', { ...account('fav'), job: 'cook', favorites: [] });
  const ann = await post('register.allowed-fields', '/api/auth/local/register', {
    ...account('ann'),
    job: 'chef',
    level: 3,
    secretNote: 'hush',
    team: teamDoc,
    picture,
    profile: { bio: 'Ann cooks', website: 'ann.example' },
  });
  const bob = await post('register.relation-by-id', '/api/auth/local/register', { ...account('bob'), job: 'cook', team: teamId });
  const cat = await post('register.relation-connect', '/api/auth/local/register', { ...account('cat'), job: 'waiter', team: { connect: [teamDoc] } });
  await post('register.relation-missing', '/api/auth/local/register', { ...account('dan'), job: 'cook', team: 'nosuchdocumentid0000000x' });
  await post('register.redeclared-username-max-length', '/api/auth/local/register', { ...account('a-name-far-too-long-for-thirty'), job: 'cook' });
  await post('register.invalid-value', '/api/auth/local/register', { ...account('eve'), job: 'cook', level: -1 });
  const annJwt = field<string>(ann, ['jwt']);
  const annId = field<number>(ann, ['user', 'id']);
  const annDoc = field<string>(ann, ['user', 'documentId']);
  const bobId = field<number>(bob, ['user', 'id']);
  const catId = field<number>(cat, ['user', 'id']);

  // Login and /users/me: scalars of the extension, private ones never; relations when populated.
  await post('login', '/api/auth/local', { identifier: `ann-${stamp}`, password: 'secret123' });
  await get('me', '/api/users/me', annJwt);
  await get('me.populate-star', '/api/users/me?populate=*', annJwt);
  await get('me.populate-list', '/api/users/me?populate[0]=team&populate[1]=profile&populate[2]=picture', annJwt);
  await get('me.fields', '/api/users/me?fields[0]=job&fields[1]=level', annJwt);
  await get('me.populate-private', '/api/users/me?populate=secretNote', annJwt);
  await get('me.no-jwt', '/api/users/me');

  // Content types pointing at the user: a localized review (manyToOne, inversedBy reviews), a
  // draft & publish article (author inversedBy articles; editors one-way).
  const review = await post('seed.review', '/api/reviews', { data: { content: `${stamp} great`, note: 5, author: annDoc } });
  await post('seed.review-fr', '/api/reviews?locale=fr', { data: { content: `${stamp} bien`, note: 4, author: { connect: [annDoc] } } });
  await post('seed.review-bob', '/api/reviews', { data: { content: `${stamp} fine`, note: 3, author: field<string>(bob, ['user', 'documentId']) } });
  const article = await post('seed.article', '/api/articles', { data: { title: `${stamp} Pasta`, author: annDoc, editors: [annDoc, field<string>(bob, ['user', 'documentId'])] } });
  await post('seed.article-draft', '/api/articles?status=draft', { data: { title: `${stamp} Draft`, author: annDoc } });
  const articleDoc = field<string>(article, ['data', 'documentId']);

  // The users routes: writes (bob's reviews set from the user's side: the review changes author).
  await put('users.update-owning-relations', `/api/users/${annId}`, { favorites: [articleDoc], team: teamDoc });
  await put('users.update-media-component', `/api/users/${bobId}`, { picture, profile: { bio: 'Bob' } });
  await put('users.update-invalid', `/api/users/${bobId}`, { level: -1 });
  await put('users.update-inverse-side', `/api/users/${bobId}`, { reviews: [field<string>(review, ['data', 'documentId'])] });
  await post('users.create-missing-required-field', '/api/users', { ...account('fay'), role: authenticated });
  await post('users.create-invalid', '/api/users', { ...account('fay'), role: authenticated, job: 'x', level: -5 });
  await post('users.create', '/api/users', { ...account('fay'), role: authenticated, job: 'host', team: teamDoc, profile: { bio: 'Fay' }, secretNote: 'x' });

  // The users routes: reads.
  await get('users.list-populate', `/api/users?${mine}&sort=username&populate[0]=team&populate[1]=profile&populate[2]=picture&populate[3]=role`);
  await get('users.list-populate-reviews', `/api/users?${mine}&sort=username&fields[0]=username&populate[reviews][fields][0]=note&populate[reviews][sort]=note`);
  await get('users.filter-owning-relation', `/api/users?filters[team][name][$eq]=${stamp}%20Red&sort=username&fields[0]=username`);
  await get('users.filter-inverse-relation', `/api/users?${mine}&filters[reviews][note][$gte]=4&fields[0]=username`);
  await get('users.filter-component', `/api/users?${mine}&filters[profile][bio][$eq]=Fay&fields[0]=username`);
  await get('users.filter-private', `/api/users?filters[secretNote][$eq]=hush`);
  await get('users.sort-extension-field', `/api/users?${mine}&sort[0]=level:desc&sort[1]=username&fields[0]=username&fields[1]=level`);
  await get('users.count', `/api/users/count?filters[team][name][$eq]=${stamp}%20Red`);
  await get('users.one-populate', `/api/users/${bobId}?populate[0]=team&populate[1]=reviews&populate[2]=picture&populate[3]=profile`);
  await get('users.one-populate-favorites', `/api/users/${annId}?fields[0]=username&populate[favorites][fields][0]=title`);
  await get('users.one-populate-articles', `/api/users/${annId}?fields[0]=username&populate[articles][fields][0]=title&populate[articles][sort]=title`);

  // The content types populating and filtering their author.
  await get('review.populate-author', `/api/reviews?filters[content][$contains]=${stamp}&sort=note&populate=author`);
  await get('review.populate-author-deep', `/api/reviews?filters[content][$contains]=${stamp}&sort=note&populate[author][populate][0]=team&populate[author][populate][1]=profile&populate[author][populate][2]=picture`);
  await get('review.filter-author-field', `/api/reviews?filters[author][job][$eq]=cook&filters[content][$contains]=${stamp}&sort=note&fields[0]=note`);
  await get('review.filter-author-private', `/api/reviews?filters[author][secretNote][$eq]=hush`);
  await get('review.filter-author-password', `/api/reviews?filters[author][password][$eq]=secret123`);
  await get('review.fr-author', `/api/reviews?locale=fr&filters[content][$contains]=${stamp}&populate[author][fields][0]=username`);
  await get('article.populate-users', `/api/articles?filters[title][$contains]=${stamp}&populate[author][fields][0]=username&populate[editors][fields][0]=username&populate[editors][sort]=username`);
  await get('article.draft-author', `/api/articles?status=draft&filters[title][$contains]=${stamp}&sort=title&fields[0]=title&populate[author][fields][0]=job`);
  await get('team.members', `/api/teams?filters[name][$contains]=${stamp}&populate[members][fields][0]=username&populate[members][sort]=username`);
  await get('team.filter-members', `/api/teams?filters[members][job][$eq]=waiter&filters[name][$contains]=${stamp}&fields[0]=name`);

  // The role extension: written at creation (Strapi's createRole), not by an update (name and description only).
  // An explicit type: the one derived from the name would split the stamp (u_123_leads).
  await post('role.create', '/api/users-permissions/roles', { name: `${stamp} Leads`, description: 'Team leads', type: `leads_${stamp}`, rank: 5, permissions: {} });
  const listed = await record('role.list-own', { method: 'GET', path: '/api/users-permissions/roles' }, ownRoles(stamp));
  const leads = field<Json[]>(listed, ['roles']).find((r) => String(r.name).includes(stamp));
  const leadsId = leads?.id as number;
  await put('role.update-extension-field', `/api/users-permissions/roles/${leadsId}`, { rank: 7, description: 'Leads of teams' });
  // The permission tree lists every action of the app (Strapi's admin plugins too): left out.
  await record('role.one', { method: 'GET', path: `/api/users-permissions/roles/${leadsId}` }, (body) => {
    const { permissions: _tree, ...role } = (body as { role: Json }).role;
    return { role };
  });
  await put('team.set-lead-role', `/api/teams/${teamDoc}`, { data: { leadRole: leadsId } });
  await get('team.populate-lead-role', `/api/teams/${teamDoc}?fields[0]=name&populate[leadRole][fields][0]=name&populate[leadRole][fields][1]=rank`);

  // GraphQL: UsersPermissionsUser and its inputs carry the extension; register and login keep Strapi's fixed types.
  const typeRef = 'type { kind name ofType { kind name ofType { kind name } } }';
  for (const type of ['UsersPermissionsUser', 'UsersPermissionsUserInput', 'UsersPermissionsUserFiltersInput', 'UsersPermissionsRole', 'UsersPermissionsRoleInput', 'UsersPermissionsMe', 'UsersPermissionsRegisterInput']) {
    // Field names and types; argument order is left out (the app lists sort, pagination, filters).
    await graphql(`gql.type.${type}`, `{ __type(name: "${type}") { name fields { name ${typeRef} } inputFields { name ${typeRef} } } }`);
  }
  const who = `filters: { username: { contains: "${stamp}" } }, sort: "username"`;
  await graphql('gql.users', `{ usersPermissionsUsers(${who}) { username job level team { name } profile { bio website } picture { name } reviews(sort: "note") { note } favorites { title } role { name rank } } }`);
  await graphql('gql.users-filter-relation', `{ usersPermissionsUsers(filters: { team: { name: { eq: "${stamp} Red" } }, reviews: { note: { gte: 4 } } }) { username } }`);
  await graphql('gql.users-filter-private', `{ usersPermissionsUsers(filters: { secretNote: { eq: "hush" } }) { username } }`);
  await graphql('gql.users-select-private', `{ usersPermissionsUsers(${who}) { username secretNote } }`);
  await graphql('gql.user-connection', `{ usersPermissionsUser(documentId: "${field<string>(bob, ['user', 'documentId'])}") { username reviews_connection(sort: "note") { nodes { note } } } }`);
  await graphql('gql.reviews-author', `{ reviews(filters: { content: { contains: "${stamp}" } }, sort: "note") { note author { username job team { name } } } }`);
  await graphql('gql.team', `{ teams(filters: { name: { contains: "${stamp}" } }) { name members(sort: "username") { username job } leadRole { name rank } } }`);
  await graphql('gql.roles', `{ usersPermissionsRoles(filters: { name: { contains: "${stamp}" } }) { name rank teams { name } } }`);
  await graphql('gql.register-extra-field', `mutation { register(input: { username: "gq-${stamp}", email: "gq-${stamp}@example.com", password: "secret123", job: "x" }) { jwt } }`);
  await graphql('gql.register-missing-required', `mutation { register(input: { username: "gq-${stamp}", email: "gq-${stamp}@example.com", password: "secret123" }) { jwt } }`);
  await graphql('gql.login', `mutation { login(input: { identifier: "ann-${stamp}", password: "secret123" }) { jwt user { username email confirmed role { name } } } }`);
  await graphql('gql.me', '{ me { username email role { name type } } }', annJwt);
  await graphql('gql.update-user', `mutation { updateUsersPermissionsUser(id: "${catId}", data: { job: "sommelier", level: 2, profile: { bio: "Cat" } }) { data { username job level profile { bio } team { name } } } }`);
  await graphql('gql.update-user-invalid', `mutation { updateUsersPermissionsUser(id: "${catId}", data: { level: -2 }) { data { username } } }`);
  await graphql(
    'gql.create-user',
    `mutation { createUsersPermissionsUser(data: { username: "gql-${stamp}", email: "gql-${stamp}@example.com", password: "secret123", role: "${authenticated}", job: "gq", profile: { bio: "G" } }) { data { username job profile { bio } role { name } } } }`,
  );
  await graphql('gql.create-user-missing-required', `mutation { createUsersPermissionsUser(data: { username: "gql2-${stamp}", email: "gql2-${stamp}@example.com", password: "secret123", role: "${authenticated}" }) { data { username } } }`);

  // Deleting a user leaves the team and the reviews, without it.
  await record('users.delete', { method: 'DELETE', path: `/api/users/${catId}` });
  await get('team.members-after-delete', `/api/teams?filters[name][$contains]=${stamp}&populate[members][fields][0]=username&populate[members][sort]=username`);
}
