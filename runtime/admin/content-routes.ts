// /admin/api/content/:uid (collection types) and /admin/api/single/:uid (single types): the
// content manager's reads and writes, each through the operation layer's Document Service (so
// lifecycles, Document Service middlewares, webhooks and validation run as for REST), after this
// file has checked the admin's content-manager permissions on the server.
import { Router, type Request, type Response } from 'express';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { Document } from '@cms-gen/core/engine/types';
import { ForbiddenError, NotFoundError, ValidationError } from '@cms-gen/core/errors';
import type { ContentTypeMeta } from '@cms-gen/core/model/types';
import { sendJson } from '@cms-gen/server/http/envelope';
import type { AdminAccess } from './access';
import { adminAuth, adminOf, type AdminServices } from './context';
import { decorate, detailPopulate, documentsCreatedBy, editedRow, listPopulate, statusOf, versionRows, writableBody } from './documents';
import type { ContentAction } from './roles';
import { mainField } from './metadata';
import { adminUserCandidates, readAdminRelations, resolveAdminRelations, splitAdminRelations, writeAdminRelations } from './admin-relations';

type Kind = ContentTypeMeta['kind'];

function typeOf(engine: Engine, uid: string, kind: Kind): ContentTypeMeta {
  const meta = engine.schema.contentTypes[uid];
  if (!meta || !uid.startsWith('api::') || meta.kind !== kind) throw new NotFoundError(`No ${kind === 'singleType' ? 'single' : 'collection'} type ${uid}`);
  return meta;
}

const one = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The locale a request works in (the default one when none is given); undefined on types without i18n. */
function localeOf(engine: Engine, meta: ContentTypeMeta, req: Request): string | undefined {
  if (!meta.localized) return undefined;
  return one(req.query.locale) ?? engine.defaultLocale;
}

const forbidden = () => new ForbiddenError('You do not have the permission to do this');

/** Throws 403 unless the admin may run `action` on this document (Author: only documents they created). */
async function checkDocument(engine: Engine, access: AdminAccess, meta: ContentTypeMeta, action: ContentAction, documentId: string, locale: string | undefined): Promise<void> {
  const scope = access.scope(action, meta.uid, locale);
  if (scope === 'none') throw forbidden();
  if (scope === 'all') return;
  const rows = await versionRows(engine, meta, [documentId]);
  if (rows.length === 0) throw new NotFoundError();
  if (!rows.some((r) => r.createdById === access.user.id)) throw forbidden();
}

async function readDoc(engine: Engine, meta: ContentTypeMeta, documentId: string, locale: string | undefined): Promise<Document> {
  const service = engine.documents(meta.uid);
  const doc = await service.findOne({ documentId, status: 'draft', ...(locale ? { locale } : {}), populate: detailPopulate(engine.schema, meta) });
  if (!doc) throw new NotFoundError();
  const [decorated] = await decorate(engine, meta, [doc], locale);
  await readAdminRelations(engine, meta, [decorated]);
  return decorated;
}

/** The edit view's meta: every locale the document exists in (with its status) and the other version. */
async function docMeta(engine: Engine, meta: ContentTypeMeta, documentId: string, locale: string | undefined) {
  const rows = await versionRows(engine, meta, [documentId]);
  const locales = [...new Set(rows.map((r) => r.locale).filter((l): l is string => l !== null))];
  const availableLocales = locales.filter((l) => l !== locale).map((l) => ({ locale: l, status: statusOf(meta, rows.filter((r) => r.locale === l)) }));
  const published = rows.find((r) => !r.isDraft && (locale === undefined || r.locale === locale));
  const availableStatus = meta.draftAndPublish && published ? [{ documentId, locale: published.locale, status: 'published', publishedAt: published.publishedAt, updatedAt: published.updatedAt }] : [];
  return { availableLocales, availableStatus };
}

