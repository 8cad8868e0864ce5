// Side-by-side steps on conditional fields (test/conditions-kit: a required `link` shown only when
// a navigation is not multi-level, a link component whose required `href` is shown only for
// external links, and a card whose required components are shown by its `type`: the shapes of
// notum-cz's starter and TourmalineCore's site in test/realworld).
// Strapi 5.54 does not validate a field its `conditions.visible` rule hides: a hidden required
// field may be left out. On a draft & publish type the rule reads the version written (the
// schema's defaults included); on another type, the values sent. The same steps run against real
// Strapi 5.54 (`tsx test/answers/record.ts conditions` writes answers.json) and the generated app
// (test/e2e/conditions-answers.test.ts).
import type { Context } from '../answers/run';
import { docId } from '../answers/step-helpers';

export async function conditionsSteps(context: Context): Promise<void> {
  const { record, stamp: s } = context;
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });

  // Draft & publish: `multi` defaults to false, which shows `link`.
  await post('nav.hidden-link-left-out', '/api/navs', { title: `${s} multi`, multi: true });
  await post('nav.shown-link-left-out', '/api/navs', { title: `${s} single`, multi: false });
  await post('nav.shown-by-default-left-out', '/api/navs', { title: `${s} default` });
  await post('nav.shown-link-given', '/api/navs?fields[0]=link', { title: `${s} linked`, multi: false, link: '/home' });
  await post('nav.hidden-link-given', '/api/navs?fields[0]=link', { title: `${s} kept`, multi: true, link: '/kept' });
  // In a component: `href` shows for external links only; `type` defaults to internal.
  await post('nav.component-internal', '/api/navs?populate=cta', { title: `${s} cta internal`, multi: true, cta: { label: 'Docs', type: 'internal' } });
  await post('nav.component-default-type', '/api/navs?populate=cta', { title: `${s} cta default`, multi: true, cta: { label: 'Docs' } });
  await post('nav.component-external-left-out', '/api/navs', { title: `${s} cta external`, multi: true, cta: { label: 'Site', type: 'external' } });
  await post('nav.component-external-given', '/api/navs?populate=cta', { title: `${s} cta href`, multi: true, cta: { label: 'Site', type: 'external', href: 'https://example.com' } });
  // Drafts are spared required values anyway; publishing reads the draft's values.
  const hidden = docId(await post('nav.draft-hidden', '/api/navs?status=draft&fields[0]=title', { title: `${s} draft multi`, multi: true }));
  const shown = docId(await post('nav.draft-shown', '/api/navs?status=draft&fields[0]=title', { title: `${s} draft single`, multi: false }));
  await put('nav.publish-draft-hidden', `/api/navs/${hidden}?fields[0]=title&fields[1]=link`, { title: `${s} draft multi published` });
  await put('nav.publish-draft-shown', `/api/navs/${shown}?fields[0]=title`, { title: `${s} draft single published` });
  await put('nav.update-to-shown', `/api/navs/${hidden}?fields[0]=title`, { multi: false });
  // Without draft & publish: the values sent decide (`multi` has no default here).
  await post('page.hidden-link-left-out', '/api/pages', { title: `${s} multi`, multi: true });
  await post('page.unset-left-out', '/api/pages?fields[0]=multi&fields[1]=link', { title: `${s} unset` });
  await post('page.shown-link-left-out', '/api/pages', { title: `${s} single`, multi: false });
  await post('page.shown-link-null', '/api/pages', { title: `${s} null`, multi: false, link: null });
  // Required components shown by a card's `type` (TourmalineCore's featured cards): only the shown one is required.
  const caption = { text: 'x' };
  await post('page.card-image', '/api/pages?populate[card][populate]=*', { title: `${s} card image`, multi: true, card: { type: 'image', withImage: caption } });
  await post('page.card-points', '/api/pages?populate[card][populate]=*', { title: `${s} card points`, multi: true, card: { type: 'points', withPoints: [caption] } });
  await post('page.card-image-missing', '/api/pages', { title: `${s} card no image`, multi: true, card: { type: 'image' } });
  await post('page.card-points-missing', '/api/pages', { title: `${s} card no points`, multi: true, card: { type: 'points' } });
  await post('page.card-default-type-missing', '/api/pages', { title: `${s} card default`, multi: true, card: {} });
}
