// Custom routes with each kind of `auth` and of policy.
export default {
  routes: [
    { method: 'GET', path: '/articles-ping', handler: 'article.ping', config: { auth: false } },
    { method: 'GET', path: '/articles-ping/scoped', handler: 'article.ping', config: { auth: { scope: ['api::author.author.find'] } } },
    { method: 'GET', path: '/articles-ping/private', handler: 'api::article.article.ping' },
    { method: 'GET', path: '/articles-ping/refused', handler: 'article.ping', config: { auth: false, policies: ['global::deny'] } },
    { method: 'GET', path: '/articles-ping/explained', handler: 'article.ping', config: { auth: false, policies: [{ name: 'deny', config: { message: 'Not on Sundays' } }] } },
    { method: 'POST', path: '/articles-echo', handler: 'article.echo', config: { auth: false, middlewares: ['global::tag'] } },
    { method: 'GET', path: '/articles-featured-count', handler: 'article.featuredCount', config: { auth: false } },
  ],
};
