// Emits `src/content-types.ts`: the typed registry `ContentTypes` that the typed Document Service
// (runtime/documents/typed*.ts) reads, and per-type aliases of its query and data types
// (`ArticleFilters`, `ArticlePopulate`, ...).
//
// The registry says, per content type and component, which attributes a query can see and how
// (scalars with their Strapi type, relations with target and cardinality, media, components, dynamic
// zones). Private attributes and passwords never appear among them: they cannot be filtered,
// sorted, selected or populated. Private scalars are listed apart as `writeOnly` (a create may set
// a password). Scalar values are taken from the document interfaces of src/types.ts, so a value
// type is written once.
import type { Attribute, ComponentMeta, ContentTypeMeta, SchemaMeta } from '../../runtime/core/model/types';
import { componentTypeName } from './naming';
import { renderTemplate } from './render-template';
import { documentTypeName, scalarValueType } from './types-emitter';
import type { EmitOptions, GeneratedFile } from './types';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name: string): string => (IDENTIFIER.test(name) ? name : `'${name}'`);
const literal = (text: string): string => `'${text}'`;

/** One `name: type;` member of an emitted object type. */
export interface MemberView {
  key: string;
  type: string;
}

export interface EntryView {
  uid: string;
  description: string;
  /** `kind`, `draftAndPublish`, `localized` of content types; `kind` of components. */
  header: MemberView[];
  groups: { name: string; members: MemberView[] }[];
  requiredOnCreate: string;
}

export interface AliasView {
  prefix: string;
  uid: string;
  description: string;
}

/** Hidden from queries: the same rule as the runtime validators (isHidden). */
const isHidden = (attr: Attribute): boolean => attr.private || (attr.kind === 'scalar' && attr.type === 'password');

/** Attributes a create must send: required ones without a default (relations are never required by the write path). */
function requiredOnCreate(attributes: Attribute[]): string {
  const names = attributes
    .filter((attr) => attr.required && attr.kind !== 'relation' && attr.kind !== 'morph' && !(attr.kind === 'scalar' && attr.default !== undefined))
    .filter((attr) => attr.kind === 'scalar' || !attr.private)
    .map((attr) => literal(attr.name));
  return names.length > 0 ? names.join(' | ') : 'never';
}

/** Uids left out of a registry (the client's leaves out internal types); relations to them are left out too. */
export type ExcludedUids = ReadonlySet<string>;

const NONE: ExcludedUids = new Set();

function entryGroups(attributes: Attribute[], documentType: string, excluded: ExcludedUids): EntryView['groups'] {
  const scalars: MemberView[] = [];
  const writeOnly: MemberView[] = [];
  const relations: MemberView[] = [];
  const media: MemberView[] = [];
  const components: MemberView[] = [];
  const dynamicZones: MemberView[] = [];
  const morphs: MemberView[] = [];
  for (const attr of attributes) {
    if (attr.kind === 'scalar') {
      if (isHidden(attr)) {
        // Not in the document interface (never returned): its value type is spelled here.
        const value = attr.type === 'password' ? 'string' : scalarValueType(attr);
        writeOnly.push({ key: key(attr.name), type: `{ type: ${literal(attr.type)}; value: ${value} }` });
      } else {
        scalars.push({ key: key(attr.name), type: `{ type: ${literal(attr.type)}; value: ${documentType}[${literal(attr.name)}] }` });
      }
      continue;
    }
    // Private relations, media and components are refused everywhere, writes included.
    if (attr.private) continue;
    switch (attr.kind) {
      case 'relation':
        if (excluded.has(attr.target)) break;
        relations.push({ key: key(attr.name), type: `{ target: ${literal(attr.target)}; toMany: ${attr.toMany} }` });
        break;
      case 'media':
        media.push({ key: key(attr.name), type: `{ multiple: ${attr.multiple} }` });
        break;
      case 'component':
        components.push({ key: key(attr.name), type: `{ component: ${literal(attr.component)}; repeatable: ${attr.repeatable} }` });
        break;
      case 'dynamiczone':
        dynamicZones.push({ key: key(attr.name), type: `{ components: ${attr.components.map(literal).join(' | ')} }` });
        break;
      case 'morph':
        if (attr.owner) morphs.push({ key: key(attr.name), type: `{ toMany: ${attr.toMany} }` });
        // The inverse side reads like a relation to the owning type, and is never written.
        else if (attr.ownerType !== undefined && !excluded.has(attr.ownerType)) {
          relations.push({ key: key(attr.name), type: `{ target: ${literal(attr.ownerType)}; toMany: ${attr.toMany}; readOnly: true }` });
        }
        break;
    }
  }
  return [
    { name: 'scalars', members: scalars },
    { name: 'writeOnly', members: writeOnly },
    { name: 'relations', members: relations },
    { name: 'media', members: media },
    { name: 'components', members: components },
    { name: 'dynamicZones', members: dynamicZones },
    // Optional in the registry: only types with morph relations list them.
    ...(morphs.length > 0 ? [{ name: 'morphs', members: morphs }] : []),
  ];
}

function contentTypeEntry(meta: SchemaMeta, ct: ContentTypeMeta, excluded: ExcludedUids): EntryView {
  const attributes = Object.values(ct.attributes);
  return {
    uid: ct.uid,
    description: `${ct.displayName} (${ct.uid})`,
    header: [
      { key: 'kind', type: literal(ct.kind) },
      { key: 'draftAndPublish', type: String(ct.draftAndPublish) },
      { key: 'localized', type: String(ct.localized) },
    ],
    groups: entryGroups(attributes, documentTypeName(meta, ct.uid), excluded),
    requiredOnCreate: requiredOnCreate(attributes),
  };
}

function componentEntry(comp: ComponentMeta, excluded: ExcludedUids): EntryView {
  const attributes = Object.values(comp.attributes);
  return {
    uid: comp.uid,
    description: `Component ${comp.uid} (${comp.displayName})`,
    header: [{ key: 'kind', type: literal('component') }],
    groups: entryGroups(attributes, componentTypeName(comp.uid), excluded),
    requiredOnCreate: requiredOnCreate(attributes),
  };
}

export interface RegistryView {
  entries: EntryView[];
  aliases: AliasView[];
  /** Every document interface a scalar value refers to, imported once each. */
  documentTypes: string[];
}

/** The registry's entries (content types, then components, by uid), without the excluded uids. */
export function registryView(meta: SchemaMeta, excluded: ExcludedUids = NONE): RegistryView {
  const contentTypes = Object.values(meta.contentTypes)
    .filter((ct) => !excluded.has(ct.uid))
    .sort((a, b) => a.uid.localeCompare(b.uid));
  const components = Object.values(meta.components).sort((a, b) => a.uid.localeCompare(b.uid));
  const entries = [...contentTypes.map((ct) => contentTypeEntry(meta, ct, excluded)), ...components.map((comp) => componentEntry(comp, excluded))];
  const aliases: AliasView[] = contentTypes.map((ct) => ({ prefix: documentTypeName(meta, ct.uid), uid: ct.uid, description: `${ct.displayName} (${ct.uid})` }));
  const documentTypes = [...new Set([...contentTypes.map((ct) => documentTypeName(meta, ct.uid)), ...components.map((c) => componentTypeName(c.uid))])].sort();
  return { entries, aliases, documentTypes };
}

export function emitContentTypes(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const { entries, aliases, documentTypes } = registryView(meta);
  return [
    {
      path: 'src/content-types.ts',
      contents: renderTemplate('app/content-types.ts.hbs', { runtimeImport: options.runtimeImport, documentTypes, entries, aliases }),
    },
  ];
}
