// Extends the core service: the core controller's findOne answers with `displayName` added.
import { factories } from '../../../../../fixtures/strapi-blog/app/src/factories';

export default factories.createCoreService('api::author.author', ({ core }) => ({
  async findOne(documentId, params) {
    const author = await core.findOne(documentId, params);
    return author && { ...author, displayName: String(author.name).toUpperCase() };
  },
}));
