import { managementGrants, publicGrantsWarning } from './public-grants-warning';

describe('public grants warning', () => {
  it('names every user or role management action the role holds', () => {
    const actions = ['api::article.article.find', 'plugin::users-permissions.user.update', 'plugin::users-permissions.role.createRole', 'plugin::users-permissions.user.me'];
    expect(managementGrants(actions)).toEqual(['plugin::users-permissions.user.update', 'plugin::users-permissions.role.createRole']);
    const lines = publicGrantsWarning(actions);
    expect(lines[0]).toMatch(/WARNING: the Public role can manage users or roles/);
    expect(lines.join('\n')).toContain('plugin::users-permissions.user.update, plugin::users-permissions.role.createRole');
  });

  it('says nothing for read-only user access or content grants', () => {
    expect(publicGrantsWarning(['api::article.article.create', 'plugin::users-permissions.user.find', 'plugin::users-permissions.user.me', 'plugin::users-permissions.role.find'])).toEqual([]);
  });
});
