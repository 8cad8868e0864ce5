// Side by side with real Strapi 5.54 on the kitchen kit (test/kitchen-kit: every attribute and
// relation kind, nested components with relations, a dynamic zone, media, i18n, draft & publish on
// and off, a single type). The steps of test/kitchen/requests.ts run against the generated app on
// SQLite, PostgreSQL and MariaDB, and every normalized answer must equal the one Strapi gave (recorded in
// test/kitchen/answers.json by `tsx test/answers/record.ts kitchen`; CI needs no Strapi). Key order aside.
// The few steps where the app answers otherwise on purpose are listed in DIFFERENT with the reason
// (docs/rest.md, "Differences from Strapi 5, on purpose"), and what the app answers there is
// asserted instead.
import { describeReplay, type Different } from '../answers/replay';
import type { Answer } from '../answers/run';
import { SETS } from '../answers/sets';
import { startKitchenKitApp } from '../helpers/kitchen-kit-app';

/** A file's `size` in KB without a file's bytes: PNG re-encodes differ (sharp effort 5 here, see runtime/upload/images.ts). */
function withoutFileSizes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFileSizes);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'size' || key === 'sizeInBytes') && 'mime' in value) continue;
    out[key] = withoutFileSizes(v);
  }
  return out;
}

const fileSizesAside = (ours: Answer, theirs: Answer) => expect(withoutFileSizes(ours)).toEqual(withoutFileSizes(theirs));

const labels = (answer: Answer) => (answer.body as { data: { favourites: Array<{ label: string }> } }).data.favourites.map((f) => f.label);

/** The first issue of a refused write, as a client reads it. */
const firstIssue = (answer: Answer) => (answer.body as { error: { details: { errors: unknown[] } } }).error.details.errors[0];

/**
 * An answer with the issues' `value` set aside. For relations and media named by ids that do not
 * exist, Strapi 5.54 reports its internal form of the write there (relations as `{ set: [{ id }] }`,
 * `publishedAt`, `locale`, and on create the defaults); the app reports the `data` sent.
 */
function withoutIssueValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIssueValues);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = key === 'value' && 'path' in value && 'message' in value ? '<value>' : withoutIssueValues(v);
  return out;
}

const issueValuesAside = (ours: Answer, theirs: Answer) => expect(withoutIssueValues(ours)).toEqual(withoutIssueValues(theirs));

const MISSING_IDS = [
  'errors.media-multiple-one',
  'errors.media-multiple-several',
  'errors.media-multiple-repeated',
  'errors.media-single',
  'errors.media-single-and-multiple',
  'errors.media-same-id-twice',
  'errors.media-before-relation',
  'errors.media-in-component',
  'errors.media-on-create',
  'errors.relation-id',
  'errors.relation-schema-order',
  'errors.relation-in-zone',
  'errors.relation-counted-with-nested',
  'errors.relation-connect-position',
  'errors.graphql.relation-id-missing',
  'errors.media-connect-missing',
];

