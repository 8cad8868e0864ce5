// users-permissions extensions (src/extensions/users-permissions/content-types/{user,role}/schema.json):
// found by load, merged over the built-in schemas as Strapi merges them (top-level keys replace the
// plugin's), checked against what the plugin needs, and two-sided relations with the user and role.
import { join } from 'node:path';
import type { RelationAttribute, ScalarAttribute } from '../runtime/core/model/types';
import { build } from './build';
import { builtinSchemaFile, USER_UID, ROLE_UID } from './builtins';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';
import { loadSchemas } from './load';
import { buildModel } from './model';
import { formatProblem } from './problems';
import { removeTempProjects, tempDir, tempProject } from './test-helpers/temp-project';
import { collectProblems } from './validate';

afterAll(removeTempProjects);

const REPO = join(__dirname, '..');
const USER_FILE = 'src/extensions/users-permissions/content-types/user/schema.json';
const ROLE_FILE = 'src/extensions/users-permissions/content-types/role/schema.json';
const REVIEW_FILE = 'src/api/review/content-types/review/schema.json';

/** The plugin's own attributes of a built-in type, as an extension copies them. */
function pluginAttributes(uid: string): Record<string, object> {
  return (builtinSchemaFile(uid)?.json as { attributes: Record<string, object> }).attributes;
}

function review(attributes: Record<string, unknown> = {}): object {
  return {
    kind: 'collectionType',
    collectionName: 'reviews',
    info: { singularName: 'review', pluralName: 'reviews', displayName: 'review' },
    options: { draftAndPublish: false },
    attributes: { note: { type: 'integer' }, author: { type: 'relation', relation: 'manyToOne', target: USER_UID, inversedBy: 'reviews' }, ...attributes },
  };
}

/** A user extension as Strapi projects write it: the plugin's attributes copied, then the project's. */
function userExtension(attributes: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): object {
  return {
    kind: 'collectionType',
    collectionName: 'up_users',
    info: { name: 'user', singularName: 'user', pluralName: 'users', displayName: 'User' },
    options: { draftAndPublish: false, timestamps: true },
    attributes: {
      ...pluginAttributes(USER_UID),
      reviews: { type: 'relation', relation: 'oneToMany', target: 'api::review.review', mappedBy: 'author' },
      job: { type: 'string', required: true },
      ...attributes,
    },
    ...extra,
  };
}

function check(files: Record<string, unknown>): { problems: string[]; warnings: string[] } {
  const result = collectProblems(loadSchemas(tempProject(files)));
  return { problems: result.problems.map(formatProblem), warnings: result.warnings.map(formatProblem) };
}