function pageParams(req: Request): { page: number; pageSize: number } {
  const page = Math.max(1, parseInt(one(req.query.page) ?? '1', 10) || 1);
  const pageSize = Math.min(100, Math.max(1, parseInt(one(req.query.pageSize) ?? '10', 10) || 10));
  return { page, pageSize };
}

export function contentRouter(services: AdminServices): Router {
  const router = Router();
  const engine = () => services.engine;
  /**
   * What a content route starts from: the signed-in admin, the engine, the content type `:uid`
   * (404 unless it is of `kind`) and the locale asked for.
   */
  const target = (req: Request<{ uid: string }>, res: Response, kind: Kind) => {
    const access = adminOf(res);
    const e = engine();
    const meta = typeOf(e, req.params.uid, kind);
    return { access, e, meta, locale: localeOf(e, meta, req) };
  };

  // ---- collection types ----

  router.get('/content/:uid', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    const scope = access.scope('read', meta.uid, locale);
    if (scope === 'none') throw forbidden();
    const { page, pageSize } = pageParams(req);
    let filters = req.query.filters as unknown;
    if (scope === 'own') {
      const mine = await documentsCreatedBy(e, meta, access.user.id);
      const own = { documentId: { $in: mine.length ? mine : [''] } };
      filters = filters ? { $and: [filters, own] } : own;
    }
    const query = { status: 'draft' as const, ...(locale ? { locale } : {}), ...(filters ? { filters } : {}), ...(one(req.query._q) ? { _q: one(req.query._q) } : {}) };
    const service = e.documents(meta.uid);
    const auth = adminAuth(access);
    const [docs, total] = await Promise.all([
      service.findMany({ ...query, auth, sort: req.query.sort ?? 'updatedAt:desc', pagination: { page, pageSize }, populate: listPopulate(meta) }),
      service.count({ ...query, auth }),
    ]);
    const data = await decorate(e, meta, docs, locale);
    await readAdminRelations(e, meta, data);
    sendJson(res, 200, { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } });
  });

  router.post('/content/:uid', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    if (access.scope('create', meta.uid, locale) === 'none') throw forbidden();
    const { data, admin } = splitAdminRelations(meta, writableBody(meta, req.body));
    const links = await resolveAdminRelations(e.db, meta, admin);
    const created = await e.documents(meta.uid).create({ data, status: 'draft', ...(locale ? { locale } : {}), auth: adminAuth(access) });
    await writeAdminRelations(e.db, meta, Number(created.id), links);
    sendJson(res, 201, { data: await readDoc(e, meta, String(created.documentId), locale) });
  });

  router.post('/content/:uid/actions/:action', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    const action = { 'bulk-delete': 'delete', 'bulk-publish': 'publish', 'bulk-unpublish': 'unpublish' }[req.params.action];
    if (!action) throw new NotFoundError();
    const ids = (req.body as { documentIds?: unknown } | undefined)?.documentIds;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw new ValidationError('documentIds must be an array of documentIds', { errors: [{ path: ['documentIds'], message: 'documentIds must be an array of documentIds', name: 'ValidationError' }] });
    }
    if (action !== 'delete' && !meta.draftAndPublish) throw new ValidationError(`${meta.displayName} has no draft & publish`);
    // Every document is checked before any is changed: a refused one refuses the whole request.
    const existing = new Set((await versionRows(e, meta, ids as string[])).map((r) => r.documentId));
    for (const id of ids as string[]) if (existing.has(id)) await checkDocument(e, access, meta, action === 'delete' ? 'delete' : 'publish', id, locale);
    const service = e.documents(meta.uid);
    let count = 0;
    for (const documentId of ids as string[]) {
      if (!existing.has(documentId)) continue;
      const params = { documentId, ...(locale ? { locale } : {}), auth: adminAuth(access) };
      const result = action === 'delete' ? await service.delete(params) : action === 'publish' ? await service.publish(params) : await service.unpublish(params);
      if (result.entries.length > 0 || action !== 'unpublish') count++;
    }
    sendJson(res, 200, { data: { count } });
  });

  router.post('/content/:uid/uid/generate', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    if (access.scope('create', meta.uid) === 'none' && access.scope('update', meta.uid) === 'none') throw forbidden();
    sendJson(res, 200, { data: await generateUid(e, meta, req.body, locale) });
  });

  router.get('/content/:uid/:documentId', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    await checkDocument(e, access, meta, 'read', req.params.documentId, locale);
    const data = await readDoc(e, meta, req.params.documentId, locale);
    sendJson(res, 200, { data, meta: await docMeta(e, meta, req.params.documentId, locale) });
  });

  router.put('/content/:uid/:documentId', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    const { documentId } = req.params;
    const rows = await versionRows(e, meta, [documentId]);
    if (rows.length === 0) throw new NotFoundError();
    // A new localization is a create in that locale; otherwise an update of the draft.
    const newLocale = meta.localized && !rows.some((r) => r.locale === locale);
    await checkDocument(e, access, meta, newLocale ? 'create' : 'update', documentId, locale);
    const { data, admin } = splitAdminRelations(meta, writableBody(meta, req.body));
    const links = await resolveAdminRelations(e.db, meta, admin);
    const updated = await e.documents(meta.uid).update({ documentId, data, status: 'draft', ...(locale ? { locale } : {}), auth: adminAuth(access) });
    if (!updated) throw new NotFoundError();
    await writeAdminRelations(e.db, meta, Number(updated.id), links);
    sendJson(res, 200, { data: await readDoc(e, meta, documentId, locale) });
  });

  router.delete('/content/:uid/:documentId', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    const { documentId } = req.params;
    await checkDocument(e, access, meta, 'delete', documentId, locale);
    const doc = await readDoc(e, meta, documentId, locale);
    await e.documents(meta.uid).delete({ documentId, ...(locale ? { locale } : {}), auth: adminAuth(access) });
    sendJson(res, 200, { data: doc });
  });

  router.post('/content/:uid/:documentId/actions/:action', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'collectionType');
    const { documentId } = req.params;
    await publication(e, access, meta, req.params.action, documentId, locale);
    sendJson(res, 200, { data: await readDoc(e, meta, documentId, locale) });
  });

  router.get('/content/:uid/:documentId/relations/:field', async (req, res) => {
    // A single type's document is edited by its uid, but its relations page here too.
    const kind = engine().schema.contentTypes[req.params.uid]?.kind === 'singleType' ? 'singleType' : 'collectionType';
    const { access, e, meta, locale } = target(req, res, kind);
    await checkDocument(e, access, meta, 'read', req.params.documentId, locale);
    if (meta.adminRelations?.[req.params.field]) {
      const doc = await readDoc(e, meta, req.params.documentId, locale);
      const value = doc[req.params.field];
      const all = (Array.isArray(value) ? value : value ? [value] : []) as Document[];
      sendJson(res, 200, { data: all, meta: { pagination: { page: 1, pageSize: all.length, pageCount: all.length ? 1 : 0, total: all.length } } });
      return;
    }
    sendJson(res, 200, await currentRelations(e, meta, req.params.documentId, req.params.field, locale, req));
  });

  router.get('/relations/:uid/:field', async (req, res) => {
    const access = adminOf(res);
    const e = engine();
    const meta = e.schema.contentTypes[req.params.uid];
    if (!meta || !req.params.uid.startsWith('api::')) throw new NotFoundError();
    if (access.scope('read', meta.uid) === 'none' && access.scope('create', meta.uid) === 'none' && access.scope('update', meta.uid) === 'none') throw forbidden();
    if (meta.adminRelations?.[req.params.field]) {
      const { page, pageSize } = pageParams(req);
      sendJson(res, 200, await adminUserCandidates(e, one(req.query._q), page, pageSize));
      return;
    }
    sendJson(res, 200, await relationCandidates(e, meta, req.params.field, req));
  });

  // ---- single types ----

  router.get('/single/:uid', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'singleType');
    if (access.scope('read', meta.uid, locale) === 'none') throw forbidden();
    const documentId = await requiredSingleDocumentId(e, meta);
    const rows = await versionRows(e, meta, [documentId], locale);
    if (rows.length === 0) throw new NotFoundError();
    sendJson(res, 200, { data: await readDoc(e, meta, documentId, locale), meta: await docMeta(e, meta, documentId, locale) });
  });

  router.put('/single/:uid', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'singleType');
    const existing = await singleDocumentId(e, meta);
    const has = existing ? (await versionRows(e, meta, [existing], locale)).length > 0 : false;
    if (has) await checkDocument(e, access, meta, 'update', existing as string, locale);
    else if (access.scope('create', meta.uid, locale) === 'none') throw forbidden();
    const { data, admin } = splitAdminRelations(meta, writableBody(meta, req.body));
    const links = await resolveAdminRelations(e.db, meta, admin);
    const updated = await e.documents(meta.uid).update({ data, status: 'draft', ...(locale ? { locale } : {}), auth: adminAuth(access) });
    if (updated) await writeAdminRelations(e.db, meta, Number(updated.id), links);
    sendJson(res, 200, { data: await readDoc(e, meta, String(updated?.documentId), locale) });
  });

  router.delete('/single/:uid', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'singleType');
    const documentId = await requiredSingleDocumentId(e, meta);
    await checkDocument(e, access, meta, 'delete', documentId, locale);
    const doc = await readDoc(e, meta, documentId, locale);
    await e.documents(meta.uid).delete({ ...(locale ? { locale } : {}), auth: adminAuth(access) });
    sendJson(res, 200, { data: doc });
  });

  router.post('/single/:uid/actions/:action', async (req, res) => {
    const { access, e, meta, locale } = target(req, res, 'singleType');
    const documentId = await requiredSingleDocumentId(e, meta);
    await publication(e, access, meta, req.params.action, documentId, locale);
    sendJson(res, 200, { data: await readDoc(e, meta, documentId, locale) });
  });

  return router;
}

