// Core routes without delete; the list refuses a `?deny` query through an inline policy.
import { factories } from '../../../../../fixtures/strapi-blog/app/src/factories';

export default factories.createCoreRouter('api::article.article', {
  except: ['delete'],
  config: {
    find: { policies: [(policyContext) => policyContext.query.deny === undefined] },
  },
});
