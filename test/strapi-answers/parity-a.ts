// Side-by-side requests for issue 12's items 1, 2, 3 and 8 (dynamic-zone `on`, writes Strapi
// accepts, nested GraphQL queries, validation messages and refused keys' details). The same
// steps run against real Strapi 5.54 (`tsx test/answers/record.ts parity-a`, which writes
// parity-a.json) and against the generated app (test/e2e/strapi-answers.test.ts replays it), so CI
// needs no Strapi.
// Every step creates its own data under a fresh prefix, and removes it at the end.
import type { Answer, Steps } from '../answers/run';

const dataOf = (answer: Answer): Record<string, unknown> => {
  const data = (answer.body as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) throw new Error(`no data in ${JSON.stringify(answer.body)}`);
  return data as Record<string, unknown>;
};

/** `levels` nested fields (articles → categories → …), each list filtered down to the run's own documents. */
function nestedQuery(levels: number, prefix: string): string {
  const article = `(filters: { title: { startsWith: "${prefix}" } })`;
  const category = `(filters: { name: { startsWith: "${prefix}" } })`;
  let selection = levels % 2 === 1 ? 'name' : 'title';
  for (let level = levels - 1; level >= 1; level--) selection = level % 2 === 1 ? `articles${article} { title ${selection} }` : `categories${category} { name ${selection} }`;
  return `query Deep { ${selection} }`;
}

/** The parity-a steps (test/answers/sets.ts); the run's stamp is the prefix of every document. */
export const parityASteps: Steps = async ({ send, record, stamp: prefix }) => {
  const created: string[] = [];
  const create = async (plural: string, data: object): Promise<string> => {
    const answer = await send({ method: 'POST', path: `/api/${plural}`, body: { data } });
    const documentId = String(dataOf(answer).documentId);
    created.push(`/api/${plural}/${documentId}`);
    return documentId;
  };
  const graphql = (name: string, query: string) => record(name, { method: 'POST', path: '/graphql', body: { query } });

  try {
    // 1. Dynamic-zone populate with `on`.
    // An explicit slug: the fixture app's own lifecycle (user code) fills a missing one.
    const category = await create('categories', { name: `${prefix} category`, slug: `${prefix}-category` });
    const article = await create('articles', {
      title: `${prefix} zone`,
      categories: [category],
      sections: [
        { __component: 'sections.cta', label: 'first', category },
        { __component: 'sections.rich-text', body: 'text' },
        { __component: 'sections.hero', title: 'hero' },
        { __component: 'sections.cta', label: 'last' },
      ],
    });
    const zone = (name: string, populate: string) => record(name, { method: 'GET', path: `/api/articles/${article}?fields[0]=title&${populate}` });
    await zone('zone.on-two-kinds', 'populate[sections][on][sections.hero][populate]=*&populate[sections][on][sections.cta]=true');
    await zone('zone.on-one-kind-nested-fields', 'populate[sections][on][sections.cta][populate][category][fields][0]=name');
    await zone('zone.on-false-still-named', 'populate[sections][on][sections.hero]=false&populate[sections][on][sections.rich-text]=true');
    await zone('zone.star-then-on', 'populate[sections][populate]=*&populate[sections][on][sections.cta]=true');
    await zone('zone.on-then-star', 'populate[sections][on][sections.cta][populate][category][fields][0]=name&populate[sections][populate]=*');
    await zone('zone.true', 'populate[sections]=true');
    await zone('zone.star', 'populate[sections][populate]=*');

    // 2. Writes Strapi accepts, and the keys it refuses (with their details).
    const accepted = await record('write.published-at-null-and-locale', { method: 'POST', path: '/api/authors', body: { data: { name: `${prefix} author`, publishedAt: null, locale: 'fr' } } });
    created.push(`/api/authors/${String(dataOf(accepted).documentId)}`);
    const draft = await record('write.published-at-date-as-draft', { method: 'POST', path: '/api/articles?status=draft', body: { data: { title: `${prefix} draft`, publishedAt: '2020-01-01T00:00:00.000Z' } } });
    created.push(`/api/articles/${String(dataOf(draft).documentId)}`);
    await record('write.update-published-at-null', { method: 'PUT', path: `/api/articles/${article}?fields[0]=title`, body: { data: { title: `${prefix} zone 2`, publishedAt: null, locale: 'fr' } } });
    for (const key of ['bogus', 'createdAt', 'updatedAt', 'createdBy', 'id', 'documentId', 'localizations']) {
      await record(`write.refused.${key}`, { method: 'POST', path: '/api/authors', body: { data: { name: `${prefix} refused`, [key]: key === 'localizations' ? [] : 'x' } } });
    }
    await record('write.refused.component-created-at', { method: 'POST', path: '/api/articles', body: { data: { title: `${prefix} refused`, seo: { meta_title: 'm', createdAt: '2020-01-01T00:00:00.000Z' } } } });

    // 8. Validation messages and details, word for word.
    const refused = (name: string, plural: string, data: object) => record(`error.${name}`, { method: 'POST', path: `/api/${plural}`, body: { data } });
    await refused('required-null', 'articles', { title: null });
    await refused('number-from-text', 'articles', { title: `${prefix} nan`, views: 'abc' });
    await refused('not-an-integer', 'articles', { title: `${prefix} int`, views: 1.5 });
    await refused('two-errors', 'articles', { title: null, views: -5 });
    await refused('missing-required-draft-and-publish', 'articles', { views: 1 });
    await refused('missing-required-no-draft-and-publish', 'authors', { bio: 'x' });
    await refused('nested-required-label', 'articles', { title: `${prefix} nested`, seo: { meta_title: 'm', meta_social: [{ title: 't' }] } });
    await refused('nested-type-label', 'articles', { title: `${prefix} nested`, seo: { meta_title: 'm', meta_social: [{ title: 't', social_network: 'Facebook' }, { title: 5, social_network: 'Facebook' }] } });
    await refused('zone-required-label', 'articles', { title: `${prefix} zone`, sections: [{ __component: 'sections.hero' }] });
    await refused('component-required-missing', 'articles', { title: `${prefix} seo`, seo: {} });

    // 8. A method a content route does not have.
    await record('method.post-single-type', { method: 'POST', path: '/api/homepage', body: { data: { title: 'x' } } });
    await record('method.patch-collection', { method: 'PATCH', path: '/api/articles', body: { data: {} } });
    await record('method.post-document', { method: 'POST', path: `/api/articles/${article}`, body: { data: {} } });

    // 2 (GraphQL). publishedAt and locale in inputs.
    const gqlArticle = await graphql('graphql.create-published-at-null', `mutation { createArticle(data: { title: "${prefix} gql", publishedAt: null, locale: "fr" }) { documentId title } }`);
    const gqlId = (gqlArticle.body as { data?: { createArticle?: { documentId?: string } } }).data?.createArticle?.documentId;
    if (gqlId) created.push(`/api/articles/${gqlId}`);
    await graphql('graphql.category-input-has-no-locale', `mutation { createCategory(data: { name: "${prefix} gql", locale: "fr" }) { name } }`);

    // 3. Nested queries: five and eleven levels are answered, twelve exceed depthLimit (10).
    await graphql('graphql.five-levels', nestedQuery(5, prefix));
    await graphql('graphql.eleven-levels', nestedQuery(11, prefix));
    await graphql('graphql.twelve-levels', nestedQuery(12, prefix));
  } finally {
    for (const path of created.reverse()) await send({ method: 'DELETE', path });
  }
};
