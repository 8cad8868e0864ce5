// Side-by-side steps on easyfest (test/easyfest-kit: the schemas of its backend/ folder as
// committed, a toolkit for festival websites). Unlike the other sets: draft & publish and i18n
// together on almost every type, with es as the default locale; attributes shared by every locale
// (`"localized": false`) that are required booleans, dates, integers and media; an extended
// users-permissions user related many-to-many to a localized type (one side private), which Public
// may not read; a non-localized single type without draft & publish whose components relate to a
// draft & publish type; a non-localized draft & publish type relating one way to localized ones;
// private attributes; decimals and `min: 0` integers. The same steps run against real Strapi 5.54
// (`tsx test/answers/record.ts easyfest` writes answers.json) and the generated app
// (test/e2e/easyfest-answers.test.ts). Every document carries the run's stamp and every list is
// filtered down to it, so a reused Strapi database does not change the answers.
import type { Context } from '../answers/run';
import { docId, gql, PNG } from '../answers/step-helpers';

export async function easyfestSteps(context: Context): Promise<void> {
  const { record, send, stamp: s } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const del = (name: string, path: string) => record(name, { method: 'DELETE', path });
  const titled = `filters[title][$startsWith]=${s}`;

  // Two accounts (not recorded: the users set covers registering); their ids relate to activities.
  const account = async (who: string) => {
    const answer = await send({ method: 'POST', path: '/api/auth/local/register', body: { username: `${who}${s}`, email: `${who}${s}@example.com`, password: 'festival-2024' } });
    const user = (answer.body as { user?: { id: number } }).user;
    if (!user) throw new Error(`register ${who}: ${JSON.stringify(answer.body)}`);
    return user.id;
  };
  const ana = await account('ana');
  const bea = await account('bea');
  await record('user.register-extension-field', { method: 'POST', path: '/api/auth/local/register', body: { username: `cris${s}`, email: `cris${s}@example.com`, password: 'festival-2024', dni: '12345678Z' } });

  const image = ((await record('seed.upload', { method: 'POST', path: '/api/upload', upload: { name: `${s}-photo.png`, type: 'image/png', bytes: PNG } })).body as Array<{ id: number }>)[0];

  // Tracks: localized, a required `order` and flag shared by every locale.
  const main = docId(await post('track.create', '/api/tracks', { title: `${s} Sala principal`, description: 'La grande', order: 1, is_title_visible: true }));
  const side = docId(await post('track.create-2', '/api/tracks', { title: `${s} Sala B`, order: 2, is_title_visible: false }));
  await post('track.required-shared-missing', '/api/tracks', { title: `${s} Sin orden` });
  await put('track.create-en', `/api/tracks/${main}?locale=en`, { title: `${s} Main hall` });
  await put('track.update-shared-via-en', `/api/tracks/${main}?locale=en`, { order: 7 });
  await get('track.find-es-after-shared-update', `/api/tracks/${main}?fields[0]=title&fields[1]=order&fields[2]=is_title_visible&fields[3]=locale`);
  // A published write reaches the other locales' published versions only: their drafts keep theirs.
  await get('track.draft-es-after-published-update', `/api/tracks/${main}?status=draft&fields[0]=title&fields[1]=order`);
  await put('track.update-shared-draft-via-en', `/api/tracks/${main}?locale=en&status=draft&fields[0]=order`, { order: 9 });
  await get('track.drafts-after-draft-update', `/api/tracks?locale=*&status=draft&${titled}&sort[0]=title&fields[0]=title&fields[1]=order`);
  await get('track.published-after-draft-update', `/api/tracks?locale=*&${titled}&sort[0]=title&fields[0]=title&fields[1]=order`);
  await get('track.list-all-locales', `/api/tracks?locale=*&${titled}&sort[0]=title&fields[0]=title&fields[1]=order&fields[2]=locale`);

  // Activities: draft & publish, localized, shared attributes, private ones, users on both sides.
  const talk = docId(
    await post('activity.create', '/api/activities?populate[track][fields][0]=title', {
      title: `${s} Charla inaugural`,
      short_description: 'Bienvenida',
      start: '2025-05-10T10:00:00.000Z',
      minutes: 45,
      attendees_limit: 120,
      logistics: 'Micrófono inalámbrico',
      has_own_page: true,
      needs_registration: true,
      format: 'in person',
      tag1: 'Basic',
      tag2: 'Charla',
      track: main,
    }),
  );
  const workshop = docId(
    await post('activity.create-draft', '/api/activities?status=draft', {
      title: `${s} Taller de cerámica`,
      minutes: 90,
      attendees_limit: 12,
      format: 'hybrid',
      tag2: 'Taller',
      track: side,
    }),
  );
  await post('activity.required-boolean-defaults', '/api/activities?fields[0]=has_own_page&fields[1]=is_all_day&fields[2]=is_all_event&fields[3]=is_across_tracks&fields[4]=adjust_start', { title: `${s} Valores por defecto` });
  await post('activity.min-negative', '/api/activities', { title: `${s} Negativa`, minutes: -5 });
  await post('activity.min-negative-draft', '/api/activities?status=draft&fields[0]=minutes', { title: `${s} Negativa borrador`, minutes: -5, attendees_limit: -1 });
  await post('activity.enum-invalid', '/api/activities', { title: `${s} Experta`, tag1: 'Expert', format: 'remote' });
  await post('activity.title-missing', '/api/activities', { minutes: 10 });
  await post('activity.users-not-readable', '/api/activities?populate=registered_users', { title: `${s} Con usuarios`, registered_users: [ana, bea], queued_users: { connect: [bea] } });
  await post('activity.private-relation-sent', '/api/activities', { title: `${s} Con personal`, staff: [ana] });
  await put('activity.create-en', `/api/activities/${talk}?locale=en`, { title: `${s} Opening talk`, short_description: 'Welcome' });
  await get('activity.find-en', `/api/activities/${talk}?locale=en&fields[0]=title&fields[1]=start&fields[2]=attendees_limit&fields[3]=has_own_page&fields[4]=minutes&fields[5]=format&populate[track][fields][0]=title`);
  await put('activity.update-shared-via-en', `/api/activities/${talk}?locale=en&fields[0]=attendees_limit&fields[1]=locale`, { attendees_limit: 150, minutes: 50 });
  await get('activity.find-es-after-shared-update', `/api/activities/${talk}?fields[0]=title&fields[1]=attendees_limit&fields[2]=minutes&fields[3]=locale&populate[localizations][fields][0]=title&populate[localizations][fields][1]=attendees_limit`);
  await get('activity.list', `/api/activities?${titled}&sort=title&fields[0]=title&fields[1]=tag1&fields[2]=tag2&fields[3]=publishedAt`);
  await get('activity.list-drafts', `/api/activities?status=draft&${titled}&sort=title:desc&fields[0]=title&fields[1]=minutes`);
  await get('activity.list-en', `/api/activities?locale=en&${titled}&fields[0]=title&fields[1]=locale&populate[localizations][fields][0]=locale`);
  await get('activity.filter-track', `/api/activities?status=draft&${titled}&filters[track][order][$gte]=2&fields[0]=title`);
  await get('activity.filter-boolean', `/api/activities?${titled}&filters[has_own_page][$eq]=true&fields[0]=title`);
  await get('activity.filter-enum-in', `/api/activities?status=draft&${titled}&filters[format][$in][0]=hybrid&filters[format][$in][1]=online&fields[0]=title&fields[1]=format`);
  await get('activity.filter-datetime', `/api/activities?${titled}&filters[start][$lt]=2025-06-01T00:00:00.000Z&fields[0]=title&fields[1]=start`);
  await get('activity.filter-private', `/api/activities?${titled}&filters[logistics][$containsi]=micr`);
  await get('activity.sort-private', `/api/activities?${titled}&sort=comments`);
  await get('activity.fields-private', `/api/activities?${titled}&fields[0]=title&fields[1]=logistics`);
  await get('activity.populate-private-relation', `/api/activities/${talk}?populate[staff]=true`);
  await get('activity.populate-users', `/api/activities/${talk}?fields[0]=title&populate[registered_users][fields][0]=username`);
  await get('activity.filter-users', `/api/activities?${titled}&filters[registered_users][username][$eq]=ana${s}`);
  await get('activity.populate-star', `/api/activities/${talk}?populate=*`);
  await get('track.populate-activities', `/api/tracks/${main}?fields[0]=title&populate[activities][fields][0]=title&populate[activities][sort]=title`);
  await get('track.populate-activities-drafts', `/api/tracks/${side}?status=draft&fields[0]=title&populate[activities][fields][0]=title`);
  await put('activity.publish-draft', `/api/activities/${workshop}?status=published&fields[0]=title&fields[1]=publishedAt`, { short_description: 'Barro y torno' });
  await get('track.populate-activities-after-publish', `/api/tracks/${side}?fields[0]=title&populate[activities][fields][0]=title`);

  // Public profiles: a required photo and name shared by every locale, a private contact.
  const speaker = docId(
    await post('public-profile.create', '/api/public-profiles?populate[photo][fields][0]=name&populate[activities][fields][0]=title', {
      fullname: `${s} Lucía Pérez`,
      bio: 'Ceramista',
      title: 'Artesana',
      photo: image.id,
      is_speaker: true,
      contact_info: 'lucia@example.com',
      activities: [talk, workshop],
      order: 3,
    }),
  );
  await post('public-profile.photo-missing', '/api/public-profiles', { fullname: `${s} Sin foto` });
  await post('public-profile.draft-photo-missing', '/api/public-profiles?status=draft&fields[0]=fullname', { fullname: `${s} Borrador sin foto` });
  await put('public-profile.create-en', `/api/public-profiles/${speaker}?locale=en&populate[photo][fields][0]=name`, { bio: 'Potter', title: 'Artisan' });
  await get('public-profile.list-en', `/api/public-profiles?locale=en&filters[fullname][$startsWith]=${s}&fields[0]=fullname&fields[1]=bio&fields[2]=order&populate[activities][fields][0]=title`);
  await get('public-profile.filter-private', `/api/public-profiles?filters[contact_info][$notNull]=true`);
  await get('activity.populate-public-faces', `/api/activities/${talk}?fields[0]=title&populate[public_faces][fields][0]=fullname&populate[public_faces][populate][photo][fields][0]=name`);

  // A non-localized draft & publish type relating one way to a localized profile.
  const email = docId(await post('contact-type.create', '/api/contact-types', { label: `${s} Correo`, kind: 'email' }));
  await post('contact-type.enum-typo-kept', '/api/contact-types?fields[0]=kind', { label: `${s} Fracebook`, kind: 'fracebook' });
  await post('contact-type.locale-ignored', '/api/contact-types?locale=en&fields[0]=label', { label: `${s} Con idioma`, kind: 'link' });
  const contact = docId(
    await post('profile-contact.create', '/api/profile-contacts?populate[contact_type][fields][0]=label&populate[public_profile][fields][0]=fullname&populate[public_profile][fields][1]=locale', {
      contact_type: email,
      public_profile: speaker,
      value: 'lucia@example.com',
    }),
  );
  await get('profile-contact.find', `/api/profile-contacts/${contact}?fields[0]=value&populate[public_profile][fields][0]=bio&populate[public_profile][fields][1]=locale`);
  await get('profile-contact.find-locale-en', `/api/profile-contacts/${contact}?locale=en&fields[0]=value&populate[public_profile][fields][0]=bio`);
  await post('profile-contact.value-missing', '/api/profile-contacts', { contact_type: email });
  await get('profile-contact.filter-profile', `/api/profile-contacts?filters[public_profile][fullname][$startsWith]=${s}&fields[0]=value`);

  // Prices: a required decimal.
  await post('price.create', '/api/prices?fields[0]=name&fields[1]=value&fields[2]=currency', { name: `${s} Entrada general`, value: 35.5, currency: 'EUR' });
  await post('price.create-string-decimal', '/api/prices?fields[0]=value', { name: `${s} Reducida`, value: '20.25' });
  await post('price.value-invalid', '/api/prices', { name: `${s} Gratis`, value: 'gratis' });
  await post('price.value-missing', '/api/prices', { name: `${s} Sin precio` });
  await get('price.filter-decimal', `/api/prices?filters[name][$startsWith]=${s}&filters[value][$between][0]=20&filters[value][$between][1]=30&fields[0]=name&fields[1]=value`);

  // Types without draft & publish: an email checked, enumerations with spaces.
  await post('newsletter-subscription.create', '/api/newsletter-subscriptions', { name: `${s} Marta`, email: `marta${s}@example.com` });
  await post('newsletter-subscription.email-invalid', '/api/newsletter-subscriptions', { name: `${s} Nadie`, email: 'not-an-email' });
  await get('newsletter-subscription.status-draft', `/api/newsletter-subscriptions?status=draft&filters[name][$startsWith]=${s}&fields[0]=name`);
  await post('registration.create', '/api/registrations?fields[0]=fullname&fields[1]=option1&fields[2]=option2', { fullname: `${s} Pablo`, email: `pablo${s}@example.com`, option1: 'value 2', option2: 'another value 3' });
  await post('registration.enum-invalid', '/api/registrations', { fullname: `${s} Pablo`, email: `pablo${s}@example.com`, option1: 'value 4' });

  // News: a required date and media shared by every locale.
  const news = docId(await post('news-item.create', '/api/news-items?populate=*', { title: `${s} Abrimos inscripciones`, date: '2025-03-01T09:00:00.000Z', featured_image: image.id, attachments: [image.id] }));
  await post('news-item.date-missing', '/api/news-items', { title: `${s} Sin fecha` });
  await put('news-item.create-en', `/api/news-items/${news}?locale=en&populate[featured_image][fields][0]=name&populate[attachments][fields][0]=name`, { title: `${s} Registration open` });
  await get('news-item.sort-date', `/api/news-items?locale=en&${titled}&sort=date:desc&fields[0]=title&fields[1]=date`);

  // A non-localized single type without draft & publish, its components relating to activities.
  await send({ method: 'DELETE', path: '/api/homepage' });
  await put('homepage.components-required-missing', '/api/homepage', { title: `${s} Festival`, show_marquee_text: true, accommodation_section: { title: 'Dormir' }, about_section: { title: 'Sobre' } });
  await put('homepage.put', '/api/homepage?populate[about_section][populate][image][fields][0]=name&populate[activities_section][populate][f_activities][fields][0]=title&populate[accommodation_section][populate][places][populate][image][fields][0]=name', {
    title: `${s} Festival`,
    show_marquee_text: true,
    marquee_text: '¡Ya queda menos!',
    about_section: { title: 'Sobre', image: image.id, content: 'Un festival' },
    activities_section: { title: 'Actividades', agenda_link_text: 'Agenda', f_activities: [talk, workshop] },
    accommodation_section: { title: 'Dormir', places: [{ image: image.id, title: 'Albergue', content: 'Cerca' }] },
  });
  await get('homepage.locale-en', '/api/homepage?locale=en&fields[0]=title&populate[activities_section][populate][f_activities][fields][0]=title&populate[activities_section][populate][f_activities][fields][1]=locale');
  await get('homepage.status-draft', '/api/homepage?status=draft&fields[0]=title&populate[activities_section][populate][f_activities][fields][0]=title');
  await put('homepage.places-empty', '/api/homepage?fields[0]=title&populate[accommodation_section][populate]=places', { accommodation_section: { title: 'Dormir', places: [] } });

  // A localized single type with draft & publish: many required booleans shared by every locale.
  await send({ method: 'DELETE', path: '/api/setting?locale=*' });
  await put('setting.required-missing', '/api/setting', { title: `${s} Easyfest` });
  const flags = {
    show_about_us: true,
    show_accommodation_info: false,
    show_agenda: true,
    show_code_of_conduct: true,
    show_cookie_policy: false,
    show_org_team: false,
    show_press_kit: false,
    show_privacy_policy: true,
    show_speakers: true,
    show_streaming: false,
    show_venue_info: true,
    show_newsletter_subscription: true,
    show_sponsors_info: false,
    show_activity_registration: true,
  };
  await put('setting.put', '/api/setting?populate=*', {
    title: `${s} Easyfest`,
    register_cta: 'Inscríbete',
    contact: `hola${s}@example.com`,
    logo_small: image.id,
    ...flags,
    social_media_links: [{ platform: 'mastodon', url: 'https://mastodon.social/@easyfest', label: 'Mastodon' }],
    nav_menu: [{ label: 'Agenda', path: '/agenda', page: 'agenda' }, { label: 'Precios', path: '/precios', page: 'price' }],
  });
  await put('setting.component-enum-invalid', '/api/setting', { social_media_links: [{ platform: 'myspace', url: 'x' }] });
  await put('setting.create-en', '/api/setting?locale=en&populate[logo_small][fields][0]=name&populate[nav_menu]=true', { title: `${s} Easyfest EN`, register_cta: 'Sign up' });
  await put('setting.update-shared-via-en', '/api/setting?locale=en&fields[0]=show_agenda&fields[1]=contact', { show_agenda: false, contact: `hello${s}@example.com` });
  await get('setting.get-es', '/api/setting?fields[0]=title&fields[1]=show_agenda&fields[2]=contact&fields[3]=locale&populate[localizations][fields][0]=title');
  await put('setting.email-invalid', '/api/setting', { contact: 'no-email' });
  await put('setting.email-empty', '/api/setting', { contact: '' });
  await put('setting.draft-email-invalid', '/api/setting?status=draft&fields[0]=contact', { contact: 'no-email' });
  await put('setting.publish-draft-email-invalid', '/api/setting?fields[0]=contact', { tagline: 'Fiesta' });
  await put('setting.draft-email-fixed', '/api/setting?status=draft&fields[0]=contact', { contact: `hola${s}@example.com` });

  // A non-localized single type with draft & publish and required enumerations with defaults.
  await send({ method: 'DELETE', path: '/api/site' });
  await put('site.defaults', '/api/site', { loginEnabled: true });
  await put('site.draft', '/api/site?status=draft', { eventStatus: 'public', registration: 'open' });
  await get('site.published', '/api/site');
  await get('site.draft-read', '/api/site?status=draft');

  // GraphQL.
  await record('graphql.activities-en', gql(`{ activities(locale: "en", filters: { title: { startsWith: "${s}" } }) { title attendees_limit track { title } } }`));
  await record('graphql.activity-drafts', gql(`{ activities(status: DRAFT, filters: { title: { startsWith: "${s}" } }, sort: "title") { title minutes tag2 } }`));
  await record('graphql.track', gql(`query($id: ID!) { track(documentId: $id) { title order activities(sort: "title") { title } localizations { title locale } } }`, { id: main }));
  await record('graphql.users-relation', gql(`query($id: ID!) { activity(documentId: $id) { title registered_users { username } } }`, { id: talk }));
  await record('graphql.private-field', gql(`query($id: ID!) { activity(documentId: $id) { title logistics } }`, { id: talk }));
  await record('graphql.homepage', gql('{ homepage { title about_section { title image { name } } activities_section { title f_activities { title } } accommodation_section { places { title } } } }'));
  await record('graphql.setting-en', gql('{ setting(locale: "en") { title show_agenda nav_menu { label page } social_media_links { platform } } }'));
  await record('graphql.create-activity-en', gql(`mutation($id: ID!) { updateActivity(documentId: $id, locale: "en", data: { title: "${s} Ceramics workshop", tag2: Taller }) { title minutes track { title } } }`, { id: workshop }));
  await record('graphql.create-activity-users', gql(`mutation($users: [ID]) { createActivity(data: { title: "${s} Con usuarios GraphQL", registered_users: $users }) { title } }`, { users: [String(ana)] }));
  await record('graphql.create-price-invalid', gql(`mutation { createPrice(data: { name: "${s} GraphQL", value: -1 }) { name value } }`));
  await record('graphql.profiles', gql(`{ publicProfiles(locale: "en", filters: { fullname: { startsWith: "${s}" } }) { fullname bio photo { name } activities { title } } }`));

  // Deleting one locale, then the default one.
  await del('activity.delete-en', `/api/activities/${talk}?locale=en`);
  await get('activity.after-delete-en', `/api/activities/${talk}?fields[0]=title&fields[1]=locale&populate[localizations][fields][0]=locale`);
  await del('activity.delete-default', `/api/activities/${talk}`);
  await get('activity.after-delete-default', `/api/activities/${talk}`);
  await get('public-profile.after-activity-deleted', `/api/public-profiles/${speaker}?fields[0]=fullname&populate[activities][fields][0]=title`);
  await del('track.delete-missing-locale', `/api/tracks/${side}?locale=en`);
}
