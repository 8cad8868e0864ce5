// Side-by-side steps on gmb.sk (test/gmbsk-kit: the Bratislava City Gallery's schemas as committed).
// Unlike FoodAdvisor: many-to-many relations (tags ↔ content pages), a self relation (parent and
// child pages), components nested two deep with relations and media inside (download files, contact
// cards, content-page items in a zone), every type localized (en and sk), multiple media in zones.
// Per type: documents created with every attribute kind it uses, then reads (populate `*` and deep
// objects, filters on relation and component paths, sort, pagination, drafts, locales, single
// types), updates, refused requests and GraphQL. The same steps run against real Strapi 5.54
// (`tsx test/answers/record.ts gmbsk` writes answers.json) and the generated app
// (test/e2e/gmbsk-answers.test.ts). Every document carries the run's stamp and every list is
// filtered down to it, so a reused Strapi database does not change the answers.
import type { Context, Exchange } from '../answers/run';
import { docId, gql, PNG, type Json } from '../answers/step-helpers';

export async function gmbskSteps(context: Context): Promise<void> {
  const { record, send, stamp: s } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const mine = `filters[title][$startsWith]=${s}`;

  // Seed: two images.
  const upload = async (name: string) =>
    (await record(`seed.upload-${name}`, { method: 'POST', path: '/api/upload', upload: { name: `${s}-${name}.png`, type: 'image/png', bytes: PNG } })).body as Array<{ id: number }>;
  const image = (await upload('a'))[0].id;
  const image2 = (await upload('b'))[0].id;

  // Tag categories, tags (many-to-one category), places, partners, contact cards (no drafts).
  const artCat = docId(await post('tag-category.create', '/api/tag-categories', { title: `${s} Art`, slug: `art-${s}` }));
  const paint = docId(await post('tag.create', '/api/tags', { title: `${s} Painting`, slug: `painting-${s}`, titleInternal: 'paint', tagCategory: artCat }));
  const photo = docId(await post('tag.create-2', '/api/tags', { title: `${s} Photo`, slug: `photo-${s}`, tagCategory: artCat }));
  await post('tag.slug-invalid', '/api/tags', { title: `${s} Bad`, slug: 'with space' });
  await put('tag.create-sk', `/api/tags/${paint}?locale=sk`, { title: `${s} Maľba`, slug: `malba-${s}` });
  const mirbach = docId(await post('place.create', '/api/places', { title: `${s} Mirbach`, slug: `mirbach-${s}`, address: 'Františkánske nám. 11', purchaseId: 'p-1' }));
  const partner = docId(await post('partner.create', '/api/partners', { title: `${s} Partner`, link: 'https://partner.example.com', logo: image }));
  const card = docId(await post('contact-card.create', '/api/contact-cards', { name: `${s} Anna`, position: 'Curator', email: `anna${s}@example.com`, phone1: '+421 1', phone2: '+421 2' }));
  await post('contact-card.email-invalid', '/api/contact-cards', { name: `${s} Bad`, email: 'not-an-email' });

  // Content pages: every attribute kind, the zone's sections (nested components with relations and
  // media inside), many-to-many tags, a parent page, a draft, a Slovak version.
  const page = (title: string, extra: Json = {}): Json => ({
    title: `${s} ${title}`,
    titleToShow: `${title} shown`,
    useDatetimeAsSubtitle: false,
    subtitle: `${title} subtitle`,
    slug: `${title.toLowerCase()}-${s}`,
    perex: `About ${title}`,
    coverMedia: image,
    color: '#ff0000',
    inheritColorFromParent: true,
    mainContent: [
      { __component: 'sections.richtext-section', submenuTitle: 'Text', content: `**${title}** is *on*` },
      { __component: 'sections.gallery-section', title: 'Gallery', medias: [image, image2] },
      { __component: 'sections.contact-cards-section', title: 'Contacts', contacts: [{ contactCard: card }] },
      { __component: 'sections.video-section', title: 'Video', url: 'https://video.example.com/1' },
    ],
    slider: { submenuTitle: 'Slides', medias: [image2] },
    relatedContentTitle: 'Related',
    downloadSection: { title: 'Downloads', files: [{ title: 'Leaflet', file: image }] },
    dateFrom: '2026-01-10',
    dateTo: '2026-03-01',
    timeFrom: '10:00:00.000',
    timeTo: '18:30:00.000',
    showRemainingTime: true,
    placeTitle: 'Mirbach Palace',
    sellTickets: false,
    positions: [{ title: 'Curator', names: 'Anna' }, { title: 'Design', names: 'Boris' }],
    partners: [{ partner }],
    override: { highlightContent: 'Highlight' },
    seo: { metaTitle: `${title} seo`, metaDescription: 'Described', keywords: 'art', metaImage: image },
    place: mirbach,
    tags: [paint, photo],
    addedAt: '2026-01-05T10:00:00.000Z',
    ...extra,
  });
  const expo = docId(await post('content-page.create', '/api/content-pages', page('Expo')));
  const child = docId(await post('content-page.create-child', '/api/content-pages?populate[parentPage][fields][0]=title&populate[tags][fields][0]=title&populate[tags][sort]=title', page('Child', { parentPage: expo, tags: [photo], dateFrom: '2026-02-01' })));
  await post('content-page.create-draft', '/api/content-pages?status=draft', { title: `${s} Draft`, slug: `draft-${s}`, tags: [paint] });
  await post('content-page.file-required', '/api/content-pages', page('NoFile', { downloadSection: { files: [{ title: 'no file' }] } }));
  await post('content-page.zone-unknown', '/api/content-pages', page('Zone', { mainContent: [{ __component: 'sections.news-section', title: 'Not here' }] }));
  await post('content-page.date-invalid', '/api/content-pages', page('Date', { dateFrom: 'yesterday' }));
  await post('content-page.tag-unknown', '/api/content-pages', page('Tag', { tags: ['nosuchdocumentid'] }));
  await put('content-page.create-sk', `/api/content-pages/${expo}?locale=sk`, { title: `${s} Výstava`, slug: `vystava-${s}`, perex: 'O výstave', positions: [{ title: 'Kurátor' }], mainContent: [{ __component: 'sections.richtext-section', content: 'Text' }] });

  // Main pages (zone with nested content-page items) and tickets.
  const main = docId(
    await post('main-page.create', '/api/main-pages', {
      title: `${s} Exhibitions`,
      slug: `exhibitions-${s}`,
      sections: [
        { __component: 'sections.page-section', title: 'Now', layout: 'cards', contentPages: [{ contentPage: expo }, { contentPage: child }] },
        { __component: 'sections.download-section', title: 'Files', files: [{ title: 'Plan', file: image2 }] },
        { __component: 'sections.partners-section', title: 'Partners' },
      ],
      seo: { metaTitle: 'Exhibitions' },
    }),
  );
  await post('main-page.enum-invalid', '/api/main-pages', { title: `${s} Bad`, sections: [{ __component: 'sections.page-section', layout: 'grid' }] });
  await post('ticket.create', '/api/tickets', { title: `${s} Adult`, price: 10, description: 'Full price', purchaseIdSelf: 'a', purchaseIdGift: 'b' });
  await post('ticket.create-2', '/api/tickets', { title: `${s} Child`, price: 5 });
  await post('ticket.price-invalid', '/api/tickets', { title: `${s} Bad`, price: 'ten' });

  // Reads.
  await get('content-page.find-populate-star', `/api/content-pages/${expo}?populate=*`);
  await get(
    'content-page.find-deep',
    `/api/content-pages/${expo}?fields[0]=title&populate[mainContent][on][sections.gallery-section][populate][medias][fields][0]=name&populate[mainContent][on][sections.contact-cards-section][populate][contacts][populate][contactCard][fields][0]=name&populate[mainContent][on][sections.richtext-section]=true&populate[downloadSection][populate][files][populate][file][fields][0]=name&populate[partners][populate][partner][populate][logo][fields][0]=name&populate[tags][fields][0]=title&populate[tags][sort]=title:desc&populate[tags][populate][tagCategory][fields][0]=title&populate[childPages][fields][0]=title&populate[place][fields][0]=title&populate[seo][populate]=*`,
  );
  await get('content-page.zone-star', `/api/content-pages/${expo}?fields[0]=title&populate[mainContent][populate]=*`);
  await get('content-page.list-fields', `/api/content-pages?${mine}&sort=title&fields[0]=title&fields[1]=dateFrom&fields[2]=timeFrom&fields[3]=color&fields[4]=addedAt`);
  await get('content-page.filter-m2m', `/api/content-pages?${mine}&filters[tags][slug][$eq]=painting-${s}&sort=title&fields[0]=title`);
  await get('content-page.filter-m2m-deep', `/api/content-pages?${mine}&filters[tags][tagCategory][title][$eq]=${s}%20Art&sort=title&fields[0]=title`);
  await get('content-page.filter-self', `/api/content-pages?${mine}&filters[parentPage][title][$eq]=${s}%20Expo&fields[0]=title`);
  await get('content-page.filter-children', `/api/content-pages?${mine}&filters[childPages][id][$notNull]=true&fields[0]=title`);
  await get('content-page.filter-component', `/api/content-pages?${mine}&filters[positions][names][$containsi]=boris&sort=title&fields[0]=title`);
  await get('content-page.filter-nested-component', `/api/content-pages?${mine}&filters[downloadSection][files][title][$eq]=Leaflet&sort=title&fields[0]=title`);
  await get('content-page.filter-component-relation', `/api/content-pages?${mine}&filters[partners][partner][title][$eq]=${s}%20Partner&sort=title&fields[0]=title`);
  await get('content-page.filter-date', `/api/content-pages?${mine}&filters[dateFrom][$gt]=2026-01-15&fields[0]=title&fields[1]=dateFrom`);
  await get('content-page.filter-or', `/api/content-pages?${mine}&filters[$or][0][slug][$eq]=child-${s}&filters[$or][1][tags][title][$eq]=${s}%20Painting&sort=title:desc&fields[0]=title`);
  await get('content-page.sort-relation', `/api/content-pages?${mine}&sort[0]=dateFrom:desc&sort[1]=title&fields[0]=title&fields[1]=dateFrom`);
  await get('content-page.page', `/api/content-pages?${mine}&sort=title&fields[0]=title&pagination[page]=2&pagination[pageSize]=1`);
  await get('content-page.start-limit', `/api/content-pages?${mine}&sort=title&fields[0]=title&pagination[start]=1&pagination[limit]=5`);
  await get('content-page.drafts', `/api/content-pages?${mine}&status=draft&sort=title&fields[0]=title&populate[tags][fields][0]=title`);
  await get('content-page.list-sk', `/api/content-pages?locale=sk&${mine}&fields[0]=title&fields[1]=locale&populate[positions]=true&populate[tags][fields][0]=title&populate[localizations][fields][0]=title`);
  await get('content-page.find-sk', `/api/content-pages/${expo}?locale=sk&fields[0]=title&fields[1]=color&populate[coverMedia][fields][0]=name&populate[place][fields][0]=title`);
  await get('tag.find-m2m', `/api/tags/${paint}?fields[0]=title&populate[contentPages][fields][0]=title&populate[contentPages][sort]=title&populate[tagCategory][populate][tags][fields][0]=title`);
  await get('tag.list-sk', `/api/tags?locale=sk&${mine}&fields[0]=title&fields[1]=slug&fields[2]=locale`);
  await get('tag-category.populate', `/api/tag-categories?${mine}&populate[tags][fields][0]=title&populate[tags][sort]=title:desc`);
  await get('place.populate', `/api/places/${mirbach}?populate[contentPages][fields][0]=title&populate[contentPages][sort]=title`);
  await get('partner.list', `/api/partners?${mine}&populate[logo][fields][0]=name&populate[logo][fields][1]=mime`);
  await get('main-page.find-deep', `/api/main-pages/${main}?fields[0]=title&populate[sections][on][sections.page-section][populate][contentPages][populate][contentPage][fields][0]=title&populate[sections][on][sections.download-section][populate][files][populate]=*&populate[sections][on][sections.partners-section]=true&populate[seo]=true`);
  await get('main-page.filter-zone', `/api/main-pages?${mine}&filters[sections][title][$eq]=Now&fields[0]=title`);
  await get('ticket.list', `/api/tickets?${mine}&sort=price&fields[0]=title&fields[1]=price&fields[2]=description`);
  await get('ticket.filter-range', `/api/tickets?${mine}&filters[price][$gte]=6&fields[0]=title`);
  await get('contact-card.list', `/api/contact-cards?filters[name][$startsWith]=${s}&fields[0]=name&fields[1]=email&fields[2]=position`);
  await get('error.filter-unknown', `/api/content-pages?filters[stars][$eq]=5`);
  await get('error.populate-unknown', `/api/content-pages?${mine}&populate=stars`);
  await get('error.locale-unknown', `/api/content-pages?${mine}&locale=de&fields[0]=title`);
  await get('content-page.find-missing', '/api/content-pages/nosuchdocumentid');

  // Single types (shared between runs: each is deleted first, in every locale, unrecorded).
  for (const single of ['general', 'home-page', 'menu']) {
    for (const locale of ['sk', 'en']) await send({ method: 'DELETE', path: `/api/${single}?locale=${locale}` });
  }
  const links = (title: string): Json => ({ title, links: [{ title: `${s} Facebook`, url: 'https://facebook.example.com', newWindow: true }, { title: 'Instagram' }] });
  await put('general.update', '/api/general', {
    name: `${s} GMB`,
    email: 'info@example.com',
    mirbach: { title: 'Mirbach', address: 'Františkánske 11', zip: '81101', city: 'Bratislava', phone: '+421' },
    palffy: { title: 'Pálffy' },
    openingHours: 'Tue-Sun **10-18**',
    socialLinks: links('Social'),
    footerLinks1: links('Footer'),
  });
  await get('general.find', '/api/general?populate[mirbach]=true&populate[socialLinks][populate]=*&populate[footerLinks1][populate][links][fields][0]=title');
  await put('general.update-sk', '/api/general?locale=sk', { name: `${s} GMB sk`, socialLinks: { title: 'Sociálne' } });
  await get('general.find-sk', '/api/general?locale=sk&populate=*');
  await put('home-page.update', '/api/home-page', {
    highlights: [{ contentPage: expo }, { contentPage: child }],
    sections: [
      { __component: 'sections.page-section', title: 'Highlights', layout: 'chessboard', contentPages: [{ contentPage: child }] },
      { __component: 'sections.richtext-section', content: 'Welcome' },
    ],
    seo: { metaTitle: `${s} Home` },
  });
  await get('home-page.find', '/api/home-page?populate[highlights][populate][contentPage][fields][0]=title&populate[sections][on][sections.page-section][populate][contentPages][populate][contentPage][fields][0]=title&populate[sections][on][sections.richtext-section]=true&populate[seo]=true');
  await put('menu.update', '/api/menu', { menuLinks: [{ title: `${s} Visit`, mainPage: main, hasButtonStyle: true }, { title: 'Expo', contentPage: expo }], searchLink: { title: 'Search', url: '/search' } });
  await get('menu.find', '/api/menu?populate[menuLinks][populate][mainPage][fields][0]=title&populate[menuLinks][populate][contentPage][fields][0]=title&populate[searchLink]=true');

  // Updates: many-to-many connect/disconnect, self relation, nested component replaced.
  await put('content-page.update-tags', `/api/content-pages/${child}?fields[0]=title&populate[tags][fields][0]=title&populate[tags][sort]=title`, { tags: { connect: [paint], disconnect: [photo] } });
  await put('content-page.update-tags-set', `/api/content-pages/${expo}?fields[0]=title&populate[tags][fields][0]=title`, { tags: { set: [photo] } });
  await get('tag.after-update', `/api/tags/${photo}?fields[0]=title&populate[contentPages][fields][0]=title&populate[contentPages][sort]=title`);
  await put('content-page.update-parent', `/api/content-pages/${child}?fields[0]=title&populate[parentPage][fields][0]=title`, { parentPage: null });
  await put('content-page.update-nested', `/api/content-pages/${expo}?fields[0]=title&populate[downloadSection][populate][files][populate][file][fields][0]=name`, { downloadSection: { title: 'New downloads', files: [{ title: 'A', file: image2 }, { title: 'B', file: image }] } });
  await put('content-page.update-missing', '/api/content-pages/nosuchdocumentid', { title: 'x' });
  await record('tag.delete', { method: 'DELETE', path: `/api/tags/${photo}` });
  await get('content-page.after-tag-delete', `/api/content-pages/${expo}?fields[0]=title&populate[tags]=true`);
  await record('content-page.delete-sk', { method: 'DELETE', path: `/api/content-pages/${expo}?locale=sk` });
  await get('content-page.after-delete-sk', `/api/content-pages/${expo}?locale=sk&fields[0]=title`);

  // GraphQL.
  await record(
    'graphql.content-pages',
    gql(`{ contentPages(filters: { title: { startsWith: "${s}" } }, sort: "title") { title slug dateFrom timeFrom color tags(sort: "title") { title tagCategory { title } } parentPage { title } childPages { title } place { title } positions { title names } downloadSection { title files { title file { name } } } coverMedia { name } } }`),
  );
  await record(
    'graphql.zone',
    gql(`query($id: ID!) { contentPage(documentId: $id) { title mainContent { __typename ... on ComponentSectionsRichtextSection { content } ... on ComponentSectionsGallerySection { title medias { name } } ... on ComponentSectionsContactCardsSection { title contacts { contactCard { name email } } } ... on ComponentSectionsVideoSection { url } } } }`, { id: child }),
  );
  await record('graphql.tags-sk', gql(`{ tags(locale: "sk", filters: { title: { startsWith: "${s}" } }) { title locale contentPages { title } } }`));
  await record('graphql.connection', gql(`{ contentPages_connection(filters: { title: { startsWith: "${s}" } }, sort: "title", pagination: { pageSize: 1 }) { nodes { title } pageInfo { page pageSize pageCount total } } }`));
  await record('graphql.drafts', gql(`{ contentPages(status: DRAFT, filters: { title: { startsWith: "${s}" } }, sort: "title") { title publishedAt } }`));
  await record('graphql.menu', gql('{ menu { menuLinks { title hasButtonStyle mainPage { title } contentPage { title } } searchLink { url } } }'));
  await record('graphql.create-tag', gql(`mutation($c: ID) { createTag(data: { title: "${s} Sculpture", slug: "sculpture-${s}", tagCategory: $c }) { title slug tagCategory { title } } }`, { c: artCat }));
}
