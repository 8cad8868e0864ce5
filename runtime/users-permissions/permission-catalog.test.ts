import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { allActions, enabledActions, permissionTree } from './permission-catalog';

describe('permission catalog', () => {
  const tree = permissionTree(schema, new Set(['api::article.article.find', 'plugin::users-permissions.user.me']));

  it("lists the app's content types (single types without findOne/create) and the plugins, in Strapi's order", () => {
    expect(Object.keys(tree)).toEqual(['api::article', 'api::author', 'api::category', 'api::homepage', 'api::private-note', 'api::seo-page', 'plugin::upload', 'plugin::i18n', 'plugin::users-permissions']);
    expect(Object.keys(tree['api::article'].controllers.article)).toEqual(['find', 'findOne', 'create', 'update', 'delete']);
    expect(Object.keys(tree['api::homepage'].controllers.homepage)).toEqual(['find', 'update', 'delete']);
    expect(Object.keys(tree['plugin::users-permissions'].controllers)).toEqual(['auth', 'user', 'role', 'permissions']);
    expect(tree['plugin::i18n'].controllers.locales).toEqual({ listLocales: { enabled: false, policy: '' } });
  });

  it('marks granted actions', () => {
    expect(tree['api::article'].controllers.article.find).toEqual({ enabled: true, policy: '' });
    expect(tree['api::article'].controllers.article.create).toEqual({ enabled: false, policy: '' });
    expect(tree['plugin::users-permissions'].controllers.user.me.enabled).toBe(true);
  });

  it('has no entry for internal types (sessions, tokens, settings, users, roles as content types)', () => {
    const actions = allActions(schema);
    expect(actions.filter((a) => /session|api-token|setting|\.permission\./.test(a))).toEqual([]);
    expect(actions).toContain('plugin::upload.content-api.findPage');
    expect(new Set(actions).size).toBe(actions.length);
  });

  it("adds custom-route actions to their api's entry, before the plugins, and to the known actions", () => {
    const custom = ['api::article.article.featured', 'api::article.stats.count'];
    const withCustom = permissionTree(schema, new Set(['api::article.article.featured']), custom);
    expect(Object.keys(withCustom)[0]).toBe('api::article');
    expect(Object.keys(withCustom).indexOf('plugin::upload')).toBeGreaterThan(Object.keys(withCustom).indexOf('api::seo-page'));
    expect(Object.keys(withCustom['api::article'].controllers.article)).toEqual(['find', 'findOne', 'create', 'update', 'delete', 'featured']);
    expect(withCustom['api::article'].controllers.article.featured).toEqual({ enabled: true, policy: '' });
    expect(withCustom['api::article'].controllers.stats).toEqual({ count: { enabled: false, policy: '' } });
    expect(allActions(schema, custom)).toEqual(expect.arrayContaining(custom));
    expect(allActions(schema)).not.toContain('api::article.article.featured');
  });

  it('reads enabled leaves of a request tree, ignoring unknown actions and junk', () => {
    const known = new Set(allActions(schema));
    const request = {
      'api::article': { controllers: { article: { find: { enabled: true }, create: { enabled: false }, nope: { enabled: true } } } },
      'api::ghost': { controllers: { ghost: { find: { enabled: true } } } },
      'plugin::users-permissions': { controllers: { user: { me: { enabled: 'yes' }, count: { enabled: true } } } },
      junk: 3,
    };
    expect(enabledActions(request, known)).toEqual(['api::article.article.find', 'plugin::users-permissions.user.count']);
    expect(enabledActions(null, known)).toEqual([]);
  });
});
