// The i18n locales (plugin::i18n.locale), for the editors' locale switch and the settings page.
import type { Engine } from '@cms-gen/core/documents/operations';
import { ValidationError } from '@cms-gen/core/errors';

const LOCALE_UID = 'plugin::i18n.locale';

export async function listLocales(engine: Engine): Promise<{ id: number; documentId: string; code: string; name: string; isDefault: boolean }[]> {
  if (!engine.schema.contentTypes[LOCALE_UID]) return [{ id: 0, documentId: '', code: engine.defaultLocale, name: engine.defaultLocale, isDefault: true }];
  const rows = await engine.documents(LOCALE_UID).findMany({ sort: 'id:asc' });
  const out = rows.map((r) => ({ id: Number(r.id), documentId: String(r.documentId), code: String(r.code), name: String(r.name ?? r.code), isDefault: r.code === engine.defaultLocale }));
  // The default locale is always there, even when no row names it.
  if (!out.some((l) => l.isDefault)) out.unshift({ id: 0, documentId: '', code: engine.defaultLocale, name: engine.defaultLocale, isDefault: true });
  return out;
}

const CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export async function createLocale(engine: Engine, body: Record<string, unknown>) {
  const { code, name } = body;
  if (typeof code !== 'string' || !CODE.test(code)) throw new ValidationError('code must be a locale code such as "fr" or "pt-BR"', { errors: [{ path: ['code'], message: 'code must be a locale code such as "fr" or "pt-BR"', name: 'ValidationError' }] });
  if ((await listLocales(engine)).some((l) => l.code === code)) throw new ValidationError('This locale already exists', { errors: [{ path: ['code'], message: 'This locale already exists', name: 'ValidationError' }] });
  return engine.documents(LOCALE_UID).create({ data: { code, name: typeof name === 'string' && name ? name : code } });
}

export async function deleteLocale(engine: Engine, id: number) {
  const [row] = await engine.documents(LOCALE_UID).findMany({ filters: { id } });
  if (!row) return undefined;
  if (row.code === engine.defaultLocale) throw new ValidationError('The default locale cannot be deleted');
  await engine.documents(LOCALE_UID).delete({ documentId: String(row.documentId) });
  return row;
}