/** publish / unpublish (publish permission) and discard (update permission). */
async function publication(e: Engine, access: AdminAccess, meta: ContentTypeMeta, action: string, documentId: string, locale: string | undefined): Promise<void> {
  const run = { publish: 'publish', unpublish: 'unpublish', discard: 'discardDraft' }[action] as 'publish' | 'unpublish' | 'discardDraft' | undefined;
  if (!run) throw new NotFoundError();
  if (!meta.draftAndPublish) throw new ValidationError(`${meta.displayName} has no draft & publish`);
  await checkDocument(e, access, meta, run === 'discardDraft' ? 'update' : 'publish', documentId, locale);
  const outcome = await e.documents(meta.uid)[run]({ documentId, ...(locale ? { locale } : {}), auth: adminAuth(access) });
  if (outcome.entries.length === 0 && run !== 'unpublish') throw new NotFoundError();
}

async function singleDocumentId(e: Engine, meta: ContentTypeMeta): Promise<string | undefined> {
  const rows = await e.db.query(`SELECT document_id FROM ${e.dialect.quote(meta.table)} ORDER BY id LIMIT 1`);
  return rows.length ? String(rows[0].document_id) : undefined;
}

/** The single type's document, or a 404 while it has none. */
async function requiredSingleDocumentId(e: Engine, meta: ContentTypeMeta): Promise<string> {
  const documentId = await singleDocumentId(e, meta);
  if (!documentId) throw new NotFoundError();
  return documentId;
}

