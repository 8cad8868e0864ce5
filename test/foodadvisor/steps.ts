// Side-by-side steps on FoodAdvisor (test/foodadvisor-kit: the Strapi demo's schemas as committed,
// with its users-permissions extension). Per content type: documents created with values derived
// from the schema (every attribute kind it uses, relations connected, components and dynamic zones
// filled, French versions of the localized types), then reads (populate `*` and deep objects,
// fields, filters on scalar, relation and component paths, sort, both paginations, drafts,
// locales, single types), updates, deletes, refused requests and GraphQL. The same steps run
// against real Strapi 5.54 (`tsx test/answers/record.ts foodadvisor` writes answers.json) and the
// generated app (test/e2e/foodadvisor-answers.test.ts). Every document carries the run's stamp and
// every list is filtered down to it, so a reused Strapi database does not change the answers.
import type { Context, Exchange } from '../answers/run';
import { docId, gql, PNG, type Json } from '../answers/step-helpers';

/** A SEO component as the shared.seo schema asks (metaDescription 50 to 160 characters). */
const seo = (s: string, image: number): Json => ({
  metaTitle: `${s} title`,
  metaDescription: `A description of ${s} long enough for the fifty characters asked`,
  metaImage: image,
  metaSocial: [{ socialNetwork: 'Facebook', title: `${s} social`, description: 'Shared on Facebook' }],
  keywords: 'pizza,pasta',
  metaRobots: 'index',
  structuredData: { '@type': 'Restaurant', stars: 4, tags: ['a', 'b'] },
  metaViewport: 'width=device-width',
  canonicalURL: `https://example.com/${s}`,
});

const link = (href: string, label: string): Json => ({ href, label, target: '_blank', isExternal: true });