const DIFFERENT: Record<string, Different> = {
  ...Object.fromEntries(MISSING_IDS.map((name) => [name, issueValuesAside])),
  'seed.upload': fileSizesAside,
  'widget.list-populate-star': fileSizesAside,
  'widget.media': fileSizesAside,
  'widget.one-populate-star': fileSizesAside,
  'owner.populate-star': fileSizesAside,
  'more.populate-deep-star': fileSizesAside,
  // Strapi 5.54 refuses a sort list mixing names and objects (`Invalid key 0`); the app sorts by
  // both. gamma has no owner: NULL sorts first ascending on SQLite and MariaDB, last on PostgreSQL (as Strapi there).
  'widget.sort-relation': (ours, _theirs, database) => {
    expect(ours.status).toBe(200);
    const titles = ['<stamp> gamma', '<stamp> alpha'];
    expect((ours.body as { data: Array<{ title: string }> }).data.map((d) => d.title)).toEqual(database === 'postgres' ? titles.reverse() : titles);
  },
  // Strapi 5.54 skips a password's minLength; the schema's bound holds here.
  'write.error.secret-min-length': (ours) => {
    expect(ours.status).toBe(400);
    expect((ours.body as { error: { message: string } }).error.message).toBe('secret must be at least 6 characters');
  },
  // Strapi 5.54 adds an internal second error ("Invalid relations", "Cannot build relations store …")
  // and lists every component of the app; the field's issue is the same words.
  'write.error.zone-unknown-component': (ours, theirs) => {
    expect(ours.status).toBe(theirs.status);
    expect(firstIssue(ours)).toEqual({ ...(firstIssue(theirs) as object), message: 'zone[0].__component must be one of the following values: kit.banner, kit.spec, kit.quote' });
  },
  'write.error.zone-missing-component': (ours, theirs) => {
    expect(ours.status).toBe(theirs.status);
    expect(firstIssue(ours)).toEqual(firstIssue(theirs));
  },
  // [leaf, root, child] (leaf moved to the start), then child `before: leaf`: Strapi 5.54 places
  // it after leaf; the app before it, as asked.
  'more.order.connect-before': (ours) => expect(labels(ours)).toEqual(['<stamp> child', '<stamp> leaf', '<stamp> root']),
  // Strapi 5.54: updating the fr draft writes the rank it held (5) back to every locale, losing the
  // en update (42). The app keeps the non-localized value the last write to it set.
  'more.i18n.en-after-fr-update': (ours) => expect(ours.body).toEqual({ data: { id: '<id>', documentId: '<documentId>', summary: 'A short summary', rank: 42 }, meta: {} }),
  // Strapi 5.54 drops one-way relations (owner.favourites → root) when their target is
  // republished; two-way ones are kept there too. The app keeps both.
  'more.republish.one-way-relations': (ours) => expect(labels(ours)).toEqual(['<stamp> child', '<stamp> leaf', '<stamp> root']),
  // Strapi 5.54 creates a version in a locale that is not configured (`de`); the app refuses it.
  'probe.setting-unknown-locale': (ours) => expect(ours.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Locale de is not one of the configured locales', details: { locale: 'de' } } }),
  // Strapi 5.54 answers 500 (docs/rest.md: `filters[views]=abc` is a 400 here).
  'probe.op.lt-text-number': (ours) => expect(ours.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid value for rank: expected integer', details: { source: 'query', param: 'filters', path: 'rank' } } }),
  // Strapi 5.54 refuses `*` under a component's nested component (`Invalid key unit_tag at
  // spec.dims.unit_tag`), as it does `populate[<component>]=*` (docs/rest.md); the app populates it.
  'probe.populate-nested-star': (ours) => {
    expect(ours.status).toBe(200);
    expect((ours.body as { data: Array<{ title: string; spec: unknown }> }).data[0]).toEqual({ id: '<id>', documentId: '<documentId>', title: '<stamp> alpha', spec: { id: '<id>', label: 'gql spec', weight: null, dims: [] } });
  },
  // Strapi 5.54 names the documents by its row ids there; the app by the documentIds sent.
  'explored.connect-after-unrelated': (ours, theirs) => expect(placementMessage(ours)).toEqual(placementMessage(theirs)),
  'explored.connect-twice-placed': (ours, theirs) => expect(placementMessage(ours)).toEqual(placementMessage(theirs)),
  // Strapi 5.54 answers 500 for one entry placed against itself (its circular-reference 400 when
  // other entries are connected with it); the app answers that 400.
  'explored.connect-before-itself': (ours) =>
    expect(ours.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it', details: {} } }),
};

/** A refused connect's answer with the documents it names set aside (documentIds here, row ids in Strapi). */
function placementMessage(answer: Answer): unknown {
  const body = answer.body as { error?: { message: string } };
  return { status: answer.status, body: { ...body, error: { ...body.error, message: body.error?.message.replace(/id \w+/g, 'id <id>').replace(/"(after|before)":"?\w+"?/g, '"$1":<id>') } } };
}

describeReplay(SETS.kitchen, {
  title: 'answers as Strapi 5.54 did on the kitchen kit, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitchenKitApp(database),
  different: DIFFERENT,
});
