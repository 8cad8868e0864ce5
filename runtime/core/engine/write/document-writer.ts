// Document-level writes: create, update, delete, publish, unpublish and discard draft, over the version rows of a document.
// Draft & publish types write the draft row and then publish it (what Strapi 5's REST API does
// unless `status=draft`); publishing updates the published row in place and re-syncs only the
// relations, media and components that differ from the draft.
import { randomBytes } from 'node:crypto';
import { NotFoundError, validationFailed, type ValidationError, type ValidationIssue } from '../../errors';
import type { Db, SqlValue } from '@cms-gen/db/types';
import type { Dialect } from '../../sql/dialect';
import { SYSTEM_COLUMNS, type Attribute, type ContentTypeMeta, type SchemaMeta } from '../../model/types';
import { encodeValue, nowIso } from '../../sql/codec';
import { allScalars, contentTypeShape, type Shape } from '../../model/schema-index';
import { applyNonScalars, copyOwnedData, deleteOwnedData } from './apply-plan';
import { insertReturningId, updateRow, type WriteEnv } from './context';
import { labelOf, type WritePlan } from './plan';
import { syncInverseLinks } from './inverse-versions';
import { copyLinks, linkSignature, releaseCopiedTargets } from './relations';
import { assertPublishable, refuseUnpublishable } from './publish-check';
import { failedInStrapiOrder } from './issue-order';
import { copyMorphLinks, morphSignature, ownedMorphs, removeMorphLinksTo } from './morph';
import { ownedRelations, snapshotOwned } from './snapshot';
import { canonicalDefault } from './scalar-rules';
import { componentUniqueIssues, sameValue, uniqueHolders, type ComponentSource } from './component-unique';
import { UNIQUE_MESSAGE } from './constraint-errors';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random bytes for 256 document ids, drawn at once: one randomBytes call per id was a measurable part of a create. */
const POOL_IDS = 256;
const ID_LENGTH = 24;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 24 lowercase alphanumerics, like Strapi's document ids. */
export function newDocumentId(): string {
  if (poolOffset + ID_LENGTH > pool.length) {
    pool = randomBytes(POOL_IDS * ID_LENGTH);
    poolOffset = 0;
  }
  let id = '';
  for (let i = poolOffset; i < poolOffset + ID_LENGTH; i++) id += ALPHABET[pool[i] % 36];
  // Each id uses its bytes once: the pool is never read again where an earlier id was drawn.
  poolOffset += ID_LENGTH;
  return id;
}

export interface VersionKey {
  documentId: string;
  locale: string | null;
}

/**
 * The current time as a bound parameter for a timestamp column. Encoded like any datetime value:
 * MySQL/MariaDB reject ISO text with a 'Z' (`Incorrect datetime value`, strict mode).
 */
function nowParam(env: WriteEnv): SqlValue {
  return encodeValue('datetime', nowIso(), env.dialect.name);
}

function localeOf(meta: ContentTypeMeta, locale: string | undefined, env: WriteEnv): string | null {
  return meta.localized ? (locale ?? env.defaultLocale) : null;
}

/**
 * The draft or the published row, by `is_draft` as the reads choose it (runtime/sql/query-context.ts):
 * with the documentId it is exactly the unique `(document_id, [locale,] is_draft)` index.
 * `published_at IS NULL` let PostgreSQL, before statistics existed, AND the document_id index
 * with an index over every draft row, a cost that grew with the table (seeding 100k articles
 * slowed from 67 to 17 articles/s).
 */
const versionCondition = (draft: boolean) => (draft ? 'is_draft = TRUE' : 'is_draft = FALSE');