describe('users-permissions extensions: loading', () => {
  it('finds the user and role extensions, and warns about what it does not act on', () => {
    const dir = tempProject({
      [REVIEW_FILE]: review(),
      [USER_FILE]: userExtension(),
      [ROLE_FILE]: { attributes: pluginAttributes(ROLE_UID) },
      'src/extensions/users-permissions/content-types/permission/schema.json': { attributes: {} },
      'src/extensions/users-permissions/strapi-server.js': 'module.exports = (plugin) => plugin;\n',
      'src/extensions/upload/content-types/file/schema.json': { attributes: {} },
    });
    const loaded = loadSchemas(dir);
    expect(loaded.extensions.map((e) => [e.uid, e.file])).toEqual([
      [ROLE_UID, ROLE_FILE],
      [USER_UID, USER_FILE],
    ]);
    expect(loaded.extensionsDir).toBe('src/extensions');
    expect(loaded.warnings.map(formatProblem)).toEqual([
      'src/extensions/upload/content-types/file/schema.json: ignored: cms-gen applies content-type extensions to plugin::users-permissions.user and plugin::users-permissions.role only',
      "src/extensions/users-permissions/strapi-server.js: not run: cms-gen does not execute plugin extension code, so what it changes in the users-permissions plugin (content types, controllers, routes) is not applied; declare attributes in content-types/<name>/schema.json and custom code in the generated app's src/",
      'src/extensions/users-permissions/content-types/permission/schema.json: ignored: cms-gen applies content-type extensions to plugin::users-permissions.user and plugin::users-permissions.role only',
    ]);
    expect(collectProblems(loaded).problems).toEqual([]);
  });

  it('finds them beside a flat schema folder too (extensions/…)', () => {
    const dir = tempProject({ 'content-types/review.json': review(), 'extensions/users-permissions/content-types/user/schema.json': userExtension() });
    const loaded = loadSchemas(dir);
    expect([loaded.layout, loaded.extensionsDir, loaded.extensions.map((e) => e.file)]).toEqual(['flat', 'extensions', ['extensions/users-permissions/content-types/user/schema.json']]);
    expect(collectProblems(loaded).problems).toEqual([]);
  });

  it('prints the warnings and the extensions it read when building', () => {
    const dir = tempProject({ [REVIEW_FILE]: review(), [USER_FILE]: userExtension(), 'src/extensions/users-permissions/strapi-server.ts': 'export default (p: unknown) => p;\n' });
    const lines: string[] = [];
    const code = build({ schemasDir: dir, outDir: join(tempDir(), 'app'), check: false, force: false, emit: DEFAULT_EMIT_OPTIONS }, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    expect(code).toBe(0);
    expect(lines[0]).toBe('loaded 1 content type, 0 components, 1 users-permissions extension (user)');
    expect(lines[1]).toMatch(/^src\/extensions\/users-permissions\/strapi-server\.ts: not run: /);
  });
});

describe('users-permissions extensions: merging', () => {
  it('puts the extension over the plugin schema: its attributes as a whole, the keys it leaves out kept', () => {
    const dir = tempProject({
      [REVIEW_FILE]: review(),
      // No collectionName, kind, info nor options: the plugin's stay.
      [USER_FILE]: { attributes: (userExtension({ username: { type: 'string', minLength: 3, maxLength: 30, unique: true, required: true } }) as { attributes: object }).attributes },
    });
    const meta = buildModel(collectProblems(loadSchemas(dir)).definitions);
    const user = meta.contentTypes[USER_UID];
    expect(user).toMatchObject({ table: 'up_users', kind: 'collectionType', singularName: 'user', pluralName: 'users', draftAndPublish: false, localized: false });
    expect(Object.keys(user.attributes)).toEqual(['username', 'email', 'provider', 'password', 'resetPasswordToken', 'confirmationToken', 'confirmed', 'blocked', 'role', 'reviews', 'job']);
    expect(user.attributes.username as ScalarAttribute).toMatchObject({ maxLength: 30, minLength: 3, unique: true });
    expect(user.attributes.job).toMatchObject({ kind: 'scalar', type: 'string', required: true, column: 'job' });
    // The inverse side reads the owner's link table; the owning side is the review's.
    expect(user.attributes.reviews as RelationAttribute).toMatchObject({ owner: false, toMany: true, linkTable: 'reviews_author_lnk', ownerType: 'api::review.review', ownerAttribute: 'author' });
    expect(meta.contentTypes['api::review.review'].attributes.author as RelationAttribute).toMatchObject({ owner: true, inverse: 'reviews', linkTable: 'reviews_author_lnk' });
  });

  it('extends the role the same way, and lets the user own relations to project types', () => {
    const team = {
      kind: 'collectionType',
      info: { singularName: 'team', pluralName: 'teams' },
      attributes: {
        members: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'team' },
        leadRole: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'teams' },
      },
    };
    const dir = tempProject({
      [REVIEW_FILE]: review(),
      'src/api/team/content-types/team/schema.json': team,
      [USER_FILE]: userExtension({ team: { type: 'relation', relation: 'manyToOne', target: 'api::team.team', inversedBy: 'members' } }),
      [ROLE_FILE]: { attributes: { ...pluginAttributes(ROLE_UID), rank: { type: 'integer', default: 0 }, teams: { type: 'relation', relation: 'oneToMany', target: 'api::team.team', mappedBy: 'leadRole' } } },
    });
    const { definitions, problems } = collectProblems(loadSchemas(dir));
    expect(problems).toEqual([]);
    const meta = buildModel(definitions);
    expect(meta.contentTypes[USER_UID].attributes.team as RelationAttribute).toMatchObject({ owner: true, inverse: 'members', linkTable: 'up_users_team_lnk' });
    expect(meta.contentTypes['api::team.team'].attributes.members as RelationAttribute).toMatchObject({ owner: false, linkTable: 'up_users_team_lnk' });
    expect(meta.contentTypes[ROLE_UID].attributes.rank).toMatchObject({ kind: 'scalar', type: 'integer', default: 0 });
    expect(meta.contentTypes[ROLE_UID].attributes.teams as RelationAttribute).toMatchObject({ owner: false, linkTable: 'teams_lead_role_lnk' });
  });
});

