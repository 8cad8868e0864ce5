// An in-memory server speaking the admin contract (docs/admin.md, "The API"), for developing and
// testing the admin SPA without the app: sessions with CSRF, roles and permissions (Author's "only
// entries I created" included), documents with draft & publish and locales, validation errors
// with paths, media upload, settings. It serves the SPA's built files at /admin with the app's CSP.
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import qs from 'qs';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { COMPONENTS, CONTENT_TYPES, type Attr, type ContentType } from './schema';

const DIST = join(__dirname, '..', '..', 'runtime', 'admin-ui', 'dist');
export const CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
const SUPER = 'strapi-super-admin';
const CM = 'plugin::content-manager.explorer.';

type Json = Record<string, any>;
interface Permission {
  action: string;
  subject: string | null;
  conditions: string[];
  properties: { locales?: string[] };
}
interface Admin {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  roles: number[];
  isActive: boolean;
}
interface Role {
  id: number;
  code: string;
  name: string;
  description: string;
}
interface Version {
  id: number;
  documentId: string;
  locale: string | null;
  draft: Json;
  published: Json | null;
  createdBy: number | null;
  updatedBy: number | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}
interface StoredFile {
  id: number;
  documentId: string;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  width: number | null;
  height: number | null;
  mime: string;
  ext: string;
  size: number;
  url: string;
  hash: string;
  formats: null;
  createdAt: string;
  updatedAt: string;
  bytes: Buffer;
}

class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public details: Json = {},
    public errorName = status === 400 ? 'ValidationError' : status === 401 ? 'UnauthorizedError' : status === 403 ? 'ForbiddenError' : status === 404 ? 'NotFoundError' : 'ApplicationError',
  ) {
    super(message);
  }
}

const now = () => new Date().toISOString();
const newDocumentId = () => randomBytes(12).toString('hex').slice(0, 24);
const typeOf = (uid: string) => CONTENT_TYPES.find((ct) => ct.uid === uid);
const componentOf = (uid: string) => COMPONENTS.find((c) => c.uid === uid);
const attributesOf = (uid: string) => typeOf(uid)?.attributes ?? componentOf(uid)?.attributes;
const isToMany = (a: Attr) => /ToMany$|^manyWay$/.test(a.relation ?? '');

export interface MockState {
  admins: Admin[];
  roles: Role[];
  permissions: Map<number, Permission[]>;
  sessions: Map<string, { adminId: number; csrf: string }>;
  versions: Map<string, Version[]>;
  files: StoredFile[];
  locales: { id: number; code: string; name: string; isDefault: boolean }[];
  endUsers: Json[];
  upRoles: Json[];
  apiTokens: Json[];
  webhooks: Json[];
  resetCodes: Map<string, number>;
  /** Mails the app would have sent (forgot-password). */
  outbox: { to: string; text: string }[];
  failures: Map<string, number>;
  seq: number;
}

function contentPermissions(uids: string[], actions: string[], conditions: string[] = []): Permission[] {
  return uids.flatMap((uid) => actions.map((a) => ({ action: `${CM}${a}`, subject: uid, conditions, properties: {} })));
}

function upTree(): Json {
  const tree: Json = {};
  for (const ct of CONTENT_TYPES) {
    const actions = ct.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'];
    tree[`api::${ct.singularName}`] = { controllers: { [ct.singularName]: Object.fromEntries(actions.map((a) => [a, { enabled: false, policy: '' }])) } };
  }
  tree['api::article'].controllers.article.popular = { enabled: false, policy: '' };
  tree['plugin::users-permissions'] = { controllers: { auth: { callback: { enabled: true }, register: { enabled: true } }, user: { me: { enabled: true }, find: { enabled: false } } } };
  return tree;
}

