// Extends the core service: the core controller's findOne answers with `displayName` added.
import { factories } from '../../../../../fixtures/strapi-blog/app/src/factories';

export default factories.createCoreService('api::author.author', ({ core }) => ({
  async findOne(documentId, params) {
    // `core` is typed (tsc checks this file): findOne takes the documentId first.
    // @ts-expect-error a params object is not a documentId
    const misordered: Parameters<typeof core.findOne> = [params];
    void misordered;
    const author = await core.findOne(documentId, params);
    return author && { ...author, displayName: String(author.name).toUpperCase() };
  },
}));
