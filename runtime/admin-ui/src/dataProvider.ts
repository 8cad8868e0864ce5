// react-admin's data provider for /admin/api. Content documents are keyed by documentId; a filter
// key `field@op` is the REST filter `filters[field][$op]`; `q` is `_q`; `locale` is the locale.
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { request, toQuery } from './api';
import { typeByResource, typeBySingularName, type ContentTypeMeta } from './meta';

/** Settings resources and where they live under /admin/api. */
export const SETTINGS_PATHS: Record<string, string> = {
  files: '/upload/files',
  'admin-users': '/users',
  'admin-roles': '/roles',
  'end-users': '/end-users',
  'up-roles': '/up-roles',
  'api-tokens': '/api-tokens',
  'i18n-locales': '/i18n/locales',
  webhooks: '/webhooks',
};

export const SINGLE_PREFIX = 'single:';
export const SINGLE_ID = 'single';

type Doc = Record<string, unknown> & { documentId?: string; id?: Identifier };
interface ListAnswer {
  data: Doc[];
  meta?: { pagination?: { page: number; pageSize: number; pageCount: number; total: number } };
}

/**
 * A record's react-admin id: content documents by documentId; settings records (admin users, roles,
 * files, tokens, …) by their numeric id, the one their routes and references take (docs/admin-api.md).
 */
const idFor = (resource: string) => (doc: Doc): RaRecord => ({ ...doc, id: (resource in SETTINGS_PATHS ? (doc.id ?? doc.documentId) : (doc.documentId ?? doc.id)) as Identifier });

/** Hooks for resources whose records the forms edit in another shape (none today). */
const fromApi = (_resource: string, record: RaRecord): RaRecord => record;
const toApi = (_resource: string, data: Record<string, unknown>): Record<string, unknown> => data;

function contentType(resource: string): ContentTypeMeta | undefined {
  if (resource.startsWith(SINGLE_PREFIX)) return typeBySingularName(resource.slice(SINGLE_PREFIX.length));
  return typeByResource(resource);
}