export function createState(): MockState {
  const uids = CONTENT_TYPES.map((ct) => ct.uid);
  const crud = ['create', 'read', 'update', 'delete', 'publish'];
  return {
    admins: [],
    roles: [
      { id: 1, code: SUPER, name: 'Super Admin', description: 'Every permission' },
      { id: 2, code: 'strapi-editor', name: 'Editor', description: 'Edits and publishes all content' },
      { id: 3, code: 'strapi-author', name: 'Author', description: 'Edits and publishes their own content' },
    ],
    permissions: new Map([
      [2, contentPermissions(uids, crud)],
      [3, contentPermissions(uids, crud, ['admin::is-creator'])],
    ]),
    sessions: new Map(),
    versions: new Map(uids.map((uid) => [uid, []])),
    files: [],
    locales: [
      { id: 1, code: 'en', name: 'English', isDefault: true },
      { id: 2, code: 'fr', name: 'French', isDefault: false },
    ],
    endUsers: [],
    upRoles: [
      { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated', permissions: upTree() },
      { id: 2, name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public', permissions: upTree() },
    ],
    apiTokens: [],
    webhooks: [{ id: 1, name: 'Rebuild the site', url: 'http://127.0.0.1:46999/hook', headers: { Authorization: 'Bearer x' }, events: ['entry.publish', 'entry.unpublish'], isEnabled: true }],
    resetCodes: new Map(),
    outbox: [],
    failures: new Map(),
    seq: 100,
  };
}

// ---------- documents ----------

function statusOf(v: Version): 'draft' | 'published' | 'modified' {
  if (!v.published) return 'draft';
  return JSON.stringify(v.published) === JSON.stringify(v.draft) ? 'published' : 'modified';
}

function fileOut(state: MockState, id: unknown): Json | null {
  const file = state.files.find((f) => f.id === Number(id));
  if (!file) return null;
  const { bytes, ...rest } = file;
  void bytes;
  return rest;
}

function adminRef(state: MockState, id: number | null) {
  const a = state.admins.find((x) => x.id === id);
  return a ? { id: a.id, firstname: a.firstname, lastname: a.lastname } : null;
}

/** The draft version of a related document, as a relation answers it. */
function relatedOut(state: MockState, target: string, documentId: string, locale: string | null): Json | null {
  const ct = typeOf(target);
  if (!ct) return null;
  const versions = state.versions.get(target) ?? [];
  const v = versions.find((x) => x.documentId === documentId && (!ct.localized || x.locale === locale)) ?? versions.find((x) => x.documentId === documentId);
  if (!v) return null;
  return { id: v.id, documentId: v.documentId, [ct.mainField]: v.draft[ct.mainField], status: ct.draftAndPublish ? statusOf(v) : 'published' };
}

function populate(state: MockState, data: Json, attributes: Record<string, Attr>, detail: boolean, locale: string | null): Json {
  const out: Json = {};
  for (const [name, a] of Object.entries(attributes)) {
    const value = data[name];
    if (a.type === 'password') continue;
    if (a.type === 'media') out[name] = a.multiple ? ((value as unknown[]) ?? []).map((id) => fileOut(state, id)).filter(Boolean) : value ? fileOut(state, value) : null;
    else if (a.type === 'relation') {
      const ids: string[] = isToMany(a) ? (value ?? []) : value ? [value] : [];
      if (!detail) out[name] = { count: ids.length };
      else {
        const related = ids.map((id) => relatedOut(state, a.target!, id, locale)).filter(Boolean);
        out[name] = isToMany(a) ? related : (related[0] ?? null);
      }
    } else if (a.type === 'component') {
      const c = componentOf(a.component!)!;
      out[name] = a.repeatable ? ((value as Json[]) ?? []).map((item) => ({ id: item.id, ...populate(state, item, c.attributes, true, locale) })) : value ? { id: value.id, ...populate(state, value, c.attributes, true, locale) } : null;
    } else if (a.type === 'dynamiczone') {
      out[name] = ((value as Json[]) ?? []).map((item) => ({ id: item.id, __component: item.__component, ...populate(state, item, componentOf(item.__component)!.attributes, true, locale) }));
    } else out[name] = value ?? null;
  }
  return out;
}

function docOut(state: MockState, ct: ContentType, v: Version, detail: boolean): Json {
  return {
    id: v.id,
    documentId: v.documentId,
    ...populate(state, v.draft, ct.attributes, detail, v.locale),
    ...(ct.localized ? { locale: v.locale } : {}),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    publishedAt: v.publishedAt,
    status: ct.draftAndPublish ? statusOf(v) : 'published',
    createdBy: adminRef(state, v.createdBy),
    updatedBy: adminRef(state, v.updatedBy),
  };
}

// ---------- writes: relation and media forms, validation ----------

function relationIds(value: unknown, current: string[], toMany: boolean): string[] {
  const idOf = (x: unknown): string | undefined => (typeof x === 'string' ? x : typeof x === 'object' && x !== null ? ((x as Json).documentId as string) : undefined);
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(idOf).filter((x): x is string => !!x);
  if (typeof value === 'string') return [value];
  const body = value as Json;
  if (body.set) return ([] as unknown[]).concat(body.set).map(idOf).filter((x): x is string => !!x);
  let next = toMany ? [...current] : current;
  if (body.disconnect) {
    const gone = new Set(([] as unknown[]).concat(body.disconnect).map(idOf));
    next = next.filter((id) => !gone.has(id));
  }
  if (body.connect) for (const id of ([] as unknown[]).concat(body.connect).map(idOf)) if (id && !next.includes(id)) next = toMany ? [...next, id] : [id];
  return next;
}

interface FieldError {
  path: (string | number)[];
  message: string;
  name: 'ValidationError';
}

function normalize(state: MockState, body: Json, attributes: Record<string, Attr>, previous: Json, path: (string | number)[], errors: FieldError[], uniqueCheck?: (name: string, value: unknown) => boolean): Json {
  const out: Json = { ...previous };
  const fail = (name: string | number, message: string, sub: (string | number)[] = []) => errors.push({ path: [...path, name, ...sub], message, name: 'ValidationError' });
  for (const [name, a] of Object.entries(attributes)) {
    if (!(name in body)) continue;
    let value = body[name];
    switch (a.type) {
      case 'media':
        value = a.multiple ? ((value as unknown[]) ?? []).map((x) => (typeof x === 'object' && x ? (x as Json).id : x)).map(Number) : value === null || value === undefined ? null : Number(typeof value === 'object' ? value.id : value);
        break;
      case 'relation':
        value = relationIds(value, isToMany(a) ? (previous[name] ?? []) : previous[name] ? [previous[name]] : [], isToMany(a));
        if (!isToMany(a)) value = value[value.length - 1] ?? null;
        break;
      case 'component': {
        const c = componentOf(a.component!)!;
        if (a.repeatable) value = ((value as Json[]) ?? []).map((item, i) => ({ id: item.id ?? ++state.seq, ...normalize(state, item, c.attributes, {}, [...path, name, i], errors) }));
        else value = value ? { id: value.id ?? ++state.seq, ...normalize(state, value, c.attributes, {}, [...path, name], errors) } : null;
        break;
      }
      case 'dynamiczone':
        value = ((value as Json[]) ?? []).map((item, i) => {
          const c = componentOf(item.__component);
          if (!c) {
            fail(name, `Unknown component ${item.__component}`, [i]);
            return item;
          }
          return { id: item.id ?? ++state.seq, __component: item.__component, ...normalize(state, item, c.attributes, {}, [...path, name, i], errors) };
        });
        break;
      case 'password':
        if (value === '' || value === null || value === undefined) continue;
        break;
      default:
        if (value === '') value = null;
    }
    out[name] = value;
  }
  // Checks on the whole resulting value (what a create omits counts too).
  for (const [name, a] of Object.entries(attributes)) {
    const value = out[name];
    const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (a.required && empty && !['boolean', 'dynamiczone', 'relation'].includes(a.type)) {
      fail(name, `${name} must be defined.`);
      continue;
    }
    if (empty) continue;
    if (typeof value === 'string') {
      if (a.maxLength !== undefined && value.length > a.maxLength) fail(name, `${name} must be at most ${a.maxLength} characters`);
      if (a.minLength !== undefined && value.length < a.minLength) fail(name, `${name} must be at least ${a.minLength} characters`);
      if (a.regex && !new RegExp(a.regex).test(value)) fail(name, `${name} must match the following: "${a.regex}"`);
      if (a.type === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) fail(name, `${name} must be a valid email`);
      if (a.type === 'enumeration' && !a.enum?.includes(value)) fail(name, `${name} must be one of the following values: ${a.enum?.join(', ')}`);
    }
    if (['integer', 'float', 'decimal'].includes(a.type)) {
      const n = Number(value);
      if (Number.isNaN(n)) fail(name, `${name} must be a number`);
      else {
        if (a.min !== undefined && n < a.min) fail(name, `${name} must be greater than or equal to ${a.min}`);
        if (a.max !== undefined && n > a.max) fail(name, `${name} must be less than or equal to ${a.max}`);
      }
    }
    if (a.unique && uniqueCheck && !uniqueCheck(name, value)) fail(name, 'This attribute must be unique');
  }
  return out;
}

// ---------- list queries ----------

function matches(value: unknown, condition: unknown): boolean {
  if (typeof condition !== 'object' || condition === null) return String(value) === String(condition);
  return Object.entries(condition as Json).every(([op, expected]) => {
    const s = value === null || value === undefined ? '' : String(value);
    const e = String(expected);
    switch (op) {
      case '$eq':
        return typeof value === 'boolean' ? String(value) === e : s === e;
      case '$ne':
        return s !== e;
      case '$contains':
        return s.includes(e);
      case '$notContains':
        return !s.includes(e);
      case '$containsi':
        return s.toLowerCase().includes(e.toLowerCase());
      case '$startsWith':
        return s.startsWith(e);
      case '$in':
        return ([] as unknown[]).concat(expected).map(String).includes(s);
      case '$gte':
        return typeof value === 'number' ? value >= Number(e) : s >= e;
      case '$lte':
        return typeof value === 'number' ? value <= Number(e) : s.slice(0, e.length) <= e;
      case '$gt':
        return typeof value === 'number' ? value > Number(e) : s > e;
      case '$lt':
        return typeof value === 'number' ? value < Number(e) : s < e;
      default:
        return true;
    }
  });
}

function filterRow(row: Json, filters: Json | undefined): boolean {
  if (!filters) return true;
  return Object.entries(filters).every(([key, condition]) => {
    if (key === '$and') return (condition as Json[]).every((f) => filterRow(row, f));
    if (key === '$or') return (condition as Json[]).some((f) => filterRow(row, f));
    return matches(row[key], condition);
  });
}

function page<T>(rows: T[], query: Json) {
  const pageNo = Math.max(1, Number(query.page ?? 1));
  const pageSize = Math.max(1, Math.min(100, Number(query.pageSize ?? 10)));
  return {
    data: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    meta: { pagination: { page: pageNo, pageSize, pageCount: Math.max(1, Math.ceil(rows.length / pageSize)), total: rows.length } },
  };
}

function sortRows(rows: Json[], sort: unknown) {
  if (typeof sort !== 'string' || !sort) return rows;
  const [field, dir] = sort.split(':');
  const factor = dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => (a[field] > b[field] ? factor : a[field] < b[field] ? -factor : 0));
}

const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

// ---------- the server ----------

export interface MockServer {
  url: string;
  state: MockState;
  close(): Promise<void>;
}

export async function startAdminMock(port: number, state: MockState = createState()): Promise<MockServer> {
  const app = express();
  app.set('query parser', (text: string) => qs.parse(text, { depth: 10, arrayLimit: 100 }));
  app.use(express.json({ limit: '5mb' }));
  const uploadParser = multer({ storage: multer.memoryStorage() });

  const cookies = (req: Request): Record<string, string> => Object.fromEntries((req.headers.cookie ?? '').split(/;\s*/).filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), decodeURIComponent(c.slice(c.indexOf('=') + 1))]));
  const sessionOf = (req: Request) => state.sessions.get(cookies(req).cmsgen_admin_session ?? '');
  const adminOf = (req: Request) => state.admins.find((a) => a.id === sessionOf(req)?.adminId);
  const isSuper = (admin: Admin) => admin.roles.includes(1);
  const permissionsOf = (admin: Admin): Permission[] => {
    if (isSuper(admin)) {
      return [
        ...contentPermissions(CONTENT_TYPES.map((ct) => ct.uid), ['create', 'read', 'update', 'delete', 'publish']),
        ...['admin::users.read', 'admin::roles.read', 'admin::api-tokens.read', 'admin::webhooks.read', 'plugin::users-permissions.users.read', 'plugin::i18n.locale.read'].map((action) => ({ action, subject: null, conditions: [], properties: {} })),
      ];
    }
    return admin.roles.flatMap((r) => state.permissions.get(r) ?? []);
  };
  const userOut = (a: Admin) => ({
    id: a.id,
    documentId: `admin${a.id}`,
    firstname: a.firstname,
    lastname: a.lastname,
    email: a.email,
    isActive: a.isActive,
    roles: a.roles.map((id) => state.roles.find((r) => r.id === id)).filter(Boolean).map((r) => ({ id: r!.id, code: r!.code, name: r!.name })),
  });
  const signIn = (res: Response, admin: Admin) => {
    const token = randomBytes(16).toString('hex');
    const csrf = randomBytes(16).toString('hex');
    state.sessions.set(token, { adminId: admin.id, csrf });
    res.cookie('cmsgen_admin_session', token, { httpOnly: true, sameSite: 'strict', path: '/admin' });
    res.cookie('cmsgen_admin_csrf', csrf, { sameSite: 'strict', path: '/admin' });
  };

  const api = express.Router();
  const wrap = (fn: (req: Request, res: Response) => unknown) => (req: Request, res: Response, next: NextFunction) => Promise.resolve(fn(req, res)).catch(next);

  // CSRF on every write but the sign-in family.
  api.use((req, _res, next) => {
    const open = ['/auth/login', '/auth/register-first', '/auth/forgot-password', '/auth/reset-password'];
    if (req.method === 'GET' || open.includes(req.path)) return next();
    const session = sessionOf(req);
    if (!session || req.get('x-csrf-token') !== session.csrf) return next(new HttpError(403, 'Invalid or missing CSRF token'));
    next();
  });

  api.get('/auth/status', (req, res) => res.json({ data: { hasAdmin: state.admins.length > 0, authenticated: !!adminOf(req) } }));
  api.post(
    '/auth/register-first',
    wrap((req, res) => {
      if (state.admins.length > 0) throw new HttpError(403, 'An administrator already exists');
      const { firstname, lastname, email, password } = req.body ?? {};
      const errors: FieldError[] = [];
      if (!firstname) errors.push({ path: ['firstname'], message: 'firstname is required', name: 'ValidationError' });
      if (!email || !/@/.test(email)) errors.push({ path: ['email'], message: 'email must be a valid email', name: 'ValidationError' });
      if (!password || password.length < 8) errors.push({ path: ['password'], message: 'password must be at least 8 characters', name: 'ValidationError' });
      if (errors.length) throw new HttpError(400, errors[0].message, { errors });
      const admin: Admin = { id: 1, firstname, lastname: lastname ?? '', email: email.toLowerCase(), password, roles: [1], isActive: true };
      state.admins.push(admin);
      signIn(res, admin);
      res.json({ data: { user: userOut(admin), permissions: permissionsOf(admin) } });
    }),
  );
  api.post(
    '/auth/login',
    wrap((req, res) => {
      const email = String(req.body?.email ?? '').toLowerCase();
      const key = `${email}|${req.ip}`;
      if ((state.failures.get(key) ?? 0) >= 5) throw new HttpError(429, 'Too many sign-in attempts; try again later', {}, 'RateLimitError');
      const admin = state.admins.find((a) => a.email === email && a.password === req.body?.password && a.isActive);
      if (!admin) {
        state.failures.set(key, (state.failures.get(key) ?? 0) + 1);
        throw new HttpError(400, 'Invalid credentials');
      }
      state.failures.delete(key);
      signIn(res, admin);
      res.json({ data: { user: userOut(admin) } });
    }),
  );
  api.post('/auth/logout', (req, res) => {
    state.sessions.delete(cookies(req).cmsgen_admin_session ?? '');
    res.clearCookie('cmsgen_admin_session', { path: '/admin' });
    res.clearCookie('cmsgen_admin_csrf', { path: '/admin' });
    res.status(204).end();
  });
  api.post('/auth/forgot-password', (req, res) => {
    const admin = state.admins.find((a) => a.email === String(req.body?.email ?? '').toLowerCase());
    if (admin) {
      const code = randomBytes(8).toString('hex');
      state.resetCodes.set(code, admin.id);
      state.outbox.push({ to: admin.email, text: `/admin/reset-password?code=${code}` });
    }
    res.status(204).end();
  });
  api.post(
    '/auth/reset-password',
    wrap((req, res) => {
      const id = state.resetCodes.get(String(req.body?.code ?? ''));
      const admin = state.admins.find((a) => a.id === id);
      if (!admin) throw new HttpError(400, 'Invalid or expired reset code');
      if (String(req.body?.password ?? '').length < 8) throw new HttpError(400, 'password must be at least 8 characters', { errors: [{ path: ['password'], message: 'password must be at least 8 characters', name: 'ValidationError' }] });
      admin.password = req.body.password;
      state.resetCodes.delete(req.body.code);
      signIn(res, admin);
      res.json({ data: { user: userOut(admin) } });
    }),
  );

  // Everything below needs a session.
  api.use((req, _res, next) => (adminOf(req) ? next() : next(new HttpError(401, 'Missing or invalid credentials'))));
  api.get('/auth/me', (req, res) => {
    const admin = adminOf(req)!;
    res.json({ data: { user: userOut(admin), permissions: permissionsOf(admin) } });
  });

  const permissionFor = (admin: Admin, action: string, uid: string, locale?: string | null): Permission | undefined => {
    const p = permissionsOf(admin).find((x) => x.action === `${CM}${action}` && x.subject === uid);
    if (!p) return undefined;
    if (locale && p.properties.locales && !p.properties.locales.includes(locale)) return undefined;
    return p;
  };
  const allow = (req: Request, action: string, uid: string, locale?: string | null, version?: Version) => {
    const admin = adminOf(req)!;
    const p = permissionFor(admin, action, uid, locale);
    if (!p) throw new HttpError(403, 'Policy Failed');
    if (version && p.conditions.includes('admin::is-creator') && version.createdBy !== admin.id) throw new HttpError(403, 'Policy Failed');
    return admin;
  };

  api.get('/content-types', (req, res) => res.json({ data: CONTENT_TYPES.filter((ct) => permissionFor(adminOf(req)!, 'read', ct.uid)) }));
  api.get('/components', (_req, res) => res.json({ data: COMPONENTS }));
  api.get('/locales', (_req, res) => res.json({ data: state.locales }));

  const localeOf = (ct: ContentType, req: Request) => (ct.localized ? String(req.query.locale ?? state.locales.find((l) => l.isDefault)?.code ?? 'en') : null);
  const collection = (req: Request) => {
    const ct = typeOf(req.params.uid as string);
    if (!ct) throw new HttpError(404, 'Not Found');
    return ct;
  };
  const findVersion = (ct: ContentType, documentId: string, locale: string | null) => (state.versions.get(ct.uid) ?? []).find((v) => v.documentId === documentId && v.locale === locale);
  const docMeta = (ct: ContentType, documentId: string) => ({
    availableLocales: (state.versions.get(ct.uid) ?? []).filter((v) => v.documentId === documentId && ct.localized).map((v) => ({ locale: v.locale, status: ct.draftAndPublish ? statusOf(v) : 'published' })),
    availableStatus: [],
  });
  const validate = (ct: ContentType, body: Json, previous: Json, locale: string | null, documentId?: string) => {
    const errors: FieldError[] = [];
    const unique = (name: string, value: unknown) => !(state.versions.get(ct.uid) ?? []).some((v) => v.documentId !== documentId && v.locale === locale && v.draft[name] === value);
    const data = normalize(state, body ?? {}, ct.attributes, previous, [], errors, unique);
    if (errors.length) throw new HttpError(400, errors.length === 1 ? errors[0].message : `${errors.length} errors occurred`, { errors });
    return data;
  };
  const write = (req: Request, ct: ContentType, documentId: string | undefined, locale: string | null) => {
    const existing = documentId ? findVersion(ct, documentId, locale) : undefined;
    const siblings = documentId ? (state.versions.get(ct.uid) ?? []).filter((v) => v.documentId === documentId) : [];
    if (documentId && siblings.length === 0) throw new HttpError(404, 'Not Found');
    const admin = existing ? allow(req, 'update', ct.uid, locale, existing) : allow(req, 'create', ct.uid, locale);
    const data = validate(ct, req.body, existing?.draft ?? {}, locale, documentId);
    if (existing) {
      existing.draft = data;
      existing.updatedBy = admin.id;
      existing.updatedAt = now();
      // Attributes shared by every locale follow.
      for (const [name, a] of Object.entries(ct.attributes)) if (a.localized === false) for (const s of siblings) s.draft[name] = data[name];
      return existing;
    }
    const version: Version = { id: ++state.seq, documentId: documentId ?? newDocumentId(), locale, draft: data, published: null, createdBy: admin.id, updatedBy: admin.id, createdAt: now(), updatedAt: now(), publishedAt: null };
    if (!ct.draftAndPublish) version.published = data;
    state.versions.get(ct.uid)!.push(version);
    return version;
  };
  const act = (req: Request, ct: ContentType, v: Version, action: string) => {
    if (action === 'publish') {
      allow(req, 'publish', ct.uid, v.locale, v);
      validate(ct, {}, v.draft, v.locale, v.documentId);
      v.published = structuredClone(v.draft);
      v.publishedAt = now();
    } else if (action === 'unpublish') {
      allow(req, 'publish', ct.uid, v.locale, v);
      v.published = null;
      v.publishedAt = null;
    } else if (action === 'discard') {
      allow(req, 'update', ct.uid, v.locale, v);
      if (!v.published) throw new HttpError(400, 'Nothing published to go back to');
      v.draft = structuredClone(v.published);
    } else throw new HttpError(404, 'Not Found');
  };

  api.get(
    '/content/:uid',
    wrap((req, res) => {
      const ct = collection(req);
      allow(req, 'read', ct.uid);
      const locale = localeOf(ct, req);
      let rows: Json[] = (state.versions.get(ct.uid) ?? []).filter((v) => v.locale === locale).map((v) => ({ ...v.draft, documentId: v.documentId, updatedAt: v.updatedAt, createdAt: v.createdAt, __v: v }));
      const q = String(req.query._q ?? '').toLowerCase();
      if (q) rows = rows.filter((r) => Object.entries(ct.attributes).some(([name, a]) => ['string', 'text', 'uid', 'email', 'richtext'].includes(a.type) && String(r[name] ?? '').toLowerCase().includes(q)));
      rows = rows.filter((r) => filterRow(r, req.query.filters as Json));
      rows = sortRows(rows, req.query.sort ?? 'updatedAt:desc');
      const answer = page(rows, req.query as Json);
      res.json({ ...answer, data: answer.data.map((r) => docOut(state, ct, r.__v as Version, false)) });
    }),
  );
  api.post(
    '/content/:uid',
    wrap((req, res) => {
      const ct = collection(req);
      const v = write(req, ct, undefined, localeOf(ct, req));
      res.status(201).json({ data: docOut(state, ct, v, true) });
    }),
  );
  api.post(
    '/content/:uid/actions/:action',
    wrap((req, res) => {
      const ct = collection(req);
      const ids: string[] = req.body?.documentIds ?? [];
      const versions = (state.versions.get(ct.uid) ?? []).filter((v) => ids.includes(v.documentId));
      const action = req.params.action;
      if (action === 'bulk-delete') {
        for (const v of versions) allow(req, 'delete', ct.uid, v.locale, v);
        state.versions.set(ct.uid, (state.versions.get(ct.uid) ?? []).filter((v) => !ids.includes(v.documentId)));
      } else if (action === 'bulk-publish' || action === 'bulk-unpublish') {
        for (const v of versions) act(req, ct, v, action.slice(5));
      } else throw new HttpError(404, 'Not Found');
      res.json({ data: { count: new Set(versions.map((v) => v.documentId)).size } });
    }),
  );
  api.post(
    '/content/:uid/uid/generate',
    wrap((req, res) => {
      const ct = collection(req);
      const attribute = ct.attributes[req.body?.field];
      if (!attribute || attribute.type !== 'uid') throw new HttpError(400, 'Not a uid field');
      const base = slugify(String(req.body?.data?.[attribute.targetField ?? ''] ?? '')) || ct.singularName;
      const taken = new Set((state.versions.get(ct.uid) ?? []).filter((v) => v.documentId !== req.body?.data?.documentId).map((v) => v.draft[req.body.field]));
      let slug = base;
      for (let i = 1; taken.has(slug); i++) slug = `${base}-${i}`;
      res.json({ data: slug });
    }),
  );
  const documentVersion = (req: Request) => {
    const ct = collection(req);
    const locale = localeOf(ct, req);
    const v = findVersion(ct, req.params.documentId as string, locale);
    if (!v) throw new HttpError(404, 'Not Found');
    return { ct, v };
  };
  api.get(
    '/content/:uid/:documentId',
    wrap((req, res) => {
      const { ct, v } = documentVersion(req);
      allow(req, 'read', ct.uid, v.locale);
      res.json({ data: docOut(state, ct, v, true), meta: docMeta(ct, v.documentId) });
    }),
  );
  api.put(
    '/content/:uid/:documentId',
    wrap((req, res) => {
      const ct = collection(req);
      const v = write(req, ct, req.params.documentId as string, localeOf(ct, req));
      res.json({ data: docOut(state, ct, v, true), meta: docMeta(ct, v.documentId) });
    }),
  );
  api.delete(
    '/content/:uid/:documentId',
    wrap((req, res) => {
      const { ct, v } = documentVersion(req);
      allow(req, 'delete', ct.uid, v.locale, v);
      state.versions.set(ct.uid, (state.versions.get(ct.uid) ?? []).filter((x) => x !== v));
      res.json({ data: docOut(state, ct, v, false) });
    }),
  );
  api.post(
    '/content/:uid/:documentId/actions/:action',
    wrap((req, res) => {
      const { ct, v } = documentVersion(req);
      act(req, ct, v, req.params.action as string);
      res.json({ data: docOut(state, ct, v, true), meta: docMeta(ct, v.documentId) });
    }),
  );
  api.get(
    '/relations/:uid/:field',
    wrap((req, res) => {
      const attribute = attributesOf(req.params.uid as string)?.[req.params.field as string];
      if (!attribute?.target) throw new HttpError(404, 'Not Found');
      const target = typeOf(attribute.target)!;
      allow(req, 'read', target.uid);
      const locale = target.localized ? String(req.query.locale ?? 'en') : null;
      const q = String(req.query._q ?? '').toLowerCase();
      const rows = (state.versions.get(target.uid) ?? [])
        .filter((v) => v.locale === locale && String(v.draft[target.mainField] ?? '').toLowerCase().includes(q))
        .map((v) => relatedOut(state, target.uid, v.documentId, locale)!);
      res.json(page(rows, req.query as Json));
    }),
  );

  // Single types
  const single = (req: Request) => {
    const ct = typeOf(req.params.uid as string);
    if (!ct || ct.kind !== 'singleType') throw new HttpError(404, 'Not Found');
    const locale = localeOf(ct, req);
    return { ct, locale, v: (state.versions.get(ct.uid) ?? []).find((x) => x.locale === locale) };
  };
  api.get(
    '/single/:uid',
    wrap((req, res) => {
      const { ct, v } = single(req);
      allow(req, 'read', ct.uid);
      if (!v) throw new HttpError(404, 'Not Found');
      res.json({ data: docOut(state, ct, v, true), meta: docMeta(ct, v.documentId) });
    }),
  );
  api.put(
    '/single/:uid',
    wrap((req, res) => {
      const { ct, locale, v } = single(req);
      const written = write(req, ct, v?.documentId, locale);
      res.json({ data: docOut(state, ct, written, true), meta: docMeta(ct, written.documentId) });
    }),
  );
  api.delete(
    '/single/:uid',
    wrap((req, res) => {
      const { ct, v } = single(req);
      if (!v) throw new HttpError(404, 'Not Found');
      allow(req, 'delete', ct.uid, v.locale, v);
      state.versions.set(ct.uid, (state.versions.get(ct.uid) ?? []).filter((x) => x !== v));
      res.json({ data: docOut(state, ct, v, false) });
    }),
  );
  api.post(
    '/single/:uid/actions/:action',
    wrap((req, res) => {
      const { ct, v } = single(req);
      if (!v) throw new HttpError(404, 'Not Found');
      act(req, ct, v, req.params.action as string);
      res.json({ data: docOut(state, ct, v, true) });
    }),
  );

  // Media
  const storeFile = (file: Express.Multer.File, into?: StoredFile): StoredFile => {
    const ext = file.originalname.includes('.') ? file.originalname.slice(file.originalname.lastIndexOf('.')) : '';
    const hash = randomBytes(6).toString('hex');
    const png = file.buffer.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';
    const stored: StoredFile = {
      id: into?.id ?? ++state.seq,
      documentId: into?.documentId ?? newDocumentId(),
      name: into?.name ?? file.originalname,
      alternativeText: into?.alternativeText ?? null,
      caption: into?.caption ?? null,
      width: png ? file.buffer.readUInt32BE(16) : null,
      height: png ? file.buffer.readUInt32BE(20) : null,
      mime: file.mimetype,
      ext,
      size: Math.round((file.size / 1024) * 100) / 100,
      url: `/uploads/${hash}${ext}`,
      hash,
      formats: null,
      createdAt: into?.createdAt ?? now(),
      updatedAt: now(),
      bytes: file.buffer,
    };
    return stored;
  };
  api.get('/upload/files', (req, res) => {
    let rows = state.files.map((f) => fileOut(state, f.id)!);
    const q = String(req.query._q ?? '').toLowerCase();
    if (q) rows = rows.filter((f) => String(f.name).toLowerCase().includes(q));
    rows = rows.filter((f) => filterRow(f, req.query.filters as Json));
    res.json(page(sortRows(rows, req.query.sort ?? 'createdAt:desc'), req.query as Json));
  });
  api.post('/upload', uploadParser.array('files'), (req, res) => {
    const files = (req.files as Express.Multer.File[]).map((f) => storeFile(f));
    state.files.push(...files);
    res.status(201).json({ data: files.map((f) => fileOut(state, f.id)) });
  });
  api.put(
    '/upload/files/:id',
    wrap((req, res) => {
      const file = state.files.find((f) => f.id === Number(req.params.id));
      if (!file) throw new HttpError(404, 'Not Found');
      for (const key of ['name', 'alternativeText', 'caption'] as const) if (key in (req.body ?? {})) file[key] = req.body[key];
      file.updatedAt = now();
      res.json({ data: fileOut(state, file.id) });
    }),
  );
  api.post(
    '/upload/files/:id/replace',
    uploadParser.array('files'),
    wrap((req, res) => {
      const index = state.files.findIndex((f) => f.id === Number(req.params.id));
      const upload = (req.files as Express.Multer.File[])[0];
      if (index < 0 || !upload) throw new HttpError(404, 'Not Found');
      state.files[index] = storeFile(upload, state.files[index]);
      res.json({ data: fileOut(state, state.files[index].id) });
    }),
  );
  api.delete(
    '/upload/files/:id',
    wrap((req, res) => {
      const file = state.files.find((f) => f.id === Number(req.params.id));
      if (!file) throw new HttpError(404, 'Not Found');
      state.files = state.files.filter((f) => f !== file);
      res.json({ data: fileOut(state, file.id) ?? { id: file.id } });
    }),
  );

  // Settings (Super Admin)
  const superOnly = (req: Request, _res: Response, next: NextFunction) => (isSuper(adminOf(req)!) ? next() : next(new HttpError(403, 'Policy Failed')));
  const crud = (path: string, rows: () => Json[], opts: { out?: (r: Json) => Json; create?: (b: Json) => Json; update?: (r: Json, b: Json) => void } = {}) => {
    const out = opts.out ?? ((r: Json) => r);
    api.get(path, superOnly, (req, res) => res.json(page(rows().map(out), { pageSize: 100, ...req.query })));
    api.get(`${path}/:id`, superOnly, (req, res, next) => {
      const row = rows().find((r) => String(r.id) === req.params.id);
      return row ? res.json({ data: out(row) }) : next(new HttpError(404, 'Not Found'));
    });
    api.post(path, superOnly, (req, res) => {
      const row = { id: ++state.seq, createdAt: now(), ...(opts.create ? opts.create(req.body ?? {}) : req.body) };
      rows().push(row);
      res.status(201).json({ data: out(row) });
    });
    api.put(`${path}/:id`, superOnly, (req, res, next) => {
      const row = rows().find((r) => String(r.id) === req.params.id);
      if (!row) return next(new HttpError(404, 'Not Found'));
      if (opts.update) opts.update(row, req.body ?? {});
      else Object.assign(row, req.body, { id: row.id });
      res.json({ data: out(row) });
    });
    api.delete(`${path}/:id`, superOnly, (req, res, next) => {
      const list = rows();
      const index = list.findIndex((r) => String(r.id) === req.params.id);
      if (index < 0) return next(new HttpError(404, 'Not Found'));
      const [row] = list.splice(index, 1);
      res.json({ data: out(row) });
    });
  };
  crud('/users', () => state.admins as unknown as Json[], {
    out: (a) => userOut(a as Admin),
    create: (b) => ({ firstname: b.firstname, lastname: b.lastname ?? '', email: String(b.email).toLowerCase(), password: b.password, roles: (b.roles ?? []).map(Number), isActive: b.isActive !== false }),
    update: (a, b) => {
      for (const key of ['firstname', 'lastname', 'email', 'isActive']) if (key in b) a[key] = b[key];
      if (b.password) a.password = b.password;
      if (b.roles) a.roles = b.roles.map(Number);
    },
  });
  crud('/roles', () => state.roles as unknown as Json[], { out: (r) => ({ ...r, usersCount: state.admins.filter((a) => a.roles.includes(r.id)).length }), create: (b) => ({ name: b.name, description: b.description ?? '', code: slugify(String(b.name)) }) });
  api.get('/roles/:id/permissions', superOnly, (req, res) => res.json({ data: state.permissions.get(Number(req.params.id)) ?? [] }));
  api.put('/roles/:id/permissions', superOnly, (req, res) => {
    state.permissions.set(Number(req.params.id), req.body?.permissions ?? []);
    res.json({ data: state.permissions.get(Number(req.params.id)) });
  });
  crud('/end-users', () => state.endUsers, {
    out: ({ password, ...u }) => (void password, { ...u, role: state.upRoles.find((r) => r.id === u.role) ?? null }),
    create: (b) => ({ username: b.username, email: b.email, password: b.password, confirmed: !!b.confirmed, blocked: !!b.blocked, role: Number(b.role ?? 1) }),
    update: (u, b) => {
      for (const key of ['username', 'email', 'confirmed', 'blocked']) if (key in b) u[key] = b[key];
      if (b.password) u.password = b.password;
      if (b.role !== undefined) u.role = Number(b.role);
    },
  });
  crud('/up-roles', () => state.upRoles, {
    out: (r) => ({ ...r, nb_users: state.endUsers.filter((u) => u.role === r.id).length }),
    create: (b) => ({ name: b.name, description: b.description ?? '', type: slugify(String(b.name)), permissions: upTree() }),
    update: (r, b) => {
      for (const key of ['name', 'description', 'permissions']) if (key in b) r[key] = b[key];
    },
  });
  crud('/api-tokens', () => state.apiTokens, {
    out: ({ accessKey, ...t }) => (void accessKey, t),
    create: (b) => ({ name: b.name, description: b.description ?? '', type: b.type ?? 'read-only', lifespan: b.lifespan ?? null, expiresAt: b.lifespan ? new Date(Date.now() + Number(b.lifespan)).toISOString() : null, lastUsedAt: null, accessKey: randomBytes(32).toString('hex') }),
  });
  crud('/i18n/locales', () => state.locales as unknown as Json[], { create: (b) => ({ code: b.code, name: b.name, isDefault: !!b.isDefault }) });
  // Webhooks are the app's configuration: listed, never written through the API.
  api.get('/webhooks', superOnly, (_req, res) => res.json({ data: state.webhooks }));
  api.all(/^\/webhooks(\/.*)?$/, superOnly, (_req, _res, next) => next(new HttpError(400, 'Webhooks are configured in config/webhooks', {}, 'ApplicationError')));

  api.use((_req, _res, next) => next(new HttpError(404, 'Not Found')));
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    void _next;
    const e = error instanceof HttpError ? error : new HttpError(500, 'Internal Server Error');
    if (!(error instanceof HttpError)) console.error(error);
    res.status(e.status).json({ data: null, error: { status: e.status, name: e.errorName, message: e.message, details: e.details } });
  });

  // The API token create answer carries the secret once: the crud above strips it from every answer,
  // so the create route is answered here first.
  app.post('/admin/api/api-tokens', (req, res, next) => {
    const admin = adminOf(req);
    const session = sessionOf(req);
    if (!admin || !isSuper(admin) || req.get('x-csrf-token') !== session?.csrf) return next();
    const b = req.body ?? {};
    if (!b.name) return res.status(400).json({ data: null, error: { status: 400, name: 'ValidationError', message: 'name must be defined.', details: { errors: [{ path: ['name'], message: 'name must be defined.', name: 'ValidationError' }] } } });
    const token = { id: ++state.seq, createdAt: now(), name: b.name, description: b.description ?? '', type: b.type ?? 'read-only', lifespan: b.lifespan ?? null, expiresAt: b.lifespan ? new Date(Date.now() + Number(b.lifespan)).toISOString() : null, lastUsedAt: null, accessKey: randomBytes(32).toString('hex') };
    state.apiTokens.push(token);
    res.status(201).json({ data: token });
  });
  app.use('/admin/api', api);

  // The public REST API, as far as the tests read it: published documents.
  app.get('/api/:plural', (req, res) => {
    const ct = CONTENT_TYPES.find((c) => c.pluralName === req.params.plural);
    if (!ct) return res.status(404).json({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    const locale = ct.localized ? String(req.query.locale ?? 'en') : null;
    const rows = (state.versions.get(ct.uid) ?? []).filter((v) => v.published && v.locale === locale).map((v) => ({ id: v.id, documentId: v.documentId, ...populate(state, v.published!, ct.attributes, false, locale), locale: v.locale, publishedAt: v.publishedAt }));
    for (const row of rows) for (const [name, a] of Object.entries(ct.attributes)) if (a.type === 'relation' || a.private) delete (row as Json)[name];
    res.json(page(rows, { pageSize: 25, ...req.query }));
  });
  app.get('/uploads/:file', (req, res) => {
    const file = state.files.find((f) => f.url === `/uploads/${req.params.file}`);
    if (!file) return res.status(404).end();
    res.type(file.mime).send(file.bytes);
  });

  // The SPA.
  app.use('/admin', (req, res, next) => {
    res.setHeader('Content-Security-Policy', CSP);
    next();
  });
  app.use('/admin', express.static(DIST, { index: false }));
  app.get(/^\/admin(\/.*)?$/, (_req, res) => {
    if (!existsSync(join(DIST, 'index.html'))) return res.status(404).send('The admin panel is not built (runtime/admin-ui: npm run build)');
    res.type('html').send(readFileSync(join(DIST, 'index.html')));
  });

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? 46100);
  void startAdminMock(port).then((s) => console.log(`admin mock on ${s.url}/admin`));
}