/** Whether any version of the document exists, in any locale. */
export async function documentExists(db: Db, dialect: Dialect, meta: ContentTypeMeta, documentId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 AS hit FROM ${dialect.quote(meta.table)} WHERE document_id = ? LIMIT 1`, [documentId]);
  return rows.length > 0;
}

async function findRow(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, draft: boolean | 'any'): Promise<number | undefined> {
  const q = env.dialect.quote;
  const conds = ['document_id = ?'];
  const params: SqlValue[] = [key.documentId];
  if (meta.localized) conds.push('locale = ?'), params.push(key.locale);
  if (meta.draftAndPublish && draft !== 'any') conds.push(versionCondition(draft));
  const rows = await env.tx.query(`SELECT id FROM ${q(meta.table)} WHERE ${conds.join(' AND ')} ORDER BY id LIMIT 1`, params);
  return rows.length ? Number(rows[0].id) : undefined;
}

/**
 * Locks every version row of a document (all locales: shared attributes are written across them)
 * until commit, before a write reads which versions exist. Two writes to one document (from two
 * requests, or two app instances) then take turns and the second decides on what the first
 * committed (READ COMMITTED). Without it an unpublish could delete the published row a
 * concurrent publish had just found and was copying into, which failed on a foreign key.
 * SQLite runs one write transaction at a time and needs no lock.
 */
async function lockVersions(env: WriteEnv, meta: ContentTypeMeta, documentId: string): Promise<void> {
  if (env.dialect.name === 'sqlite') return;
  await env.tx.query(`SELECT id FROM ${env.dialect.quote(meta.table)} WHERE document_id = ? ORDER BY id FOR UPDATE`, [documentId]);
}

/**
 * The unique values a write would clash on, all of them in Strapi's order: the version's own
 * attributes (checked in the version written: drafts too, as the database's indexes hold them),
 * and, when the write publishes, its components' (component-unique.ts; Strapi answers them
 * together: `2 errors occurred`).
 */
async function checkUnique(env: WriteEnv, meta: ContentTypeMeta, plan: WritePlan, key: VersionKey, draft: boolean, publishes: ComponentSource | undefined): Promise<void> {
  const q = env.dialect.quote;
  const issues: ValidationIssue[] = [];
  for (const attr of allScalars(contentTypeShape(env.schema, meta.uid))) {
    if (!(attr.unique || attr.type === 'uid')) continue;
    const value = plan.scalars.get(attr.column);
    if (value === null || value === undefined) continue;
    const same = sameValue(env, q(attr.column), value);
    const conds = [same.text, 'document_id <> ?'];
    const params: SqlValue[] = [...same.params, key.documentId];
    if (meta.localized) conds.push('locale = ?'), params.push(key.locale);
    if (meta.draftAndPublish) conds.push(versionCondition(draft));
    const rows = await env.tx.query(`SELECT 1 AS hit FROM ${q(meta.table)} WHERE ${conds.join(' AND ')} LIMIT 1`, params);
    if (rows.length) issues.push({ path: [attr.name], message: UNIQUE_MESSAGE, name: 'ValidationError', value });
  }
  if (issues.length === 0) return;
  if (publishes) issues.push(...(await componentUniqueIssues(env, meta, key, publishes)));
  throw uniqueFailed(issues, meta);
}

/** Refuses a version about to be published (or written, without draft & publish) whose components clash (component-unique.ts). */
async function assertComponentsUnique(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, rowId: number | undefined): Promise<void> {
  if (rowId === undefined) return;
  const issues = await componentUniqueIssues(env, meta, key, { rowId });
  if (issues.length > 0) throw uniqueFailed(issues, meta);
}

/**
 * Unique clashes in schema order (the attribute each path starts at): Strapi 5.54 checks them
 * asynchronously, and lists them in that order, not in the order its synchronous errors come in
 * (issue-order.ts).
 */
function uniqueFailed(issues: ValidationIssue[], meta: ContentTypeMeta): ValidationError {
  const keys = Object.keys(meta.attributes);
  const rank = (issue: ValidationIssue) => keys.indexOf(String(issue.path[0]));
  return validationFailed([...issues].sort((a, b) => rank(a) - rank(b)));
}

/**
 * The other locales' rows a write of shared values reaches: with draft & publish, their drafts only
 * (a draft write must not change what any locale has published; a published write reaches their
 * published versions when it publishes, syncPublishedShared), else their one version each.
 */
function otherLocaleRows(meta: ContentTypeMeta, versions: 'written' | 'published'): string {
  const base = 'document_id = ? AND locale <> ?';
  return meta.draftAndPublish ? `${base} AND ${versionCondition(versions === 'written')}` : base;
}

/** Non-localized attributes are shared: writing them in one locale writes the other locales' versions (otherLocaleRows). */
async function syncSharedScalars(env: WriteEnv, meta: ContentTypeMeta, plan: WritePlan, key: VersionKey): Promise<void> {
  if (!meta.localized) return;
  const shared = new Map<string, SqlValue>();
  for (const attr of allScalars(contentTypeShape(env.schema, meta.uid))) {
    if (!attr.localized && plan.scalars.has(attr.column)) shared.set(attr.column, plan.scalars.get(attr.column) as SqlValue);
  }
  if (shared.size === 0) return;
  const q = env.dialect.quote;
  const sets = [...shared.keys()].map((c) => `${q(c)} = ?`).join(', ');
  await env.tx.execute(`UPDATE ${q(meta.table)} SET ${sets} WHERE ${otherLocaleRows(meta, 'written')}`, [...shared.values(), key.documentId, key.locale]);
}

/**
 * Publishing a locale publishes its shared (non-localized) values to the other locales' published
 * versions, as Strapi 5.54's i18n sync does on publish: scalars, components, dynamic zones and
 * media, from the row just published. A locale without a published version gets none. So a shared
 * value is equal in every published version, and reaches them only by a publish.
 */
async function syncPublishedShared(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey): Promise<void> {
  if (!meta.localized || !meta.draftAndPublish) return;
  const shape = contentTypeShape(env.schema, meta.uid);
  const sets = fromSource(env, allScalars(shape).filter((a) => !a.localized).map((a) => a.column));
  const owned = new Set(sharedOwnedNames(meta));
  if (sets.length === 0 && owned.size === 0) return;
  const targets = await env.tx.query(`SELECT id FROM ${env.dialect.quote(meta.table)} WHERE ${otherLocaleRows(meta, 'published')}`, [key.documentId, key.locale]);
  if (targets.length === 0) return;
  const sourceId = await findRow(env, meta, key, false);
  if (sourceId === undefined) return;
  for (const target of targets) {
    const to = { uid: meta.uid, id: Number(target.id) };
    await updateFromRow(env, meta.table, sets, to.id, sourceId);
    if (owned.size > 0) {
      await deleteOwnedData(env, shape, to, owned);
      await copyOwnedData(env, shape, { uid: meta.uid, id: sourceId }, to, owned);
    }
  }
}

/**
 * Shared (non-localized) components, dynamic zones and media the write set on row `id` replace
 * those of the other locales' versions the write reaches (deep copies, component relations
 * included; otherLocaleRows), as shared scalars do. Strapi 5.54's i18n middleware copies them to
 * the other locales on update too.
 */
async function syncSharedOwned(env: WriteEnv, meta: ContentTypeMeta, shape: Shape, key: VersionKey, id: number, plan: WritePlan): Promise<void> {
  if (!meta.localized) return;
  const names = new Set(sharedOwnedNames(meta).filter((name) => plan.components.has(name) || plan.media.has(name)));
  if (names.size === 0) return;
  const rows = await env.tx.query(`SELECT id FROM ${env.dialect.quote(meta.table)} WHERE ${otherLocaleRows(meta, 'written')} ORDER BY id`, [key.documentId, key.locale]);
  for (const row of rows) {
    const to = { uid: meta.uid, id: Number(row.id) };
    await deleteOwnedData(env, shape, to, names);
    await copyOwnedData(env, shape, { uid: meta.uid, id }, to, names);
  }
}

/**
 * A new localization holds the shared (non-localized) components, dynamic zones and media it was
 * not sent as another locale holds them (deep copies), as Strapi 5.54 fills them. Returns their names.
 */
async function copySharedOwned(env: WriteEnv, meta: ContentTypeMeta, shape: Shape, key: VersionKey, id: number, plan: WritePlan, status: 'published' | 'draft'): Promise<string[]> {
  if (!meta.localized) return [];
  const names = sharedOwnedNames(meta).filter((name) => !plan.components.has(name) && !plan.media.has(name));
  if (names.length === 0) return [];
  const source = await sharedSource(env, meta, key, status);
  if (source === undefined) return [];
  await copyOwnedData(env, shape, { uid: meta.uid, id: source }, { uid: meta.uid, id }, new Set(names));
  return names;
}

/**
 * The row of another locale a new localization takes its shared values from: of the status it is
 * written in when that locale has one. A localization created published takes what the other
 * locale published, as Strapi 5.54 does, not a newer draft of it (which may hold values a
 * published version may not).
 */
async function sharedSource(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, status: 'published' | 'draft'): Promise<number | undefined> {
  const q = env.dialect.quote;
  const order = meta.draftAndPublish ? `${SYSTEM_COLUMNS.isDraft} ${status === 'published' ? 'ASC' : 'DESC'}, id` : 'id';
  const rows = await env.tx.query(`SELECT id FROM ${q(meta.table)} WHERE document_id = ? AND locale <> ? ORDER BY ${order} LIMIT 1`, [key.documentId, key.locale]);
  return rows.length ? Number(rows[0].id) : undefined;
}

/**
 * A new localization (row `id`) takes the shared (non-localized) scalars it was not sent from
 * another locale's row (sharedSource), copied in SQL (exact for every type, as a version copy is).
 */
async function copySharedScalars(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, id: number, plan: WritePlan, status: 'published' | 'draft'): Promise<void> {
  if (!meta.localized) return;
  const columns = allScalars(contentTypeShape(env.schema, meta.uid))
    .filter((a) => !a.localized && !plan.scalars.has(a.column))
    .map((a) => a.column);
  if (columns.length === 0) return;
  const source = await sharedSource(env, meta, key, status);
  if (source !== undefined) await updateFromRow(env, meta.table, fromSource(env, columns), id, source);
}

async function insertVersion(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, plan: WritePlan, publishedAt: SqlValue): Promise<number> {
  const now = nowParam(env);
  const values = new Map<string, SqlValue>([['document_id', key.documentId]]);
  if (meta.localized) values.set('locale', key.locale);
  values.set('created_at', now);
  values.set('updated_at', now);
  values.set('published_at', publishedAt);
  values.set(SYSTEM_COLUMNS.isDraft, publishedAt === null);
  for (const [column, value] of plan.scalars) values.set(column, value);
  return insertReturningId(env, meta.table, values);
}

/** Creates a document (one locale). Returns its documentId. */
export async function createDocument(env: WriteEnv, meta: ContentTypeMeta, plan: WritePlan, options: { status: 'published' | 'draft'; locale?: string; documentId?: string }): Promise<VersionKey> {
  const key: VersionKey = { documentId: options.documentId ?? newDocumentId(), locale: localeOf(meta, options.locale, env) };
  const shape = contentTypeShape(env.schema, meta.uid);
  const draft = meta.draftAndPublish;
  const publishes = !draft || options.status === 'published';
  await checkUnique(env, meta, plan, key, draft, publishes ? { plan } : undefined);
  const id = await insertVersion(env, meta, key, plan, draft ? null : nowParam(env));
  if (options.documentId) await copySharedScalars(env, meta, key, id, plan, options.status);
  // The row is new: nothing links from it or is owned by it yet (fresh), so no step reads what it had.
  await applyNonScalars(env, shape, { uid: meta.uid, id, documentId: key.documentId, locale: key.locale, fresh: true }, plan);
  const shared = options.documentId ? await copySharedOwned(env, meta, shape, key, id, plan, options.status) : [];
  if (options.documentId) await syncSharedOwned(env, meta, shape, key, id, plan);
  await syncSharedScalars(env, meta, plan, key);
  if (publishes) await assertComponentsUnique(env, meta, key, id);
  if (draft && options.status === 'published') {
    const written = new Set([...plan.relations.keys(), ...plan.morphs.keys(), ...plan.components.keys(), ...plan.media.keys(), ...shared]);
    if (!plan.complete) await assertPublishable(env, shape, { uid: meta.uid, id });
    // A new document has no published version yet; a new localization of an existing one may
    // (created with its draft by an earlier call), so that case looks it up.
    const target = options.documentId ? await findRow(env, meta, key, false) : undefined;
    await copyVersion(env, meta, key, 'draft', written, { sourceId: id, targetId: target });
    await syncPublishedShared(env, meta, key);
  }
  return key;
}

/**
 * A new localization starts from the schema's defaults, as a created document does: the plan of an
 * update carries only the sent keys, so localized scalars with a default that were not sent get it.
 * Shared (non-localized) ones are left out: they come from the other locales.
 */
function withLocalizedDefaults(env: WriteEnv, meta: ContentTypeMeta, plan: WritePlan): WritePlan {
  const scalars = new Map(plan.scalars);
  for (const attr of allScalars(contentTypeShape(env.schema, meta.uid))) {
    if (attr.localized && attr.default !== undefined && !scalars.has(attr.column)) scalars.set(attr.column, encodeValue(attr.type, canonicalDefault(attr), env.dialect.name));
  }
  return { ...plan, scalars };
}

/**
 * A new localization published in one write whose sent values a published version may not hold:
 * Strapi 5.54 writes its draft, then validates what it would publish, so what the new version lacks
 * (a required localized `title` left out) is answered with what was sent (`2 errors occurred`).
 * The draft is written to be checked, and the refusal rolls it back. Shared values come from the
 * other locales, whose published versions hold them already: only localized ones are counted.
 */
async function refuseNewLocalization(env: WriteEnv, meta: ContentTypeMeta, shape: Shape, plan: WritePlan, key: VersionKey, unpublishable: NonNullable<WritePlan['unpublishable']>): Promise<never> {
  await createDocument(env, meta, plan, { status: 'draft', locale: key.locale ?? undefined, documentId: key.documentId });
  const draftId = await findRow(env, meta, key, true);
  const shared = new Set(Object.values(meta.attributes).filter((attr) => !attr.localized).map((attr) => attr.name));
  return refuseUnpublishable(env, shape, draftId === undefined ? undefined : { uid: meta.uid, id: draftId }, { issues: unpublishable.issues, sent: new Set([...unpublishable.sent, ...shared]) });
}

/**
 * A new localization of a type without draft & publish is created as it is written, so it must
 * carry every required localized value itself, as a create must: Strapi 5.54 answers `slug must be
 * defined.` for `PUT /api/layers/:id?locale=es` without the localized `slug`. Shared
 * (non-localized) values come from the other locales, defaults apply, and relations and media are
 * never required. (With draft & publish the new draft may lack them; publishing checks them.)
 */
function assertLocalizationComplete(env: WriteEnv, meta: ContentTypeMeta, plan: WritePlan): void {
  const { attributes } = contentTypeShape(env.schema, meta.uid).meta;
  const issues: ValidationIssue[] = [];
  for (const attr of Object.values(attributes)) {
    if (!attr.localized || !isRequiredValue(attr) || holds(plan, attr)) continue;
    issues.push({ path: [attr.name], message: `${labelOf([attr.name])} must be defined.`, name: 'ValidationError', value: undefined });
  }
  if (issues.length > 0) throw failedInStrapiOrder(issues, attributes);
}

/** A required attribute that a create must carry: a scalar, a component or a dynamic zone (never a relation or media). */
function isRequiredValue(attr: Attribute): attr is Extract<Attribute, { kind: 'scalar' | 'component' | 'dynamiczone' }> {
  return (attr.kind === 'scalar' || attr.kind === 'component' || attr.kind === 'dynamiczone') && attr.required === true;
}

/** Whether a new version written from `plan` has a value for `attr` (sent, or the schema's default). */
function holds(plan: WritePlan, attr: Extract<Attribute, { kind: 'scalar' | 'component' | 'dynamiczone' }>): boolean {
  return attr.kind === 'scalar' ? plan.scalars.has(attr.column) || attr.default !== undefined : plan.components.has(attr.name);
}

/**
 * Updates a document's version in `locale`. A localized document missing in that locale gets the
 * localization created (Strapi's `PUT ?locale=fr`). Throws NotFoundError when the document is unknown.
 */
export async function updateDocument(env: WriteEnv, meta: ContentTypeMeta, documentId: string, plan: WritePlan, options: { status: 'published' | 'draft'; locale?: string }): Promise<VersionKey> {
  const key: VersionKey = { documentId, locale: localeOf(meta, options.locale, env) };
  await lockVersions(env, meta, documentId);
  const rowId = await findRow(env, meta, key, meta.draftAndPublish ? true : 'any');
  const shape = contentTypeShape(env.schema, meta.uid);
  if (rowId === undefined) {
    if (meta.localized) {
      if (await documentExists(env.tx, env.dialect, meta, documentId)) {
        const planned = withLocalizedDefaults(env, meta, plan);
        if (plan.unpublishable) await refuseNewLocalization(env, meta, shape, planned, { ...key, documentId }, plan.unpublishable);
        if (!meta.draftAndPublish) assertLocalizationComplete(env, meta, plan);
        return createDocument(env, meta, planned, { ...options, documentId });
      }
    }
    throw new NotFoundError();
  }
  if (plan.unpublishable) await refuseUnpublishable(env, shape, { uid: meta.uid, id: rowId }, plan.unpublishable);
  const publishes = !meta.draftAndPublish || options.status === 'published';
  await checkUnique(env, meta, plan, key, meta.draftAndPublish, publishes ? { plan, rowId } : undefined);
  const values = new Map(plan.scalars);
  values.set('updated_at', nowParam(env));
  await updateRow(env, meta.table, rowId, values);
  await applyNonScalars(env, shape, { uid: meta.uid, id: rowId, documentId, locale: key.locale }, plan);
  await syncSharedScalars(env, meta, plan, key);
  await syncSharedOwned(env, meta, shape, key, rowId, plan);
  if (!meta.draftAndPublish) await assertComponentsUnique(env, meta, key, rowId);
  if (meta.draftAndPublish && options.status === 'published') await publishDocument(env, meta, key);
  return key;
}

/**
 * Makes the published version equal to the draft (publish), once the draft holds every required
 * value (drafts may lack them: publish-check.ts). `written`: when the draft was just created, the
 * only relation/media/component fields it can hold; the first published copy then skips probing
 * the others. `checked`: the draft was just written from a plan that checked every required value.
 */
export async function publishDocument(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, written?: Set<string>, checked = false): Promise<void> {
  const holdsUnique = uniqueHolders(env.schema, meta).length > 0;
  if (!checked || holdsUnique) {
    const draftId = await findRow(env, meta, key, true);
    if (draftId !== undefined && !checked) await assertPublishable(env, contentTypeShape(env.schema, meta.uid), { uid: meta.uid, id: draftId });
    if (holdsUnique) await assertComponentsUnique(env, meta, key, draftId);
  }
  if (!(await copyVersion(env, meta, key, 'draft', written))) throw new NotFoundError();
  await syncPublishedShared(env, meta, key);
}

/** Makes the draft equal to the published version (discardDraft). Returns false when there is no published version. */
export async function discardDraftVersion(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey): Promise<boolean> {
  return copyVersion(env, meta, key, 'published');
}

/** Removes the published version, keeping the draft (unpublish). Returns false when there was none. */
export async function unpublishVersion(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey): Promise<boolean> {
  await lockVersions(env, meta, key.documentId);
  const publishedId = await findRow(env, meta, key, false);
  if (publishedId === undefined) return false;
  await deleteOwnedData(env, contentTypeShape(env.schema, meta.uid), { uid: meta.uid, id: publishedId });
  // Its own link rows go with it (ON DELETE CASCADE on source_id); links *to* the document stay:
  // they name the document, and published reads simply find no published version now.
  await env.tx.execute(`DELETE FROM ${env.dialect.quote(meta.table)} WHERE id = ?`, [publishedId]);
  return true;
}

/**
 * Copies one version of a document onto the other: `from` 'draft' publishes (the published row
 * gets a fresh publishedAt), `from` 'published' discards the draft's changes (the draft gets the
 * published values, including updatedAt, so it reads as unmodified). The target row is updated
 * in place (or inserted), and only the relations, media and components that differ are re-synced.
 * Returns false when the source version does not exist.
 */
async function copyVersion(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, from: 'draft' | 'published', written?: Set<string>, rows?: { sourceId: number; targetId: number | undefined }): Promise<boolean> {
  if (!(await copyVersionRow(env, meta, key, from, written, rows))) return false;
  // The links other documents hold to this one follow it from version to version too.
  await syncInverseLinks(env, meta, key, from);
  return true;
}

async function copyVersionRow(env: WriteEnv, meta: ContentTypeMeta, key: VersionKey, from: 'draft' | 'published', written?: Set<string>, rows?: { sourceId: number; targetId: number | undefined }): Promise<boolean> {
  const toPublished = from === 'draft';
  await lockVersions(env, meta, key.documentId);
  // findRow's flag asks for the draft row: the source is the draft exactly when publishing.
  const sourceId = rows ? rows.sourceId : await findRow(env, meta, key, toPublished);
  if (sourceId === undefined) return false;
  const targetId = rows ? rows.targetId : await findRow(env, meta, key, !toPublished);
  const shape = contentTypeShape(env.schema, meta.uid);
  const q = env.dialect.quote;
  const publishedAt = toPublished ? nowParam(env) : null;
  const copy = versionCopy(env, meta);
  const sourceOwner = { uid: meta.uid, id: sourceId, documentId: key.documentId, locale: key.locale };
  if (targetId === undefined) {
    const rows = await env.tx.query(copy.insert, [publishedAt, !toPublished, sourceId]);
    const newId = Number(rows[0].id);
    for (const rel of ownedRelations(shape)) {
      if (written && !written.has(rel.name)) continue;
      await copyLinks(env, rel.linkTable, sourceId, newId);
      await releaseCopiedTargets(env, meta, key.documentId, rel, newId);
    }
    for (const morph of ownedMorphs(shape.meta.attributes)) if (!written || written.has(morph.name)) await copyMorphLinks(env, morph.linkTable, sourceId, newId);
    await copyAdminLinks(env, meta, sourceId, newId, false);
    await copyOwnedData(env, shape, sourceOwner, { ...sourceOwner, id: newId }, written);
    return true;
  }
  // Update the target row in place from the source row (one statement, exact for every type).
  await updateFromRow(env, meta.table, copy.sets, targetId, sourceId, publishedAt);
  const targetOwner = { ...sourceOwner, id: targetId };
  for (const rel of ownedRelations(shape)) {
    if ((await linkSignature(env, rel.linkTable, sourceId)) === (await linkSignature(env, rel.linkTable, targetId))) continue;
    await env.tx.execute(`DELETE FROM ${q(rel.linkTable)} WHERE source_id = ?`, [targetId]);
    await copyLinks(env, rel.linkTable, sourceId, targetId);
    await releaseCopiedTargets(env, meta, key.documentId, rel, targetId);
  }
  for (const morph of ownedMorphs(shape.meta.attributes)) {
    if ((await morphSignature(env, morph.linkTable, sourceId)) === (await morphSignature(env, morph.linkTable, targetId))) continue;
    await env.tx.execute(`DELETE FROM ${q(morph.linkTable)} WHERE source_id = ?`, [targetId]);
    await copyMorphLinks(env, morph.linkTable, sourceId, targetId);
  }
  await copyAdminLinks(env, meta, sourceId, targetId, true);
  const changed = new Set<string>();
  const [sourceSnapshot, targetSnapshot] = [await snapshotOwned(env, shape, sourceOwner), await snapshotOwned(env, shape, targetOwner)];
  for (const [field, signature] of sourceSnapshot) if (targetSnapshot.get(field) !== signature) changed.add(field);
  if (changed.size === 0) return true;
  await deleteOwnedData(env, shape, targetOwner, changed);
  await copyOwnedData(env, shape, sourceOwner, targetOwner, changed);
  return true;
}

interface VersionCopy {
  /** INSERT ... SELECT of a new version from another row: parameters publishedAt, is_draft, source id. */
  insert: string;
  /** `column = d.column` of everything an in-place copy sets. */
  sets: string[];
}

/** Per schema, type and dialect: the statements depend on nothing else, so a write does not rebuild them. */
const versionCopies = new WeakMap<SchemaMeta, Map<string, VersionCopy>>();

/** The columns a version copy carries and the statements that copy them (cached, see versionCopies). */
function versionCopy(env: WriteEnv, meta: ContentTypeMeta): VersionCopy {
  let byType = versionCopies.get(env.schema);
  if (!byType) versionCopies.set(env.schema, (byType = new Map()));
  const cacheKey = `${env.dialect.name}\u0000${meta.uid}`;
  const cached = byType.get(cacheKey);
  if (cached) return cached;
  const q = env.dialect.quote;
  // Apps with admin users (schema has admin::user) have Strapi's creator columns: they follow the version too.
  const creators = env.schema.contentTypes['admin::user'] ? [SYSTEM_COLUMNS.createdById, SYSTEM_COLUMNS.updatedById] : [];
  const copied = ['document_id', ...(meta.localized ? ['locale'] : []), 'created_at', 'updated_at', ...creators, ...allScalars(contentTypeShape(env.schema, meta.uid)).map((a) => a.column)];
  const copy: VersionCopy = {
    insert: `INSERT INTO ${q(meta.table)} (${copied.map(q).join(', ')}, published_at, ${q(SYSTEM_COLUMNS.isDraft)}) SELECT ${copied.map(q).join(', ')}, ?, ? FROM ${q(meta.table)} WHERE id = ? RETURNING id`,
    sets: copied.filter((c) => c !== 'document_id' && c !== 'locale' && c !== 'created_at').map((c) => `${q(c)} = d.${q(c)}`),
  };
  byType.set(cacheKey, copy);
  return copy;
}

/**
 * Relations to admin users (`meta.adminRelations`, written by the admin panel only) follow the
 * version like any relation, as in Strapi where they are ordinary relations: publishing copies the
 * draft's, discarding restores the published ones. Their link tables have no target locale.
 */
async function copyAdminLinks(env: WriteEnv, meta: ContentTypeMeta, sourceId: number, targetId: number, replace: boolean): Promise<void> {
  const q = env.dialect.quote;
  for (const rel of Object.values(meta.adminRelations ?? {})) {
    const table = q(rel.linkTable);
    if (replace) await env.tx.execute(`DELETE FROM ${table} WHERE source_id = ?`, [targetId]);
    await env.tx.execute(
      `INSERT INTO ${table} (source_id, target_document_id, position, inverse_position) SELECT ?, target_document_id, position, inverse_position FROM ${table} WHERE source_id = ? ORDER BY position, id`,
      [targetId, sourceId],
    );
  }
}

/**
 * Sets `sets` (`column = d.column`) of row `targetId` from row `sourceId` of the same table, in SQL,
 * so every type is copied exactly as stored; `published_at` too when `publishedAt` is given.
 */
async function updateFromRow(env: WriteEnv, table: string, sets: string[], targetId: number, sourceId: number, publishedAt?: SqlValue): Promise<void> {
  if (sets.length === 0 && publishedAt === undefined) return;
  const q = env.dialect.quote;
  const all = publishedAt === undefined ? sets : [...sets, 'published_at = ?'];
  const params = publishedAt === undefined ? [] : [publishedAt];
  if (env.dialect.name === 'mysql') {
    await env.tx.execute(`UPDATE ${q(table)} p JOIN ${q(table)} d ON d.id = ? SET ${all.map((s) => `p.${s}`).join(', ')} WHERE p.id = ?`, [sourceId, ...params, targetId]);
    return;
  }
  // SQLite and PostgreSQL both support UPDATE ... FROM.
  await env.tx.execute(`UPDATE ${q(table)} SET ${all.join(', ')} FROM ${q(table)} d WHERE ${q(table)}.id = ? AND d.id = ?`, [...params, targetId, sourceId]);
}

/** `column = d.column` for updateFromRow. */
const fromSource = (env: WriteEnv, columns: string[]): string[] => columns.map((c) => `${env.dialect.quote(c)} = d.${env.dialect.quote(c)}`);

/** Names of a localized type's shared (non-localized) components, dynamic zones and media. */
function sharedOwnedNames(meta: ContentTypeMeta): string[] {
  return Object.values(meta.attributes)
    .filter((a) => !a.localized && (a.kind === 'component' || a.kind === 'dynamiczone' || a.kind === 'media'))
    .map((a) => a.name);
}

/** Deletes a document's versions in one locale (or every locale with '*'). Returns whether any existed. */
export async function deleteDocument(env: WriteEnv, meta: ContentTypeMeta, documentId: string, locale: string | undefined): Promise<boolean> {
  const q = env.dialect.quote;
  const shape = contentTypeShape(env.schema, meta.uid);
  const conds = ['document_id = ?'];
  const params: SqlValue[] = [documentId];
  if (meta.localized && locale !== '*') conds.push('locale = ?'), params.push(locale ?? env.defaultLocale);
  await lockVersions(env, meta, documentId);
  const rows = await env.tx.query(`SELECT id${meta.localized ? ', locale' : ''} FROM ${q(meta.table)} WHERE ${conds.join(' AND ')}`, params);
  if (rows.length === 0) return false;
  for (const row of rows) await deleteOwnedData(env, shape, { uid: meta.uid, id: Number(row.id) });
  // Link rows of these versions go with them (ON DELETE CASCADE on source_id).
  await env.tx.execute(`DELETE FROM ${q(meta.table)} WHERE ${conds.join(' AND ')}`, params);
  await removeLinksToDocument(env, meta, documentId, meta.localized && locale !== '*' ? (locale ?? env.defaultLocale) : undefined);
  await removeMorphLinksTo(env, env.schema, meta.uid, documentId, meta.localized && locale !== '*' ? (locale ?? env.defaultLocale) : undefined);
  return true;
}

/** Other rows' links that point at a deleted document are dropped with it. */
async function removeLinksToDocument(env: WriteEnv, meta: ContentTypeMeta, documentId: string, locale: string | undefined): Promise<void> {
  const q = env.dialect.quote;
  const tables = new Set<string>();
  const owners = [...Object.values(env.schema.contentTypes), ...Object.values(env.schema.components)];
  for (const owner of owners) {
    for (const attr of Object.values(owner.attributes)) {
      if (attr.kind === 'relation' && attr.owner && attr.target === meta.uid) tables.add(attr.linkTable);
    }
  }
  for (const table of tables) {
    await env.tx.execute(`DELETE FROM ${q(table)} WHERE target_document_id = ?${locale !== undefined ? ' AND target_locale = ?' : ''}`, [documentId, ...(locale !== undefined ? [locale] : [])]);
  }
}