export async function foodadvisorSteps(context: Context): Promise<void> {
  const { record, send, stamp: s } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const mine = `filters[name][$startsWith]=${s}`;

  // Seed: an image.
  const uploaded = await record('seed.upload', { method: 'POST', path: '/api/upload', upload: { name: `${s}.png`, type: 'image/png', bytes: PNG } });
  const image = (uploaded.body as Array<{ id: number }>)[0].id;

  // Users (the extension: required job, picture, reviews); Public may edit roles, so it may set one.
  const roles = (await send({ method: 'GET', path: '/api/users-permissions/roles' })).body as { roles: Array<{ id: number; type: string }> };
  const authenticated = roles.roles.find((r) => r.type === 'authenticated')?.id;
  await record('user.create-without-role', { method: 'POST', path: '/api/users', body: { username: `cid${s}`, email: `cid${s}@example.com`, password: 'secret123', job: 'critic' } });
  const user = await record('user.create', { method: 'POST', path: '/api/users', body: { username: `ann${s}`, email: `ann${s}@example.com`, password: 'secret123', role: authenticated, job: 'critic', picture: image } });
  const userId = (user.body as { id: number }).id;
  await record('user.create-missing-job', { method: 'POST', path: '/api/users', body: { username: `bob${s}`, email: `bob${s}@example.com`, password: 'secret123', role: authenticated } });

  // Places (unique name) and categories (uid from the name).
  const paris = docId(await post('place.create', '/api/places', { name: `${s} Paris` }));
  await post('place.create-duplicate', '/api/places', { name: `${s} Paris` });
  const lyon = docId(await post('place.create-2', '/api/places', { name: `${s} Lyon` }));
  const pizza = docId(await post('category.create', '/api/categories', { name: `${s} Pizza`, slug: `pizza-${s}` }));
  const sushi = docId(await post('category.create-no-slug', '/api/categories', { name: `${s} Sushi` }));
  await post('category.slug-invalid', '/api/categories', { name: `${s} Bad`, slug: 'with space' });
  await post('category.missing-name', '/api/categories', { slug: `noname-${s}` });

  // Restaurants: published (en), a French version, a draft, refused writes.
  const restaurant = (name: string, price: string, extra: Json = {}): Json => ({
    name: `${s} ${name}`,
    slug: `${name.toLowerCase()}-${s}`,
    images: [image],
    price,
    information: {
      description: `${name} serves food`,
      opening_hours: [
        { day_interval: 'Mon-Fri', opening_hour: '09:00', closing_hour: '22:00' },
        { day_interval: 'Sat', opening_hour: '10:00' },
      ],
      location: { address: `1 ${name} street`, website: `https://${name.toLowerCase()}.example.com`, phone: '+33 1 23' },
    },
    socialNetworks: [{ url: `https://social.example.com/${name.toLowerCase()}` }],
    blocks: [
      { __component: 'restaurant.rich-content', content: `**${name}** is *good*` },
      { __component: 'blocks.faq', title: 'FAQ', theme: 'secondary', faq: [{ question: 'Open on Sunday?', answer: 'No' }] },
      { __component: 'blocks.cta', title: 'Book', buttons: [{ theme: 'primary', link: link('https://book.example.com', 'Book now') }] },
    ],
    seo: seo(`${s} ${name}`, image),
    ...extra,
  });
  const luigi = docId(await post('restaurant.create', '/api/restaurants', restaurant('Luigi', 'p2', { category: pizza, place: paris })));
  const mario = docId(await post('restaurant.create-2', '/api/restaurants?populate[category][fields][0]=name&populate[place][fields][0]=name', restaurant('Mario', 'p1', { category: pizza, place: lyon })));
  const kyoto = docId(await post('restaurant.create-3', '/api/restaurants', restaurant('Kyoto', 'p4', { category: sushi, place: paris, blocks: [{ __component: 'blocks.related-restaurants', header: { title: 'See also', label: 'More' }, restaurants: [luigi, mario] }] })));
  await post('restaurant.create-draft', '/api/restaurants?status=draft', { name: `${s} Draft`, price: 'p3' });
  await post('restaurant.missing-required', '/api/restaurants', { name: `${s} Nothing`, price: 'p1' });
  await post('restaurant.enum-invalid', '/api/restaurants', restaurant('Enum', 'p9'));
  await post('restaurant.seo-title-too-long', '/api/restaurants', restaurant('Long', 'p1', { seo: { ...seo(s, image), metaTitle: 'x'.repeat(61) } }));
  await post('restaurant.seo-description-too-short', '/api/restaurants', restaurant('Short', 'p1', { seo: { ...seo(s, image), metaDescription: 'short' } }));
  await post('restaurant.component-required-missing', '/api/restaurants', restaurant('Hours', 'p1', { information: { opening_hours: [{ opening_hour: '09:00' }] } }));
  await post('restaurant.zone-unknown-component', '/api/restaurants', restaurant('Zone', 'p1', { blocks: [{ __component: 'blocks.hero', text: 'not allowed here' }] }));
  await post('restaurant.relation-unknown', '/api/restaurants', restaurant('Rel', 'p1', { category: 'nosuchdocumentid' }));
  await post('restaurant.unknown-attribute', '/api/restaurants', restaurant('Unknown', 'p1', { stars: 5 }));
  await put('restaurant.create-fr', `/api/restaurants/${luigi}?locale=fr`, { name: `${s} Chez Luigi`, slug: `chez-luigi-${s}`, price: 'p3', images: [image], seo: seo(`${s} fr`, image), information: { description: 'Cuisine italienne' } });

  // Reviews (localized, no drafts): note between 1 and 5.
  const review = docId(await post('review.create', '/api/reviews', { content: `${s} great pasta`, note: 5, restaurant: luigi, author: userId }));
  await post('review.create-2', '/api/reviews', { content: `${s} fine`, note: 3, restaurant: luigi });
  await post('review.create-fr', '/api/reviews?locale=fr', { content: `${s} très bien`, note: 4, restaurant: luigi });
  await post('review.note-too-big', '/api/reviews', { content: `${s} x`, note: 6 });
  await post('review.note-missing', '/api/reviews', { content: `${s} x` });
  await post('review.note-string', '/api/reviews', { content: `${s} x`, note: 'five' });

  // Articles: the custom field (required), a zone with a relation inside.
  const article = docId(
    await post('article.create', '/api/articles', {
      title: `${s} Best pizzas`,
      slug: `best-pizzas-${s}`,
      image,
      category: pizza,
      ckeditor_content: '<h2>Pizzas</h2><p>All of them</p>',
      seo: seo(`${s} article`, image),
      blocks: [
        { __component: 'blocks.faq', title: 'Questions', faq: [{ question: 'Why?', answer: 'Because' }] },
        { __component: 'blocks.cta-command-line', theme: 'muted', title: 'Try', text: 'Run it', commandLine: 'npx create-strapi-app' },
      ],
    }),
  );
  await post('article.create-related', '/api/articles', { title: `${s} More pizzas`, ckeditor_content: '<p>more</p>', blocks: [{ __component: 'blocks.related-articles', header: { title: 'Related' }, articles: [article] }] });
  await post('article.missing-custom-field', '/api/articles', { title: `${s} No content` });

  // Pages: every block kind of the page's zone.
  const page = docId(
    await post('page.create', '/api/pages', {
      title: `${s} Home`,
      slug: `home-${s}`,
      seo: seo(`${s} page`, image),
      blocks: [
        { __component: 'blocks.hero', images: [image], header: { theme: 'muted', label: 'Hi', title: 'Welcome' }, text: 'Eat well', buttons: [{ theme: 'secondary', link: link('/restaurants', 'Restaurants') }] },
        { __component: 'blocks.features', theme: 'primary', header: { title: 'Features' }, cards: [{ title: 'Card', text: 'One', image }] },
        { __component: 'blocks.features-with-images', text: 'Images', header: { title: 'With images' }, image, featuresCheck: [{ text: 'checked' }] },
        { __component: 'blocks.pricing', header: { title: 'Plans' }, pricingCards: [{ title: 'Free', price: 0, perks: [{ name: 'Reviews', included: true }, { name: 'Photos', included: false }] }] },
        { __component: 'blocks.team', header: { title: 'Team' }, members: [userId] },
        { __component: 'blocks.testimonial', text: 'Loved it', author: userId },
        { __component: 'blocks.related-restaurants', restaurants: [kyoto] },
      ],
    }),
  );
  await post('page.pricing-perk-required', '/api/pages', { title: `${s} Bad`, blocks: [{ __component: 'blocks.pricing', pricingCards: [{ title: 'Paid', price: 10, perks: [{ name: 'x' }] }] }] });

  // Reads: restaurants.
  await get('restaurant.list-populate-star', `/api/restaurants?${mine}&sort=name&populate=*`);
  await get('restaurant.list-fields', `/api/restaurants?${mine}&sort=name:desc&fields[0]=name&fields[1]=price&fields[2]=slug`);
  await get(
    'restaurant.find-deep',
    `/api/restaurants/${luigi}?fields[0]=name&populate[information][populate][opening_hours]=true&populate[information][populate][location][fields][0]=address&populate[seo][populate][metaSocial]=true&populate[seo][populate][metaImage][fields][0]=name&populate[images][fields][0]=name&populate[images][fields][1]=mime&populate[socialNetworks]=true&populate[category][fields][0]=name&populate[place][populate][restaurants][fields][0]=name&populate[reviews][fields][0]=content&populate[reviews][fields][1]=note&populate[reviews][sort]=note`,
  );
  await get(
    'restaurant.find-zone-on',
    `/api/restaurants/${kyoto}?fields[0]=name&populate[blocks][on][blocks.related-restaurants][populate][header]=true&populate[blocks][on][blocks.related-restaurants][populate][restaurants][fields][0]=name&populate[blocks][on][blocks.related-restaurants][populate][restaurants][sort]=name`,
  );
  await get('restaurant.find-zone-star', `/api/restaurants/${luigi}?fields[0]=name&populate[blocks][populate]=*`);
  await get('restaurant.filter-eq', `/api/restaurants?${mine}&filters[price][$eq]=p2&fields[0]=name`);
  await get('restaurant.filter-containsi', `/api/restaurants?filters[name][$containsi]=${s}%20MAR&fields[0]=name`);
  await get('restaurant.filter-in', `/api/restaurants?${mine}&filters[price][$in][0]=p1&filters[price][$in][1]=p4&sort=name&fields[0]=name&fields[1]=price`);
  await get('restaurant.filter-relation', `/api/restaurants?${mine}&filters[category][name][$eq]=${s}%20Pizza&sort=name&fields[0]=name`);
  await get('restaurant.filter-relation-deep', `/api/restaurants?${mine}&filters[reviews][author][job][$eq]=critic&fields[0]=name`);
  await get('restaurant.filter-component', `/api/restaurants?${mine}&filters[information][location][address][$containsi]=kyoto&fields[0]=name`);
  await get('restaurant.filter-repeatable-component', `/api/restaurants?${mine}&filters[socialNetworks][url][$endsWith]=mario&fields[0]=name`);
  await get('restaurant.filter-or-not', `/api/restaurants?${mine}&filters[$or][0][price][$eq]=p1&filters[$or][1][place][name][$eq]=${s}%20Paris&filters[$not][name][$containsi]=kyoto&sort=name&fields[0]=name`);
  await get('restaurant.filter-null', `/api/restaurants?${mine}&filters[slug][$null]=true&fields[0]=name`);
  await get('restaurant.filter-notnull-relation', `/api/categories?${mine}&filters[restaurants][$notNull]=true&fields[0]=name`);
  // Rows without a category are left out: where NULLs sort depends on the database.
  await get('restaurant.sort-multi', `/api/restaurants?${mine}&filters[category][id][$notNull]=true&sort[0]=category.name:desc&sort[1]=price:asc&fields[0]=name&fields[1]=price`);
  await get('restaurant.page', `/api/restaurants?${mine}&sort=name&fields[0]=name&pagination[page]=2&pagination[pageSize]=2`);
  await get('restaurant.start-limit', `/api/restaurants?${mine}&sort=name&fields[0]=name&pagination[start]=1&pagination[limit]=1`);
  await get('restaurant.without-count', `/api/restaurants?${mine}&sort=name&fields[0]=name&pagination[pageSize]=1&pagination[withCount]=false`);
  await get('restaurant.drafts', `/api/restaurants?${mine}&status=draft&sort=name&fields[0]=name&fields[1]=price`);
  await get('restaurant.list-fr', `/api/restaurants?locale=fr&filters[name][$containsi]=${s}&fields[0]=name&fields[1]=price&fields[2]=locale&populate[images][fields][0]=name&populate[seo][fields][0]=metaTitle&populate[localizations][fields][0]=name`);
  await get('restaurant.find-fr', `/api/restaurants/${luigi}?locale=fr&fields[0]=name&fields[1]=slug&populate[information]=true&populate[socialNetworks]=true`);
  await get('restaurant.find-missing', '/api/restaurants/nosuchdocumentid');

  // Refused reads.
  await get('error.filter-unknown', `/api/restaurants?filters[stars][$eq]=5`);
  await get('error.filter-unknown-operator', `/api/restaurants?filters[name][$like]=x`);
  await get('error.sort-unknown', `/api/restaurants?${mine}&sort=stars:asc`);
  await get('error.populate-unknown', `/api/restaurants?${mine}&populate=stars`);
  await get('error.fields-unknown', `/api/restaurants?${mine}&fields[0]=stars`);
  await get('error.filter-private', `/api/users?filters[password][$eq]=x`);
  await get('error.page-size-zero', `/api/restaurants?${mine}&pagination[pageSize]=0&fields[0]=name`);
  await get('error.status-invalid', `/api/restaurants?${mine}&status=archived&fields[0]=name`);
  await get('error.locale-unknown', `/api/restaurants?${mine}&locale=de&fields[0]=name`);

  // Reads: the other types.
  await get('category.find-populate', `/api/categories/${pizza}?populate[restaurants][fields][0]=name&populate[restaurants][sort]=name&populate[articles][fields][0]=title`);
  await get('category.list', `/api/categories?${mine}&sort=name&fields[0]=name&fields[1]=slug`);
  await get('place.list-populate', `/api/places?${mine}&sort=name&populate[restaurants][fields][0]=name&populate[restaurants][sort]=name`);
  await get('review.list', `/api/reviews?filters[content][$startsWith]=${s}&sort=note&populate[author][fields][0]=username&populate[author][fields][1]=job&populate[restaurant][fields][0]=name`);
  await get('review.list-fr', `/api/reviews?locale=fr&filters[content][$startsWith]=${s}&fields[0]=content&fields[1]=note&fields[2]=locale`);
  await get('review.filter-range', `/api/reviews?filters[content][$startsWith]=${s}&filters[note][$gte]=4&filters[note][$lt]=6&fields[0]=note`);
  await get('article.find-populate-star', `/api/articles/${article}?populate=*`);
  await get('article.list-deep', `/api/articles?filters[title][$startsWith]=${s}&sort=title&fields[0]=title&fields[1]=ckeditor_content&populate[blocks][on][blocks.related-articles][populate][articles][fields][0]=title&populate[blocks][on][blocks.faq][populate]=*&populate[blocks][on][blocks.cta-command-line]=true&populate[category][fields][0]=name`);
  await get('article.filter-custom-field', `/api/articles?filters[title][$startsWith]=${s}&filters[ckeditor_content][$containsi]=pizzas&fields[0]=title`);
  await get('page.find-deep', `/api/pages/${page}?fields[0]=title&populate[blocks][on][blocks.hero][populate]=*&populate[blocks][on][blocks.features][populate][cards][populate]=*&populate[blocks][on][blocks.pricing][populate][pricingCards][populate]=*&populate[blocks][on][blocks.team][populate][members][fields][0]=username&populate[blocks][on][blocks.testimonial][populate][author][fields][0]=job&populate[blocks][on][blocks.features-with-images][populate]=*&populate[blocks][on][blocks.related-restaurants][populate][restaurants][fields][0]=name`);
  await get('page.populate-star', `/api/pages/${page}?populate=*`);
  await get('user.find-populate', `/api/users/${userId}?populate[reviews][fields][0]=content&populate[picture][fields][0]=name&populate[role][fields][0]=type`);
  await get('user.list', `/api/users?filters[username][$eq]=ann${s}&fields[0]=username&fields[1]=job`);

  // Single types (shared between runs: each is deleted first, in every locale, unrecorded).
  for (const single of ['global', 'blog-page', 'restaurant-page']) {
    for (const locale of ['fr', 'en']) await send({ method: 'DELETE', path: `/api/${single}?locale=${locale}` });
  }
  await put('global.update', '/api/global', {
    navigation: { links: [link('/', `${s} Home`), link('/blog', 'Blog')], leftButton: link('/login', 'Login'), rightButton: link('/signup', 'Sign up') },
    footer: { label: `${s} footer`, footerColumns: [{ links: [link('/about', 'About')] }], socialNetworks: [{ url: 'https://x.example.com' }], button: { theme: 'muted', link: link('/contact', 'Contact') } },
  });
  await get('global.find', '/api/global?populate[navigation][populate]=*&populate[footer][populate][footerColumns][populate]=*&populate[footer][populate][socialNetworks]=true&populate[footer][populate][button][populate]=*');
  await put('global.update-fr', '/api/global?locale=fr', { footer: { label: `${s} pied de page` } });
  await get('global.find-fr', '/api/global?locale=fr&populate[footer]=true&populate[localizations]=true');
  await put('blog-page.missing-required', '/api/blog-page', { categoryText: `${s} categories` });
  await put('blog-page.update', '/api/blog-page', { slug: `blog-${s}`, articlesPerPage: 12, categoryText: `${s} categories`, header: { title: 'Blog', label: 'News' }, blocks: [{ __component: 'blocks.cta', title: 'Subscribe', theme: 'primary' }], seo: seo(`${s} blog`, image) });
  await get('blog-page.find', '/api/blog-page?populate=*');
  await get('blog-page.draft', '/api/blog-page?status=draft&fields[0]=slug&fields[1]=articlesPerPage');
  await put('restaurant-page.invalid-integer', '/api/restaurant-page', { slug: 'r', categoryText: 'c', PlaceText: 'p', restaurantsPerPage: 'many' });
  await put('restaurant-page.update', '/api/restaurant-page', { slug: `restaurants-${s}`, categoryText: 'Categories', PlaceText: 'Places', restaurantsPerPage: 9, header: { title: `${s} Restaurants` } });
  await get('restaurant-page.find', '/api/restaurant-page?fields[0]=slug&fields[1]=restaurantsPerPage&populate[header]=true');

  // Updates and deletes.
  await put('restaurant.update-scalars', `/api/restaurants/${mario}?fields[0]=name&fields[1]=price`, { name: `${s} Mario Bros`, price: 'p3' });
  await put('restaurant.update-disconnect', `/api/restaurants/${mario}?fields[0]=name&populate[category][fields][0]=name&populate[place][fields][0]=name`, { category: { disconnect: [pizza] }, place: { connect: [paris] } });
  await put('restaurant.update-component', `/api/restaurants/${mario}?fields[0]=name&populate[information][populate]=*`, { information: { description: 'Changed', location: { address: 'New address' } } });
  await put('restaurant.update-invalid', `/api/restaurants/${mario}`, { price: 'p0' });
  await put('restaurant.update-missing', '/api/restaurants/nosuchdocumentid', { name: 'x' });
  await get('place.after-update', `/api/places/${paris}?fields[0]=name&populate[restaurants][fields][0]=name&populate[restaurants][sort]=name`);
  await put('review.update', `/api/reviews/${review}?populate[restaurant][fields][0]=name`, { note: 2, restaurant: kyoto });
  await record('review.delete', { method: 'DELETE', path: `/api/reviews/${review}` });
  await get('review.after-delete', `/api/reviews/${review}`);
  await record('restaurant.delete-fr', { method: 'DELETE', path: `/api/restaurants/${luigi}?locale=fr` });
  await get('restaurant.after-delete-fr', `/api/restaurants/${luigi}?locale=fr&fields[0]=name`);
  await get('restaurant.after-delete-fr-en', `/api/restaurants/${luigi}?fields[0]=name`);
  await record('category.delete', { method: 'DELETE', path: `/api/categories/${sushi}` });
  await get('category.after-delete-restaurant', `/api/restaurants/${kyoto}?fields[0]=name&populate[category]=true`);

  // GraphQL.
  await record(
    'graphql.restaurants',
    gql(`{ restaurants(filters: { name: { startsWith: "${s}" } }, sort: "name") { name price slug category { name } place { name } information { description location { address } opening_hours { day_interval } } socialNetworks { url } seo { metaTitle metaImage { name } metaSocial { socialNetwork } } images { name } } }`),
  );
  await record(
    'graphql.restaurant-zone',
    gql(`query($id: ID!) { restaurant(documentId: $id) { name blocks { __typename ... on ComponentRestaurantRichContent { content } ... on ComponentBlocksFaq { title theme faq { question answer } } ... on ComponentBlocksRelatedRestaurants { header { title } restaurants(sort: "name") { name } } ... on ComponentBlocksCta { title buttons { theme link { href label target isExternal } } } } } }`, { id: kyoto }),
  );
  await record('graphql.connection', gql(`{ restaurants_connection(filters: { name: { startsWith: "${s}" } }, sort: "name", pagination: { page: 1, pageSize: 2 }) { nodes { name } pageInfo { page pageSize pageCount total } } }`));
  await record('graphql.reviews-fr', gql(`{ reviews(locale: "fr", filters: { content: { startsWith: "${s}" } }) { content note locale restaurant { name } } }`));
  await record('graphql.drafts', gql(`{ restaurants(status: DRAFT, filters: { name: { startsWith: "${s}" } }, sort: "name") { name price publishedAt } }`));
  await record('graphql.global', gql('{ global { navigation { links { href } leftButton { label } } footer { label button { theme link { href } } } } }'));
  await record('graphql.create-review', gql(`mutation($r: ID) { createReview(data: { content: "${s} via graphql", note: 4, restaurant: $r }) { content note restaurant { name } } }`, { r: kyoto }));
  await record('graphql.create-review-invalid', gql(`mutation { createReview(data: { content: "${s} bad", note: 9 }) { content } }`));
  await record('graphql.unknown-field', gql(`{ restaurants { stars } }`));
  await record('graphql.category-relations', gql(`query($id: ID!) { category(documentId: $id) { name restaurants(sort: "name") { name } restaurants_connection { pageInfo { total } } articles { title } } }`, { id: pizza }));

  // More reads: operators, component paths, list forms, caps, zone populate forms.
  await get('more.filter-and-between', `/api/reviews?filters[$and][0][content][$startsWithi]=${s}&filters[$and][1][note][$between][0]=2&filters[$and][1][note][$between][1]=4&sort=note:desc&fields[0]=note`);
  await get('more.filter-notin-eqi', `/api/restaurants?${mine}&filters[price][$notIn][0]=p1&filters[slug][$eqi]=KYOTO-${s}&fields[0]=name`);
  await get('more.filter-component-seo', `/api/restaurants?${mine}&filters[seo][metaTitle][$endsWith]=Kyoto%20title&fields[0]=name`);
  await get('more.filter-component-null', `/api/restaurants?${mine}&filters[seo][$null]=true&sort=name&fields[0]=name`);
  await get('more.filter-media-name', `/api/restaurants?${mine}&filters[images][name][$eq]=${s}.png&sort=name&fields[0]=name`);
  await get('more.filter-zone', `/api/restaurants?${mine}&filters[blocks][title][$eq]=FAQ&fields[0]=name`);
  await get('more.sort-component', `/api/restaurants?${mine}&filters[information][location][address][$notNull]=true&sort=information.location.address:desc&fields[0]=name`);
  await get('more.fields-comma', `/api/restaurants?${mine}&sort=name&fields=name,price`);
  await get('more.page-size-cap', `/api/restaurants?${mine}&sort=name&fields[0]=name&pagination[pageSize]=500`);
  await get('more.populate-list', `/api/restaurants?${mine}&sort=name&fields[0]=name&populate[0]=category&populate[1]=seo.metaSocial&populate[2]=information.location`);
  await get('more.populate-zone-star', `/api/restaurants?${mine}&sort=name&fields[0]=name&populate[blocks][populate]=*`);
  await get('more.populate-localizations', `/api/restaurants/${kyoto}?fields[0]=name&populate[localizations][fields][0]=locale`);
  await get('more.locale-all', `/api/reviews?locale=*&filters[content][$startsWith]=${s}&sort=content&fields[0]=content&fields[1]=locale`);
  await get('more.count-users-forbidden', '/api/users/count');
  await get('more.users-populate', `/api/users?filters[username][$startsWith]=ann${s}&fields[0]=username&populate[picture][fields][0]=name&populate[reviews][fields][0]=note`);
  await get('more.single-populate-star', '/api/restaurant-page?populate=*');
  await record('more.graphql-restaurant-fr', gql(`query($id: ID!) { restaurant(documentId: $id, locale: "fr") { name locale } }`, { id: luigi }));
  await record(
    'more.graphql-update-restaurant',
    gql(`mutation($id: ID!) { updateRestaurant(documentId: $id, data: { name: "${s} Kyoto Grill", blocks: [{ __typename: "ComponentBlocksCta", title: "Call" }] }) { name blocks { __typename ... on ComponentBlocksCta { title theme } } } }`, { id: kyoto }),
  );
  await record('more.graphql-update-global', gql(`mutation { updateGlobal(data: { footer: { label: "${s} gql footer" } }) { footer { label } navigation { links { href } } } }`));
  await record('more.graphql-global-fr', gql('{ global(locale: "fr") { footer { label } locale } }'));
  await record('more.graphql-delete-review', gql(`mutation($id: ID!) { deleteReview(documentId: $id) { documentId } }`, { id: review }));
  await record('more.graphql-users', gql(`{ usersPermissionsUsers(filters: { username: { startsWith: "ann${s}" } }) { username job reviews { note } picture { name } } }`));
  await record('more.graphql-reviews-connection', gql(`{ reviews_connection(filters: { content: { startsWith: "${s}" } }, sort: "note:desc") { nodes { note } pageInfo { total pageCount } } }`));
}