/** react-admin's list parameters as the API's query. */
export function listQuery(params: Partial<GetListParams>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.pageSize = params.pagination.perPage;
  }
  if (params.sort?.field && params.sort.field !== 'id') query.sort = `${params.sort.field}:${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
  const filters: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === '' || value === null) continue;
    if (key === 'q') query._q = value;
    else if (key === 'locale') query.locale = value;
    else if (key.includes('@')) {
      const [field, op] = key.split('@');
      filters[field] = { ...filters[field], [`$${op}`]: value };
    } else filters[key] = { ...filters[key], $eq: value };
  }
  if (Object.keys(filters).length > 0) query.filters = filters;
  return query;
}

const localeQuery = (meta: { locale?: string } | undefined): string => (meta?.locale ? toQuery({ locale: meta.locale }) : '');

/** Lists with no pagination in their answer are paged here. */
function pageLocally(rows: RaRecord[], params: GetListParams) {
  let list = rows;
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  if (field) {
    list = [...list].sort((a, b) => {
      const x = a[field] as string | number;
      const y = b[field] as string | number;
      return (x > y ? 1 : x < y ? -1 : 0) * (order === 'DESC' ? -1 : 1);
    });
  }
  const q = typeof params.filter?.q === 'string' ? params.filter.q.toLowerCase() : '';
  if (q) list = list.filter((row) => JSON.stringify(row).toLowerCase().includes(q));
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 1000 };
  return { data: list.slice((page - 1) * perPage, page * perPage), total: list.length };
}

export interface CmsDataProvider extends DataProvider {
  documentAction(resource: string, id: Identifier, action: 'publish' | 'unpublish' | 'discard', locale?: string): Promise<{ data: RaRecord }>;
  bulkAction(resource: string, action: 'bulk-delete' | 'bulk-publish' | 'bulk-unpublish', ids: Identifier[]): Promise<{ count: number }>;
  generateUid(resource: string, field: string, data: Record<string, unknown>): Promise<string>;
  relationCandidates(uid: string, field: string, params: { q?: string; page?: number; pageSize?: number; locale?: string }): Promise<{ data: Doc[]; total: number }>;
  /** One page of the entries a document's relation holds, in their order. */
  currentRelations(uid: string, documentId: string, field: string, params: { page: number; pageSize: number; locale?: string }): Promise<{ data: Doc[]; total: number }>;
}

function pathOf(resource: string): string {
  if (resource in SETTINGS_PATHS) return SETTINGS_PATHS[resource];
  const ct = contentType(resource);
  if (!ct) throw new Error(`Unknown resource ${resource}`);
  return ct.kind === 'singleType' ? `/single/${ct.uid}` : `/content/${ct.uid}`;
}

const isSingle = (resource: string) => resource.startsWith(SINGLE_PREFIX);
const docPath = (resource: string, id: Identifier) => (isSingle(resource) ? pathOf(resource) : `${pathOf(resource)}/${encodeURIComponent(String(id))}`);

export const dataProvider: CmsDataProvider = {
  async getList(resource, params) {
    const path = pathOf(resource);
    const { json } = await request<ListAnswer>(path, { query: toQuery(listQuery(params)) });
    const rows = (json.data ?? []).map(idFor(resource)).map((r) => fromApi(resource, r));
    const pagination = json.meta?.pagination;
    if (!pagination) return pageLocally(rows, params) as never;
    return { data: rows as never[], total: pagination.total };
  },
  async getOne(resource, params) {
    try {
      const { json } = await request<{ data: Doc; meta?: Record<string, unknown> }>(docPath(resource, params.id), { query: localeQuery(params.meta) });
      const record = fromApi(resource, idFor(resource)(json.data ?? {}));
      if (isSingle(resource)) record.id = SINGLE_ID;
      return { data: { ...record, __meta: json.meta ?? {} } as never };
    } catch (error) {
      const status = (error as { status?: number }).status;
      // A document the role may not read (an Author's "only entries they created"): the form says so.
      if (status === 403 && !isSingle(resource)) return { data: { id: params.id, __meta: { forbidden: true } } as never };
      // A single type nobody filled in yet (or not in this locale): an empty form.
      if (status !== 404) throw error;
      if (isSingle(resource)) return { data: { id: SINGLE_ID, __meta: { empty: true, ...(params.meta?.locale ? { missingLocale: params.meta.locale } : {}) } } as never };
      // A document with no version in this locale yet: an empty form that creates it on save.
      if (!params.meta?.locale) throw error;
      // The server's default version answers; its availableLocales name the others, so the
      // version that answered is added to the locales one may copy from.
      const { json } = await request<{ data: Doc; meta?: { availableLocales?: { locale: string; status?: string }[] } & Record<string, unknown> }>(docPath(resource, params.id));
      const answered = json.data?.locale ? [{ locale: String(json.data.locale), status: json.data.status as string | undefined }] : [];
      const availableLocales = [...answered, ...(json.meta?.availableLocales ?? [])].filter((a, i, all) => all.findIndex((b) => b.locale === a.locale) === i);
      return { data: { id: params.id, documentId: json.data?.documentId, __meta: { ...(json.meta ?? {}), availableLocales, missingLocale: params.meta.locale } } as never };
    }
  },
  async getMany(resource, params) {
    if (resource in SETTINGS_PATHS) {
      const { json } = await request<ListAnswer>(pathOf(resource));
      const wanted = new Set(params.ids.map(String));
      return { data: (json.data ?? []).map(idFor(resource)).filter((r) => wanted.has(String(r.id))) as never[] };
    }
    const { json } = await request<ListAnswer>(pathOf(resource), { query: toQuery({ filters: { documentId: { $in: params.ids } }, pageSize: params.ids.length || 1 }) });
    return { data: (json.data ?? []).map(idFor(resource)) as never[] };
  },
  async getManyReference(resource, params) {
    return dataProvider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
  },
  async create(resource, params) {
    const { json } = await request<{ data: Doc }>(pathOf(resource), { method: 'POST', body: toApi(resource, params.data), query: localeQuery(params.meta) });
    return { data: idFor(resource)(json.data) as never };
  },
  async update(resource, params) {
    const { json } = await request<{ data: Doc }>(docPath(resource, params.id), { method: 'PUT', body: toApi(resource, params.data), query: localeQuery(params.meta) });
    const record = idFor(resource)(json.data);
    if (isSingle(resource)) record.id = SINGLE_ID;
    return { data: record as never };
  },
  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => dataProvider.update(resource, { id, data: params.data, previousData: { id } })));
    return { data: params.ids };
  },
  async delete(resource, params) {
    const { json } = await request<{ data: Doc } | null>(docPath(resource, params.id), { method: 'DELETE', query: localeQuery(params.meta) });
    return { data: (json?.data ? idFor(resource)(json.data) : { id: params.id }) as never };
  },
  async deleteMany(resource, params) {
    if (contentType(resource)) {
      await dataProvider.bulkAction(resource, 'bulk-delete', params.ids);
      return { data: params.ids };
    }
    await Promise.all(params.ids.map((id) => request(`${pathOf(resource)}/${encodeURIComponent(String(id))}`, { method: 'DELETE' })));
    return { data: params.ids };
  },
  async documentAction(resource, id, action, locale) {
    const base = docPath(resource, id);
    const { json } = await request<{ data: Doc }>(`${base}/actions/${action}`, { method: 'POST', query: localeQuery({ locale }) });
    const record = idFor(resource)(json.data ?? {});
    if (isSingle(resource)) record.id = SINGLE_ID;
    return { data: record };
  },
  async bulkAction(resource, action, ids) {
    const { json } = await request<{ data: { count: number } }>(`${pathOf(resource)}/actions/${action}`, { method: 'POST', body: { documentIds: ids } });
    return json.data;
  },
  async generateUid(resource, field, data) {
    const ct = contentType(resource);
    const { json } = await request<{ data: string }>(`/content/${ct?.uid}/uid/generate`, { method: 'POST', body: { field, data } });
    return json.data;
  },
  async relationCandidates(uid, field, params) {
    const { json } = await request<ListAnswer>(`/relations/${uid}/${field}`, {
      query: toQuery({ _q: params.q, page: params.page ?? 1, pageSize: params.pageSize ?? 20, locale: params.locale }),
    });
    return { data: json.data ?? [], total: json.meta?.pagination?.total ?? (json.data ?? []).length };
  },
  async currentRelations(uid, documentId, field, params) {
    const { json } = await request<ListAnswer>(`/content/${uid}/${encodeURIComponent(documentId)}/relations/${field}`, {
      query: toQuery({ page: params.page, pageSize: params.pageSize, locale: params.locale }),
    });
    return { data: json.data ?? [], total: json.meta?.pagination?.total ?? (json.data ?? []).length };
  },
};
