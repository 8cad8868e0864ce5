// Side-by-side steps on the buchanan-solutions Next.js site template (test/buchanan-kit: the schemas
// of its cms/ folder as committed). Unlike the other sets: draft & publish and i18n together on
// most types, unique attributes in several locales, required booleans shared by every locale, a
// non-localized type on both sides of relations to localized ones (a category's articles and
// FAQs), dynamic zones whose components relate to pages, repeatable components nested in
// repeatable components, and five localized single types. The same steps run against real
// Strapi 5.54 (`tsx test/answers/record.ts buchanan` writes answers.json) and the generated app
// (test/e2e/buchanan-answers.test.ts). Every document carries the run's stamp and every list is
// filtered down to it, so a reused Strapi database does not change the answers.
import type { Context } from '../answers/run';
import { docId, gql, PNG, type Json } from '../answers/step-helpers';

export async function buchananSteps(context: Context): Promise<void> {
  const { record, send, stamp: s } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const titled = `filters[title][$startsWith]=${s}`;
  const named = `filters[name][$startsWith]=${s}`;

  const image = ((await record('seed.upload', { method: 'POST', path: '/api/upload', upload: { name: `${s}-a.png`, type: 'image/png', bytes: PNG } })).body as Array<{ id: number }>)[0].id;

  // A category (neither localized nor draft & publish) and authors (localized, no draft & publish).
  const news = docId(await post('category.create', '/api/categories', { name: `${s} News`, slug: `news-${s}`, description: 'What happened' }));
  const guides = docId(await post('category.create-2', '/api/categories', { name: `${s} Guides`, slug: `guides-${s}` }));
  await post('category.slug-invalid', '/api/categories', { name: `${s} Bad`, slug: 'with space' });
  const ada = docId(await post('author.create', '/api/authors?populate=avatar', { name: `${s} Ada`, email: `ada${s}@example.com`, avatar: image }));
  await put('author.create-fr', `/api/authors/${ada}?locale=fr`, { name: `${s} Ada (fr)` });

  // Employees: draft & publish, localized, a unique name, a required slug and role.
  const employee = (name: string, extra: Json = {}): Json => ({ slug: `${name.toLowerCase()}-${s}`, name: `${s} ${name}`, role: 'Engineer', linkedinUrl: 'https://linkedin.example.com/x', email: `${name.toLowerCase()}${s}@example.com`, about: `**${name}** writes code`, profilePicture: image, ...extra });
  const lovelace = docId(await post('employee.create', '/api/employees?populate[author][fields][0]=name&populate[profilePicture][fields][0]=name', employee('Lovelace', { author: ada })));
  await post('employee.name-unique', '/api/employees', employee('Lovelace', { slug: `other-${s}` }));
  await post('employee.role-missing', '/api/employees', { slug: `norole-${s}`, name: `${s} No role` });
  await put('employee.create-fr', `/api/employees/${lovelace}?locale=fr`, { name: `${s} Lovelace`, role: 'Ingénieure', slug: `lovelace-fr-${s}` });
  const draft = docId(await post('employee.create-draft', '/api/employees?status=draft', { slug: `draft-${s}`, name: `${s} Draft` }));
  await put('employee.publish-incomplete', `/api/employees/${draft}`, { about: 'still no role' });
  await get('employee.list', `/api/employees?${named}&sort=name&fields[0]=name&fields[1]=role&fields[2]=slug&populate[author][fields][0]=name`);
  await get('employee.list-fr', `/api/employees?locale=fr&${named}&fields[0]=name&fields[1]=role&fields[2]=linkedinUrl&fields[3]=email&populate[localizations][fields][0]=name`);
  await get('employee.drafts', `/api/employees?status=draft&${named}&sort=name&fields[0]=name&fields[1]=role&fields[2]=publishedAt`);
  await get('author.find-employee', `/api/authors/${ada}?fields[0]=name&populate[employee][fields][0]=name&populate[employee][fields][1]=role`);

  // Articles: draft & publish, localized, a uid, a zone of shared components.
  const blocks = [
    { __component: 'shared.rich-text', body: '# Heading\n\nText' },
    { __component: 'shared.quote', title: 'Said', body: 'Something wise' },
    { __component: 'shared.media', file: image },
    { __component: 'shared.slider', files: [image] },
  ];
  const first = docId(await post('article.create', '/api/articles?populate=*', { title: `${s} First`, description: 'The first', slug: `first-${s}`, cover: image, author: ada, category: news, blocks }));
  const second = docId(await post('article.create-2', '/api/articles', { title: `${s} Second`, slug: `second-${s}`, author: ada, category: guides }));
  await post('article.create-draft', '/api/articles?status=draft', { title: `${s} Draft`, category: news });
  await post('article.zone-unknown', '/api/articles', { title: `${s} Bad`, blocks: [{ __component: 'button.button', text: 'x' }] });
  await put('article.create-fr', `/api/articles/${first}?locale=fr&populate[author][fields][0]=name&populate[category][fields][0]=name&populate[blocks]=true`, { title: `${s} Premier`, slug: `premier-${s}`, author: ada });
  await get('article.find-populate', `/api/articles/${first}?populate[blocks][on][shared.media][populate][file][fields][0]=name&populate[blocks][on][shared.slider][populate][files][fields][0]=name&populate[blocks][on][shared.quote]=true&populate[author][fields][0]=name&populate[category][fields][0]=slug&populate[localizations][fields][0]=title`);
  await get('article.list', `/api/articles?${titled}&sort=title&fields[0]=title&fields[1]=slug&populate[category][fields][0]=name`);
  await get('article.list-fr', `/api/articles?locale=fr&${titled}&fields[0]=title&fields[1]=locale&populate[author][fields][0]=name&populate[author][fields][1]=locale&populate[category][fields][0]=name`);
  await get('article.drafts', `/api/articles?status=draft&${titled}&sort=title&fields[0]=title&fields[1]=publishedAt&populate[category][fields][0]=name`);
  await get('article.filter-category', `/api/articles?${titled}&filters[category][slug][$eq]=news-${s}&fields[0]=title`);
  await get('article.filter-author-employee', `/api/articles?${titled}&filters[author][employee][role][$eq]=Engineer&sort=title:desc&fields[0]=title`);
  await get('article.filter-zone', `/api/articles?${titled}&filters[blocks][body][$contains]=wise&fields[0]=title`);
  await get('category.find-articles', `/api/categories/${news}?fields[0]=name&populate[articles][fields][0]=title&populate[articles][fields][1]=locale&populate[articles][sort]=title`);
  await get('category.find-articles-drafts', `/api/categories/${news}?status=draft&fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=title`);
  await get('category.find-articles-fr', `/api/categories/${news}?locale=fr&fields[0]=name&populate[articles][fields][0]=title`);
  await get('author.find-articles', `/api/authors/${ada}?fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=title`);
  await get('author.find-articles-fr', `/api/authors/${ada}?locale=fr&fields[0]=name&populate[articles][fields][0]=title`);

  // FAQs: a unique question, a required rich text, categories (many-to-many to the non-localized
  // category), an order shared by every locale.
  const faq = docId(await post('faq.create', '/api/faqs?populate[categories][fields][0]=name', { question: `${s} How?`, answer: 'Like **this**', categories: [news, guides], order: 1 }));
  await post('faq.create-2', '/api/faqs', { question: `${s} Why?`, answer: 'Because', categories: [guides], order: 2 });
  await post('faq.question-unique', '/api/faqs', { question: `${s} How?`, answer: 'Again' });
  await post('faq.answer-missing', '/api/faqs', { question: `${s} Unanswered?` });
  await put('faq.create-fr', `/api/faqs/${faq}?locale=fr&populate[categories][fields][0]=name`, { question: `${s} Comment ?`, answer: 'Ainsi' });
  await put('faq.update-shared', `/api/faqs/${faq}?fields[0]=question&fields[1]=order`, { order: 5 });
  await get('faq.list-fr', `/api/faqs?locale=fr&filters[question][$startsWith]=${s}&fields[0]=question&fields[1]=order&populate[categories][fields][0]=name&populate[categories][sort]=name`);
  await get('faq.filter-categories', `/api/faqs?filters[question][$startsWith]=${s}&filters[categories][slug][$eq]=guides-${s}&sort=order&fields[0]=question&fields[1]=order`);
  await get('category.find-faqs', `/api/categories/${guides}?fields[0]=name&populate[faqs][fields][0]=question&populate[faqs][sort]=order:desc`);
  await put('faq.disconnect', `/api/faqs/${faq}?fields[0]=question&populate[categories][fields][0]=name`, { categories: { disconnect: [news] } });

  // Pages: a unique slug, required booleans shared by every locale, a zone whose button relates to
  // another page.
  const about = docId(await post('page.create', '/api/pages', { slug: `about-${s}`, title: `${s} About`, comingSoon: false, isCollection: false, template: 'plain' }));
  const home = docId(
    await post('page.create-2', '/api/pages', {
      slug: `home-${s}`,
      title: `${s} Home`,
      comingSoon: true,
      isCollection: true,
      collection: 'articles',
      content: [
        { __component: 'text.text-w-accent', main: 'Build', secondary: 'faster' },
        { __component: 'button.button', text: 'About us', variant: 'outline', size: 'lg', page: about },
        { __component: 'shared.seo', metaTitle: 'Home', metaDescription: 'The home page', shareImage: image },
        { __component: 'page.header-policy', body: 'Policy' },
      ],
    }),
  );
  await post('page.boolean-missing', '/api/pages', { slug: `nobool-${s}`, title: `${s} No booleans` });
  await post('page.slug-unique', '/api/pages', { slug: `about-${s}`, title: `${s} About again`, comingSoon: false, isCollection: false });
  await post('page.enum-invalid', '/api/pages', { slug: `enum-${s}`, title: `${s} Enum`, comingSoon: false, isCollection: false, content: [{ __component: 'button.button', variant: 'huge' }] });
  await post('page.seo-incomplete', '/api/pages', { slug: `seo-${s}`, title: `${s} Seo`, comingSoon: false, isCollection: false, content: [{ __component: 'shared.seo', metaTitle: 'only' }] });
  await put('page.create-fr', `/api/pages/${home}?locale=fr&fields[0]=title&fields[1]=comingSoon&fields[2]=isCollection&fields[3]=collection&fields[4]=slug`, { title: `${s} Accueil`, slug: `accueil-${s}` });
  await put('page.update-shared', `/api/pages/${home}?fields[0]=title&fields[1]=comingSoon`, { comingSoon: false });
  await get('page.fr-after-shared', `/api/pages/${home}?locale=fr&fields[0]=title&fields[1]=comingSoon&fields[2]=isCollection`);
  await get('page.find-zone', `/api/pages/${home}?fields[0]=title&populate[content][on][button.button][populate][page][fields][0]=title&populate[content][on][shared.seo][populate][shareImage][fields][0]=name&populate[content][on][text.text-w-accent]=true&populate[content][on][page.header-policy]=true`);
  await get('page.list', `/api/pages?${titled}&sort=slug&fields[0]=slug&fields[1]=comingSoon&fields[2]=isCollection&fields[3]=template`);
  await get('page.filter-boolean', `/api/pages?${titled}&filters[isCollection][$eq]=true&fields[0]=title`);
  const service = docId(await post('service.create', '/api/services?populate[content]=true', { title: `${s} Consulting`, description: 'We consult', slug: `consulting-${s}`, content: [{ __component: 'shared.quote', title: 'Client', body: 'Great' }, { __component: 'button.button', text: 'Book', page: home }] }));
  await get('service.find', `/api/services/${service}?populate[content][populate]=*`);

  // Single types (shared between runs: each is deleted first, in every locale, unrecorded).
  for (const single of ['menu', 'global', 'footer', 'home', 'about']) {
    for (const locale of ['fr', 'en']) await send({ method: 'DELETE', path: `/api/${single}?locale=${locale}` });
  }
  await put('menu.update', '/api/menu', {
    items: [
      { label: `${s} About`, page: about, submenu_items: [{ label: 'Team', href: '/team' }, { label: 'Home', page: home }] },
      { label: 'Blog', href: '/blog' },
    ],
    buttons: [{ __component: 'button.button', text: 'Contact', variant: 'secondary', size: 'sm', disabled: true }],
  });
  await get('menu.find', '/api/menu?populate[items][populate][page][fields][0]=title&populate[items][populate][submenu_items][populate][page][fields][0]=title&populate[buttons]=true');
  await put('menu.item-label-missing', '/api/menu', { items: [{ href: '/nowhere' }] });
  await put('global.seo-incomplete', '/api/global', { siteName: `${s} Site`, defaultSeo: { metaTitle: 'only' } });
  await put('global.update', '/api/global', { siteName: `${s} Site`, siteDescription: 'A site', companyLegalName: 'Buchanan Solutions', favicon: image, defaultSeo: { metaTitle: 'Site', metaDescription: 'The site' }, tagline: { main: 'Make', secondary: 'things' } });
  await get('global.find', '/api/global?populate=*');
  await put('global.update-fr', '/api/global?locale=fr', { siteName: `${s} Site fr`, defaultSeo: { metaTitle: 'Site', metaDescription: 'Le site' } });
  await get('global.find-fr', '/api/global?locale=fr&populate[defaultSeo]=true&populate[localizations][fields][0]=siteName');
  await put('footer.update', '/api/footer', { legalLinks: [{ __component: 'menu.menu-item', label: 'Privacy', page: about, submenu_items: [{ label: 'Cookies', href: '/cookies' }] }] });
  await get('footer.find', '/api/footer?populate[legalLinks][populate][page][fields][0]=slug&populate[legalLinks][populate][submenu_items]=true');
  await put('home.letter-missing', '/api/home', {});
  await put('home.update-fr-first', '/api/home?locale=fr', { Letter: 'Bonjour' });
  await get('home.find-en', '/api/home');
  await get('home.find-fr', '/api/home?locale=fr');
  await get('about.find-missing', '/api/about?populate=*');
  await put('about.update-draft', '/api/about?status=draft', { title: `${s} About us`, blocks: [{ __component: 'shared.rich-text', body: 'Draft text' }] });
  await get('about.find-published', '/api/about');
  await get('about.find-draft', '/api/about?status=draft&populate=*');

  // Updates and deletes.
  await put('article.update-relations', `/api/articles/${second}?fields[0]=title&populate[category][fields][0]=name&populate[author][fields][0]=name`, { category: null, author: { disconnect: [ada] } });
  await put('employee.update-author', `/api/employees/${lovelace}?fields[0]=name&populate[author][fields][0]=name`, { author: null });
  await get('author.after-employee-update', `/api/authors/${ada}?fields[0]=name&populate[employee]=true`);
  await record('category.delete', { method: 'DELETE', path: `/api/categories/${news}` });
  await get('faq.after-category-delete', `/api/faqs/${faq}?fields[0]=question&populate[categories][fields][0]=name`);
  await get('article.after-category-delete', `/api/articles/${first}?fields[0]=title&populate[category]=true`);
  await record('article.delete-fr', { method: 'DELETE', path: `/api/articles/${first}?locale=fr` });
  await get('article.after-delete-fr', `/api/articles/${first}?fields[0]=title&populate[localizations][fields][0]=title`);
  await record('page.delete-target', { method: 'DELETE', path: `/api/pages/${about}` });
  await get('page.after-target-delete', `/api/pages/${home}?fields[0]=title&populate[content][on][button.button][populate][page][fields][0]=title`);
  await get('error.filter-unknown', `/api/articles?filters[views][$gt]=1`);
  await get('error.populate-unknown', `/api/pages?${titled}&populate=sections`);
  await get('error.fields-relation', `/api/articles?${titled}&fields[0]=author`);

  // GraphQL.
  await record('graphql.articles', gql(`{ articles(filters: { title: { startsWith: "${s}" } }, sort: "title") { title slug description author { name } category { name slug } blocks { __typename ... on ComponentSharedQuote { title body } ... on ComponentSharedRichText { body } } } }`));
  await record('graphql.articles-fr', gql(`{ articles(locale: "fr", filters: { title: { startsWith: "${s}" } }) { title locale localizations { title locale } } }`));
  await record('graphql.pages', gql(`{ pages(filters: { title: { startsWith: "${s}" } }, sort: "slug") { slug comingSoon isCollection content { __typename ... on ComponentButtonButton { text variant size disabled page { title } } ... on ComponentTextTextWAccent { main secondary } } } }`));
  await record('graphql.faqs', gql(`{ faqs(filters: { question: { startsWith: "${s}" } }, sort: "order") { question answer order categories { name } } }`));
  await record('graphql.menu', gql('{ menu { items { label href page { title } submenu_items { label href page { title } } } buttons { __typename ... on ComponentButtonButton { text variant } } } }'));
  await record('graphql.drafts', gql(`{ employees(status: DRAFT, filters: { name: { startsWith: "${s}" } }, sort: "name") { name role publishedAt } }`));
  await record('graphql.create-category', gql(`mutation { createCategory(data: { name: "${s} Events", slug: "events-${s}" }) { name slug articles { title } } }`));
}