function relationAttribute(meta: ContentTypeMeta, field: string) {
  const attr = meta.attributes[field];
  if (!attr || attr.kind !== 'relation') throw new NotFoundError(`${meta.uid} has no relation ${field}`);
  return { attr, target: attr.target };
}

async function withStatus(e: Engine, target: ContentTypeMeta, docs: Document[], field: string, locale: string | undefined) {
  const rows = await versionRows(e, target, docs.map((d) => String(d.documentId)), target.localized ? locale : undefined);
  return docs.map((d) => ({ id: d.id, documentId: d.documentId, [field]: d[field] ?? d.documentId, ...(target.localized ? { locale: d.locale } : {}), status: statusOf(target, rows.filter((r) => r.documentId === d.documentId)) }));
}

/** The documents a relation of one document holds, in their order, paged. */
async function currentRelations(e: Engine, meta: ContentTypeMeta, documentId: string, field: string, locale: string | undefined, req: Request) {
  const { target: targetUid } = relationAttribute(meta, field);
  const target = e.schema.contentTypes[targetUid];
  const main = target ? mainField(target) : 'documentId';
  const doc = await e.documents(meta.uid).findOne({ documentId, status: 'draft', ...(locale ? { locale } : {}), populate: { [field]: { fields: [main] } } });
  if (!doc) throw new NotFoundError();
  const value = doc[field];
  const all = (Array.isArray(value) ? value : value ? [value] : []) as Document[];
  const { page, pageSize } = pageParams(req);
  const slice = all.slice((page - 1) * pageSize, page * pageSize);
  const data = target ? await withStatus(e, target, slice, main, locale) : slice;
  return { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(all.length / pageSize), total: all.length } } };
}