describe('users-permissions extensions: validation', () => {
  it('reports what the plugin needs and the extension lost or changed, as file: path: problem', () => {
    const { problems } = check({
      [REVIEW_FILE]: review(),
      [USER_FILE]: userExtension(
        {
          email: { type: 'string', required: true },
          role: { type: 'relation', relation: 'oneToOne', target: ROLE_UID },
          password: { type: 'password' },
        },
        { kind: 'singleType', info: { singularName: 'member', pluralName: 'members' }, options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } } },
      ),
    });
    expect(problems).toEqual([
      // The role's side of the changed role relation says so too.
      '(built-in plugin::users-permissions.role): attributes.users.mappedBy: plugin::users-permissions.user.role must declare inversedBy "users" (it is one-sided)',
      `${USER_FILE}: kind: the users-permissions user type is a collectionType`,
      `${USER_FILE}: info.singularName: must stay "user": the users-permissions plugin's routes and GraphQL types are named after it`,
      `${USER_FILE}: info.pluralName: must stay "users": the users-permissions plugin's routes and GraphQL types are named after it`,
      `${USER_FILE}: options.draftAndPublish: draft & publish is not supported on plugin::users-permissions.user: the users-permissions plugin reads and writes its published rows only`,
      `${USER_FILE}: pluginOptions.i18n.localized: plugin::users-permissions.user cannot be localized: the users-permissions plugin keeps one row per user`,
      `${USER_FILE}: attributes.email: the users-permissions plugin needs email as a email attribute`,
      `${USER_FILE}: attributes.password.private: password must stay private: it holds a secret of the users-permissions plugin`,
      `${USER_FILE}: attributes.role: the users-permissions plugin needs role as a manyToOne relation to plugin::users-permissions.role, inversedBy "users"`,
    ]);
  });

  it("an extension that leaves out attributes of the plugin: as in Strapi 5.54 they leave the API, and cms-gen keeps them private for the plugin's own code", () => {
    // As a real project (akvo) writes it: the plugin's attributes copied, but for blocked.
    const { blocked, ...copied } = pluginAttributes(USER_UID);
    expect(blocked).toBeDefined();
    const partial = { ...(userExtension() as { attributes: object }), attributes: { ...copied, approved: { type: 'boolean', default: false }, reviews: { type: 'relation', relation: 'oneToMany', target: 'api::review.review', mappedBy: 'author' } } };
    const files = { [REVIEW_FILE]: review(), [USER_FILE]: partial };
    expect(check(files)).toEqual({
      problems: [],
      warnings: [
        `${USER_FILE}: attributes: blocked is not declared: an extension's attributes replace the plugin's, so as in Strapi the content API neither returns nor filters it; cms-gen keeps it private for the users-permissions plugin's own use (copy the plugin's attributes into the extension to keep it in the API)`,
      ],
    });
    const user = buildModel(collectProblems(loadSchemas(tempProject(files))).definitions).contentTypes[USER_UID];
    expect(user.attributes.blocked).toMatchObject({ kind: 'scalar', type: 'boolean', private: true, default: false });
    expect(user.attributes.approved).toMatchObject({ kind: 'scalar', type: 'boolean', private: false });
    expect(user.attributes.password).toMatchObject({ private: true });

    // Only its own attributes: every attribute of the plugin is kept, private.
    const own = check({ [REVIEW_FILE]: review(), [USER_FILE]: { attributes: { reviews: { type: 'relation', relation: 'oneToMany', target: 'api::review.review', mappedBy: 'author' } } } });
    expect(own.problems).toEqual([]);
    expect(own.warnings).toContain(
      `${USER_FILE}: attributes: username, email, provider, password, resetPasswordToken, confirmationToken, confirmed, blocked, role are not declared: an extension's attributes replace the plugin's, so as in Strapi the content API neither returns nor filters them; cms-gen keeps them private for the users-permissions plugin's own use (copy the plugin's attributes into the extension to keep them in the API)`,
    );
  });

  it('reports an extension file that is not JSON or not an object', () => {
    expect(check({ [REVIEW_FILE]: review({ author: { type: 'relation', relation: 'manyToOne', target: USER_UID } }), [USER_FILE]: '{ "attributes": ' }).problems[0]).toMatch(
      new RegExp(`^${USER_FILE}: invalid JSON: `),
    );
    expect(check({ [REVIEW_FILE]: review({ author: { type: 'relation', relation: 'manyToOne', target: USER_UID } }), [ROLE_FILE]: [] }).problems).toEqual([`${ROLE_FILE}: a schema must be a JSON object, got []`]);
  });

  it('refuses an inversedBy to the user without the extension declaring the other side, naming the file to declare it in', () => {
    expect(check({ [REVIEW_FILE]: review() }).problems).toEqual([
      `${REVIEW_FILE}: attributes.author.inversedBy: attribute "reviews" does not exist on plugin::users-permissions.user (Strapi refuses this too): declare it (mappedBy "author") in src/extensions/users-permissions/content-types/user/schema.json, or remove inversedBy to make the relation one-sided`,
    ]);
    expect(check({ [REVIEW_FILE]: review(), [USER_FILE]: userExtension({ reviews: { type: 'relation', relation: 'oneToMany', target: 'api::review.review' } }) }).problems).toEqual([
      `${REVIEW_FILE}: attributes.author.inversedBy: plugin::users-permissions.user.reviews must declare mappedBy "author" (it is one-sided)`,
    ]);
  });

  it('leaves out, with a warning, a mappedBy whose owner does not name it back (FoodAdvisor user.articles)', () => {
    const article = { kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles' }, attributes: { title: { type: 'string' } } };
    const dir = tempProject({
      [REVIEW_FILE]: review(),
      'src/api/article/content-types/article/schema.json': article,
      [USER_FILE]: userExtension({ articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' } }),
    });
    const result = collectProblems(loadSchemas(dir));
    expect(result.problems).toEqual([]);
    expect(result.warnings.map(formatProblem)).toEqual([
      `${USER_FILE}: attributes.articles.mappedBy: attribute "author" does not exist on api::article.article: the relation can hold no links and is left out (Strapi starts with it but never fills it)`,
    ]);
    expect(Object.keys(buildModel(result.definitions).contentTypes[USER_UID].attributes)).not.toContain('articles');
  });
});

describe('FoodAdvisor (test/realworld/foodadvisor)', () => {
  it('builds unchanged, with its user extension merged and what it does not act on warned', () => {
    const result = collectProblems(loadSchemas(join(REPO, 'test', 'realworld', 'foodadvisor')));
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.warnings.map(formatProblem)).toEqual([
      "src/api/article/content-types/article/schema.json: attributes.ckeditor_content.options: cms-gen ignores options (a custom field's options configure its admin-panel input)",
      'src/api/global/content-types/global/schema.json: pluginOptions.versions: cms-gen ignores pluginOptions.versions (content history is an admin-panel feature cms-gen does not have)',
      'src/api/page/content-types/page/schema.json: options.reviewWorkflows: cms-gen ignores options.reviewWorkflows (review workflows are an admin-panel feature; entries are written without stages)',
      'src/api/restaurant/content-types/restaurant/schema.json: options.reviewWorkflows: cms-gen ignores options.reviewWorkflows (review workflows are an admin-panel feature; entries are written without stages)',
      `${USER_FILE}: attributes.articles.mappedBy: attribute "author" does not exist on api::article.article: the relation can hold no links and is left out (Strapi starts with it but never fills it)`,
    ]);
    const user = buildModel(result.definitions).contentTypes[USER_UID];
    expect(Object.keys(user.attributes).slice(9)).toEqual(['reviews', 'picture', 'job']);
    expect(user.attributes.picture).toMatchObject({ kind: 'media', multiple: false });
  });
});
