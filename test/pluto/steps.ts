// Side-by-side steps on PLUTO (test/pluto-kit: the schemas of the University of Vienna's PLUTO
// survey tool, packages/cms, as committed). Unlike the other sets: `blocks` attributes everywhere,
// most of them required (rich text as Strapi's block nodes: paragraphs with marks and links,
// headings, lists, quotes, code, images), required repeatable components, enumeration values with
// spaces (`none of the above`), relations inside repeatable components (a survey group's
// questions, a submission item's question), a required media, and seven single types. The same
// steps run against real Strapi 5.54 (`tsx test/answers/record.ts pluto` writes answers.json) and
// the generated app (test/e2e/pluto-answers.test.ts). Every document carries the run's stamp and
// every list is filtered down to it, so a reused Strapi database does not change the answers.
import type { Context } from '../answers/run';
import { docId, gql, PNG, type Json } from '../answers/step-helpers';

/** A paragraph of block nodes. */
const paragraph = (text: string): Json => ({ type: 'paragraph', children: [{ type: 'text', text }] });

export async function plutoSteps(context: Context): Promise<void> {
  const { record, send, stamp: s } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const mine = `filters[body][$startsWith]=${s}`;

  const image = ((await record('seed.upload', { method: 'POST', path: '/api/upload', upload: { name: `${s}-logo.png`, type: 'image/png', bytes: PNG } })).body as Array<{ id: number; url: string; name: string }>)[0];

  // Every kind of block node Strapi's editor writes.
  const rich = [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Why' }] },
    { type: 'paragraph', children: [{ type: 'text', text: 'Plain, ' }, { type: 'text', text: 'bold', bold: true }, { type: 'text', text: ' and ', italic: true, underline: true }, { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'a link' }] }] },
    { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] }, { type: 'list-item', children: [{ type: 'text', text: 'two', strikethrough: true }] }] },
    { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'first', code: true }] }] },
    { type: 'quote', children: [{ type: 'text', text: 'Said once' }] },
    { type: 'code', language: 'ts', children: [{ type: 'text', text: 'const x = 1;' }] },
    { type: 'image', image: { name: image.name, alternativeText: 'Logo', url: image.url, width: 1, height: 1, hash: 'logo', ext: '.png', mime: 'image/png', size: 0.07, provider: 'local', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }, children: [{ type: 'text', text: '' }] },
  ];

  // Questions: required components and blocks, choices with enumeration values holding spaces.
  const question = (body: string, extra: Json = {}): Json => ({
    body: `${s} ${body}`,
    metadata: { impact: 'risk', feedback: [paragraph('Careful')], selectionMin: 1, selectionMax: 2 },
    explanation: rich,
    weightingRationale: [paragraph('Because')],
    choices: [
      { weight: 2, type: 'regular', body: 'Yes', feedback: [paragraph('Good')] },
      { weight: 0, type: 'none of the above', body: 'None' },
    ],
    ...extra,
  });
  const q1 = docId(await post('question.create', '/api/questions?populate=*', question('Do you share data?')));
  const q2 = docId(await post('question.create-2', '/api/questions', question('Do you delete data?', { metadata: { impact: 'benefit', selectionMin: 0 }, choices: [{ weight: 1, type: 'no answer', body: 'Skip' }] })));
  await post('question.body-unique', '/api/questions', question('Do you share data?'));
  await post('question.enum-invalid', '/api/questions', question('Maybe?', { choices: [{ weight: 1, type: 'maybe', body: 'Maybe' }] }));
  await post('question.choices-missing', '/api/questions', question('No choices?', { choices: undefined }));
  await post('question.choices-empty', '/api/questions', question('Empty choices?', { choices: [] }));
  await post('question.metadata-missing', '/api/questions', question('No metadata?', { metadata: undefined }));
  await post('question.choice-field-missing', '/api/questions', question('Half a choice?', { choices: [{ weight: 1, type: 'regular' }] }));
  await post('question.blocks-no-children', '/api/questions', question('Broken blocks?', { explanation: [{ type: 'paragraph' }] }));
  await post('question.blocks-not-array', '/api/questions', question('Text blocks?', { explanation: 'just text' }));
  await post('question.blocks-unknown-node', '/api/questions', question('Odd blocks?', { explanation: [{ type: 'table', children: [] }] }));
  await post('question.blocks-empty', '/api/questions', question('Empty blocks?', { explanation: [] }));
  await post('question.create-draft-no-choices', '/api/questions?status=draft', { body: `${s} No choices draft?` });
  await post('question.create-draft-null-choices', '/api/questions?status=draft', { body: `${s} Null choices draft?`, choices: null });
  const draftQuestion = docId(await post('question.create-draft', '/api/questions?status=draft', { body: `${s} Draft?`, choices: [] }));
  await get('question.list', `/api/questions?${mine}&sort=body&fields[0]=body&populate[choices]=true&populate[metadata]=true`);
  await get('question.find', `/api/questions/${q1}?fields[0]=body&fields[1]=explanation&fields[2]=weightingRationale`);
  await get('question.filter-choice-type', `/api/questions?${mine}&filters[choices][type][$eq]=none%20of%20the%20above&fields[0]=body`);
  await get('question.filter-impact', `/api/questions?${mine}&filters[metadata][impact][$eq]=benefit&fields[0]=body`);
  await get('question.filter-weight', `/api/questions?${mine}&filters[choices][weight][$gte]=2&sort=body:desc&fields[0]=body`);
  await get('question.drafts', `/api/questions?${mine}&status=draft&sort=body&fields[0]=body&fields[1]=publishedAt&populate[choices]=true`);
  await put('question.publish-incomplete', `/api/questions/${draftQuestion}`, { weightingRationale: [paragraph('Now')] });
  await put('question.update-choices', `/api/questions/${q2}?fields[0]=body&populate[choices]=true`, { choices: [{ weight: 3, type: 'other', body: 'Other' }, { weight: 1, type: 'no answer', body: 'Skip' }] });

  // Posts: a unique title, a uid, the SEO component nesting Open Graph with a media and JSON.
  const seo = (title: string): Json => ({ metaTitle: title, metaDescription: `About ${title}: what the survey asks, and why it asks it.`, keywords: 'survey, data', metaRobots: 'index', structuredData: { '@type': 'Article', name: title }, openGraph: { ogTitle: title, ogDescription: 'OG', ogImage: image.id, ogType: 'article' } });
  const postId = docId(await post('post.create', '/api/posts', { title: `${s} Launch`, slug: `launch-${s}`, body: rich, seo: seo('Launch') }));
  await post('post.slug-invalid', '/api/posts', { title: `${s} Bad slug`, slug: 'with space', body: [paragraph('x')] });
  await post('post.seo-bounds', '/api/posts', { title: `${s} Bad seo`, slug: `bad-seo-${s}`, body: [paragraph('x')], seo: { metaTitle: 'x'.repeat(61), metaDescription: 'too short', keywords: ',' } });
  const shortDraft = docId(await post('post.create-draft-short', '/api/posts?status=draft&populate[seo]=true', { title: `${s} Short draft`, slug: `short-${s}`, body: [paragraph('x')], seo: { metaTitle: 't', metaDescription: 'short', keywords: ',' } }));
  await put('post.publish-short', `/api/posts/${shortDraft}`, { title: `${s} Short draft` });
  await put('post.draft-too-long', `/api/posts/${shortDraft}?status=draft`, { seo: { metaTitle: 'x'.repeat(61), metaDescription: 'short' } });
  await post('post.og-incomplete', '/api/posts', { title: `${s} Bad og`, slug: `bad-og-${s}`, body: [paragraph('x')], seo: { metaTitle: 'x', metaDescription: 'y'.repeat(50), openGraph: { ogTitle: 'only' } } });
  await get('post.find', `/api/posts/${postId}?populate[seo][populate][openGraph][populate][ogImage][fields][0]=name&populate[seo][populate][metaImage]=true`);
  await get('post.list', `/api/posts?filters[title][$startsWith]=${s}&fields[0]=title&fields[1]=slug&populate[seo][fields][0]=metaTitle&populate[seo][fields][1]=structuredData`);
  await get('post.filter-seo', `/api/posts?filters[title][$startsWith]=${s}&filters[seo][openGraph][ogType][$eq]=article&fields[0]=title`);

  // Submissions (no draft & publish): items relating to questions.
  const submission = docId(
    await post('submission.create', '/api/submissions?populate[items][populate][question][fields][0]=body', {
      userId: `u${s}`,
      sessionId: `s${s}`,
      items: [
        { value: 'Yes', question: q1, choiceId: 1, timeSpentOnQuestion: 3.5 },
        { value: 'Skip', question: q2, choiceId: 2, timeSpentOnQuestion: 12.25 },
      ],
    }),
  );
  await post('submission.items-missing', '/api/submissions', { userId: `u${s}` });
  await post('submission.decimal-invalid', '/api/submissions', { userId: `u${s}`, items: [{ value: 'x', choiceId: 1, timeSpentOnQuestion: 'slow' }] });
  await get('submission.filter-question', `/api/submissions?filters[userId][$eq]=u${s}&filters[items][question][body][$eq]=${s}%20Do%20you%20share%20data%3F&fields[0]=sessionId&populate[items][fields][0]=value`);
  await get('submission.find', `/api/submissions/${submission}?populate[items][populate][question][fields][0]=body&populate[items][populate][question][populate][choices]=true`);

  // Single types (shared between runs: each is deleted first, unrecorded).
  for (const single of ['survey', 'home-page', 'result-page', 'glossary-page', 'feedback-page']) await send({ method: 'DELETE', path: `/api/${single}` });
  await put('survey.update', '/api/survey?populate[groups][populate][questions][fields][0]=body&populate[logo][fields][0]=name', { title: `${s} Data survey`, logo: image.id, groups: [{ title: 'Sharing', questions: [q1, q2] }, { title: 'Empty' }] });
  await put('survey.group-title-missing', '/api/survey', { title: `${s} Data survey`, groups: [{ questions: [q1] }] });
  // A group's `title` is unique: twice in the survey's groups, each entry is refused (nothing written).
  await put('survey.group-title-twice', '/api/survey', { title: `${s} Data survey`, groups: [{ title: 'Sharing' }, { title: 'Other' }, { title: 'Sharing' }] });
  await get('survey.find', '/api/survey?populate[groups][populate][questions][fields][0]=body&populate[groups][populate][questions][sort]=body:desc');
  await put('home-page.contributors-missing', '/api/home-page', { content: [paragraph('Welcome')] });
  await put('home-page.update', '/api/home-page', { content: [paragraph('Welcome')], contributorsInfo: rich, seo: seo('Home') });
  await get('home-page.find', '/api/home-page?populate[seo][populate]=*');
  await put('result-page.update', '/api/result-page', { resultsReadyTitle: `${s} Ready`, explanation: [paragraph('Results')] });
  await get('result-page.find', '/api/result-page?fields[0]=resultsReadyTitle&fields[1]=displayFeedbackForm');
  await put('glossary-page.update', '/api/glossary-page?populate[items]=true', { introduction: [paragraph('Terms')], items: [{ name: 'Data', description: [paragraph('Facts')] }, { name: 'Consent', description: rich }] });
  await put('glossary-page.item-description-missing', '/api/glossary-page', { introduction: [paragraph('Terms')], items: [{ name: 'Nothing' }] });
  await put('feedback-page.update-draft', '/api/feedback-page?status=draft', { content: [paragraph('Draft feedback')] });
  await get('feedback-page.find-published', '/api/feedback-page');
  await get('feedback-page.find-draft', '/api/feedback-page?status=draft&fields[0]=content');

  // Deletes.
  await record('question.delete', { method: 'DELETE', path: `/api/questions/${q2}` });
  await get('survey.after-question-delete', '/api/survey?fields[0]=title&populate[groups][populate][questions][fields][0]=body');
  await get('submission.after-question-delete', `/api/submissions/${submission}?fields[0]=userId&populate[items][populate][question][fields][0]=body`);

  // GraphQL: enumeration values with spaces, blocks, relations inside components.
  await record('graphql.questions', gql(`{ questions(filters: { body: { startsWith: "${s}" } }, sort: "body") { body metadata { impact selectionMin } choices { weight type body } } }`));
  await record('graphql.filter-enum', gql(`{ questions(filters: { body: { startsWith: "${s}" }, choices: { type: { eq: "none of the above" } } }) { body } }`));
  await record('graphql.survey', gql('{ survey { title logo { name } groups { title questions { body } } } }'));
  await record('graphql.post', gql(`query($id: ID!) { post(documentId: $id) { title slug body seo { metaTitle structuredData openGraph { ogTitle ogImage { name } } } } }`, { id: postId }));
  await record('graphql.submissions', gql(`{ submissions(filters: { userId: { eq: "u${s}" } }) { sessionId items { value choiceId timeSpentOnQuestion question { body } } } }`));
  await record('graphql.create-question', gql(`mutation { createQuestion(data: { body: "${s} Via GraphQL?", metadata: { impact: benefit, selectionMin: 1 }, explanation: [{ type: "paragraph", children: [{ type: "text", text: "x" }] }], weightingRationale: [], choices: [{ weight: 1, type: none_of_the_above, body: "n" }] }) { body choices { type } } }`));
}
