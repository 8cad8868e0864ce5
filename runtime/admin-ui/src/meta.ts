// The app's metadata (GET /admin/api/content-types, /components, /locales): the whole UI is drawn
// from it, so no app needs UI code of its own. Loaded once after sign-in and kept here.
import { request } from './api';

export type { AttributeMeta, ComponentMeta, ContentTypeMeta } from './types';
import type { AttributeMeta, ComponentMeta, ContentTypeMeta } from './types';

export interface LocaleMeta {
  id: number;
  code: string;
  name: string;
  isDefault: boolean;
}

export interface Meta {
  contentTypes: ContentTypeMeta[];
  components: Record<string, ComponentMeta>;
  locales: LocaleMeta[];
}

let loaded: Meta | undefined;
let loading: Promise<Meta> | undefined;

export function loadMeta(force = false): Promise<Meta> {
  if (force) {
    loaded = undefined;
    loading = undefined;
  }
  if (loaded) return Promise.resolve(loaded);
  loading ??= Promise.all([
    request<{ data: ContentTypeMeta[] }>('/content-types'),
    request<{ data: ComponentMeta[] }>('/components'),
    request<{ data: LocaleMeta[] }>('/locales').catch(() => ({ json: { data: [] as LocaleMeta[] } })),
  ])
    .then(([types, components, locales]) => {
      loaded = {
        contentTypes: types.json.data,
        components: Object.fromEntries(components.json.data.map((c) => [c.uid, c])),
        locales: locales.json.data,
      };
      return loaded;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

export function meta(): Meta {
  if (!loaded) throw new Error('metadata not loaded');
  return loaded;
}

export const hasMeta = (): boolean => loaded !== undefined;

export function forgetMeta(): void {
  loaded = undefined;
}

/** The react-admin resource name of a content type: its plural name (collection) or single name. */
export const resourceOf = (ct: ContentTypeMeta): string => ct.pluralName;

export function typeByResource(resource: string): ContentTypeMeta | undefined {
  return loaded?.contentTypes.find((ct) => ct.kind === 'collectionType' && resourceOf(ct) === resource);
}

export function typeByUid(uid: string): ContentTypeMeta | undefined {
  return loaded?.contentTypes.find((ct) => ct.uid === uid);
}

export function typeBySingularName(name: string): ContentTypeMeta | undefined {
  return loaded?.contentTypes.find((ct) => ct.singularName === name);
}

export const defaultLocale = (): string | undefined => loaded?.locales.find((l) => l.isDefault)?.code ?? loaded?.locales[0]?.code;

/** Attributes the editor shows (the creator fields and timestamps are the app's). */
const SYSTEM = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status']);
export const editableAttributes = (attributes: Record<string, AttributeMeta>): [string, AttributeMeta][] =>
  Object.entries(attributes).filter(([name]) => !SYSTEM.has(name));

export const isToMany = (a: AttributeMeta): boolean => a.type === 'relation' && /ToMany$|^manyWay$/.test(a.relation ?? '');

export function labelOf(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