/** Documents a relation may point at (draft versions), searched with `_q`, for the picker. */
async function relationCandidates(e: Engine, meta: ContentTypeMeta, field: string, req: Request) {
  const { target: targetUid } = relationAttribute(meta, field);
  const target = e.schema.contentTypes[targetUid];
  if (!target) throw new NotFoundError();
  const main = mainField(target);
  const locale = target.localized ? (one(req.query.locale) ?? e.defaultLocale) : undefined;
  const { page, pageSize } = pageParams(req);
  const q = one(req.query._q);
  const query = { status: 'draft' as const, ...(locale ? { locale } : {}), ...(q ? { _q: q } : {}) };
  const service = e.documents(target.uid);
  const [docs, total] = await Promise.all([
    service.findMany({ ...query, fields: main === 'documentId' ? ['documentId'] : [main], sort: main === 'documentId' ? 'id:asc' : `${main}:asc`, pagination: { page, pageSize } }),
    service.count(query),
  ]);
  return { data: await withStatus(e, target, docs, main, locale), meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
}

/** A uid value from its target field (`data[targetField]`), made unique among the type's values. */
async function generateUid(e: Engine, meta: ContentTypeMeta, body: unknown, locale: string | undefined): Promise<string> {
  const { field, data } = (body ?? {}) as { field?: unknown; data?: Record<string, unknown> };
  const attr = typeof field === 'string' ? meta.attributes[field] : undefined;
  if (!attr || attr.kind !== 'scalar' || attr.type !== 'uid') {
    throw new ValidationError('field must name a uid attribute', { errors: [{ path: ['field'], message: 'field must name a uid attribute', name: 'ValidationError' }] });
  }
  const source = attr.targetField ? data?.[attr.targetField] : undefined;
  const base = slug(typeof source === 'string' && source.trim() ? source : meta.singularName);
  const q = e.dialect.quote;
  const rows = await e.db.query(`SELECT ${q(attr.column)} AS v FROM ${q(meta.table)} WHERE ${q(attr.column)} LIKE ?${meta.localized && locale ? ' AND locale = ?' : ''}`, [`${base}%`, ...(meta.localized && locale ? [locale] : [])]);
  const taken = new Set(rows.map((r) => String(r.v)));
  if (!taken.has(base)) return base;
  for (let i = 1; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** Lowercase ASCII words joined by dashes (accents dropped), as Strapi's uid fields take them. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'entry'
  );
}

