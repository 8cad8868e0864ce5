// Side-by-side steps on `unique` attributes (test/unique-kit: a draft & publish gadget and a tool
// without it, each with unique attributes of its own and a code box component, whose `code` and
// `rank` are unique, held single, repeatable, nested in a holder and in a dynamic zone; the shape
// of the public projects in test/realworld with unique component attributes).
// Strapi 5.54 checks them when a version is published, scoped to the content type, the
// attribute's path and the other documents' published versions, and lists every clash together
// (`2 errors occurred`) once nothing else is wrong. The same steps run against real Strapi 5.54
// (`tsx test/answers/record.ts unique` writes answers.json) and the generated app
// (test/e2e/unique-answers.test.ts). Integers are fixed, so both run on a fresh database. A
// localized page shows the locale's part in the scope.
import type { Context } from '../answers/run';
import { docId, gql } from '../answers/step-helpers';

export async function uniqueSteps(context: Context): Promise<void> {
  const { record, stamp: s } = context;
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const code = (name: string) => ({ __component: 'parts.code-box', code: `${s} ${name}` });
  const box = (name: string, more: Record<string, unknown> = {}) => ({ code: `${s} ${name}`, ...more });
  const all = 'populate[box]=true&populate[boxes]=true&populate[holder][populate]=box&populate[zone][on][parts.code-box]=true&populate[zone][on][parts.holder][populate]=box';

  // A published gadget holding a value at every path.
  const first = docId(
    await post('gadget.first', `/api/gadgets?${all}`, {
      name: `${s} A`,
      serial: 1,
      box: box('X', { rank: 1 }),
      boxes: [box('Y1'), box('Y2')],
      holder: { box: box('H') },
      zone: [code('D'), { __component: 'parts.holder', box: box('E') }],
    }),
  );

  // Its own attributes: every clash listed, after anything else wrong.
  await post('gadget.name-clash', '/api/gadgets', { name: `${s} A` });
  await post('gadget.name-and-serial-clash', '/api/gadgets', { name: `${s} A`, serial: 1 });
  await post('gadget.name-and-box-clash', '/api/gadgets', { name: `${s} A`, box: box('X') });
  await post('gadget.too-long-and-box-clash', '/api/gadgets', { name: `${s} B0`, short: 'long', box: box('X') });
  await post('gadget.label-too-long-and-box-clash', '/api/gadgets', { name: `${s} B0`, box: box('X', { label: 'too long' }) });

  // A component's attributes, by path.
  await post('gadget.box-clash', '/api/gadgets', { name: `${s} B1`, box: box('X') });
  await post('gadget.box-rank-clash', '/api/gadgets', { name: `${s} B1`, box: { rank: 1 } });
  await post('gadget.boxes-clash', '/api/gadgets', { name: `${s} B1`, boxes: [box('Z'), box('Y2')] });
  await post('gadget.boxes-twice', '/api/gadgets', { name: `${s} B1`, boxes: [box('Z'), box('W'), box('Z')] });
  await post('gadget.holder-clash', '/api/gadgets', { name: `${s} B1`, holder: { title: 't', box: box('H') } });
  await post('gadget.every-path-clash', '/api/gadgets', { name: `${s} B1`, box: box('X'), boxes: [box('Y1')], holder: { box: box('H') }, zone: [code('D')] });
  await post('gadget.other-path-same-value', `/api/gadgets?${all}`, { name: `${s} B2`, box: box('Y1'), boxes: [box('X'), box('H')], holder: { box: box('Y2') } });
  await post('gadget.rank-in-boxes-same-as-box', '/api/gadgets?fields[0]=name', { name: `${s} B3`, boxes: [{ rank: 1 }] });

  // A dynamic zone: its entries of one component, here and in the other versions' zones.
  await post('gadget.zone-clash', '/api/gadgets', { name: `${s} C1`, zone: [code('D')] });
  await post('gadget.zone-twice', '/api/gadgets', { name: `${s} C1`, zone: [code('F'), code('F')] });
  await post('gadget.zone-nested-against-entry', '/api/gadgets', { name: `${s} C1`, zone: [{ __component: 'parts.holder', box: box('D') }] });
  await post('gadget.zone-nested-against-nested', '/api/gadgets?fields[0]=name', { name: `${s} C2`, zone: [{ __component: 'parts.holder', box: box('E') }] });

  // Empty and null values never clash.
  await post('gadget.empty-and-null', '/api/gadgets?fields[0]=name', { name: `${s} C3`, box: { code: '' }, boxes: [{ code: '' }, { code: '' }, { code: null }, { code: null }] });
  await post('gadget.empty-again', '/api/gadgets?fields[0]=name', { name: `${s} C4`, box: { code: '' } });

  // Drafts are spared; publishing checks what the draft holds.
  const draft = docId(await post('gadget.draft-clash', '/api/gadgets?status=draft&fields[0]=name', { name: `${s} D1`, box: box('X'), boxes: [box('Y1')] }));
  await put('gadget.publish-draft-clash', `/api/gadgets/${draft}?fields[0]=name`, { name: `${s} D1 published` });
  // A refused publish writes nothing, not even the draft it would have published.
  await put('gadget.publish-draft-half-fixed', `/api/gadgets/${draft}?fields[0]=name`, { box: box('X2') });
  await put('gadget.draft-half-fixed', `/api/gadgets/${draft}?status=draft&fields[0]=name`, { boxes: [box('Y3')] });
  await put('gadget.publish-draft-still-clashing', `/api/gadgets/${draft}?fields[0]=name`, { name: `${s} D1 published` });
  await put('gadget.draft-fixed', `/api/gadgets/${draft}?status=draft&fields[0]=name`, { box: box('X2') });
  await put('gadget.publish-draft-fixed', `/api/gadgets/${draft}?${all}`, { name: `${s} D1 published` });

  // Republishing keeps a document's own values.
  await put('gadget.republish-own', `/api/gadgets/${first}?fields[0]=short`, { short: 'ab' });
  await put('gadget.republish-own-resent', `/api/gadgets/${first}?${all}`, { box: box('X', { rank: 1 }), boxes: [box('Y1'), box('Y2')] });
  await put('gadget.update-to-clash', `/api/gadgets/${first}?fields[0]=name`, { box: box('X2') });

  // Once the holder is gone, its values are free.
  await record('gadget.delete-first', { method: 'DELETE', path: `/api/gadgets/${first}` });
  await post('gadget.value-freed', '/api/gadgets?populate[box]=true&fields[0]=name', { name: `${s} E1`, box: box('X', { rank: 1 }) });

  // GraphQL answers the same clash in its own envelope.
  await record('gadget.graphql-box-clash', gql(`mutation { createGadget(data: { name: "${s} G1", box: { code: "${s} X" } }) { name } }`));

  // Without draft & publish every write is checked; another type's values never clash.
  const tool = docId(await post('tool.first', '/api/tools?populate=*', { name: `${s} T1`, box: box('T'), boxes: [box('U1'), box('U2')] }));
  await post('tool.box-and-boxes-clash', '/api/tools', { name: `${s} T2`, box: box('T'), boxes: [box('U2')] });
  await post('tool.gadget-value', '/api/tools?fields[0]=name', { name: `${s} T3`, box: box('X') });
  const second = docId(await post('tool.second', '/api/tools?fields[0]=name', { name: `${s} T4`, box: box('T2') }));
  await put('tool.update-own', `/api/tools/${tool}?populate=*`, { name: `${s} T1`, box: box('T'), boxes: [box('U1'), box('U2')] });
  await put('tool.update-to-clash', `/api/tools/${second}?fields[0]=name`, { boxes: [box('U1')] });
  await put('tool.update-twice', `/api/tools/${second}?fields[0]=name`, { boxes: [box('V'), box('V')] });
  await put('tool.update-name-and-box-clash', `/api/tools/${second}?fields[0]=name`, { name: `${s} T1`, box: box('T') });

  // A component may name attributes `locale` and `published_at` (OpenVAA's translation overrides,
  // Strapi's community site's version info): ordinary values there, written, read, filtered and
  // sorted like any other.
  const translated = docId(
    await post('gadget.translations', '/api/gadgets?fields[0]=name&populate[translations]=true', {
      name: `${s} L1`,
      translations: [
        { locale: 'fr', text: 'Bonjour', published_at: '2024-05-01T10:00:00.000Z' },
        { locale: 'de', text: 'Hallo' },
      ],
    }),
  );
  await get('gadget.by-translation-published-at', `/api/gadgets?filters[translations][published_at][$notNull]=true&fields[0]=name&populate[translations][fields][0]=published_at`);
  await post('gadget.translation-locale-missing', '/api/gadgets', { name: `${s} L2`, translations: [{ text: 'Hola' }] });
  await get('gadget.by-translation-locale', `/api/gadgets?filters[translations][locale][$eq]=de&fields[0]=name&populate[translations][fields][0]=locale&populate[translations][sort]=locale:asc`);
  await put('gadget.translations-update', `/api/gadgets/${translated}?fields[0]=name&populate[translations][fields][0]=locale`, { translations: [{ locale: 'es', text: 'Hola' }] });
  await record('gadget.graphql-translations', gql(`{ gadgets(filters: { name: { startsWith: "${s} L" } }) { name translations { locale text } } }`));

  // A localized type: values clash within their locale; a document's other locales never clash with it.
  const pageFields = 'fields[0]=slug&populate[box]=true&populate[shared_box]=true';
  const page = docId(await post('page.en-first', `/api/pages?${pageFields}`, { slug: `p-${s}-1`, box: box('P'), shared_box: box('S') }));
  await put('page.fr-same-document', `/api/pages/${page}?locale=fr&${pageFields}`, { slug: `p-${s}-1`, box: box('P') });
  await post('page.en-box-clash', '/api/pages', { slug: `p-${s}-2`, box: box('P') });
  await post('page.fr-box-clash', '/api/pages?locale=fr', { slug: `p-${s}-2`, box: box('P') });
  await post('page.en-slug-clash', '/api/pages', { slug: `p-${s}-1` });
  await post('page.en-shared-box-clash', '/api/pages', { slug: `p-${s}-3`, shared_box: box('S') });
  await post('page.fr-other-values', `/api/pages?locale=fr&${pageFields}`, { slug: `p-${s}-4`, box: box('Q'), shared_box: box('R') });
  await post('page.en-value-only-fr-holds', `/api/pages?${pageFields}`, { slug: `p-${s}-5`, box: box('Q') });
}
