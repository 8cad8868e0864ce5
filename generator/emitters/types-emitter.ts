// Emits `src/types.ts`: one interface per content type and component, as the REST API returns them.
import type { Attribute, ScalarAttribute, ScalarType, SchemaMeta } from '../../runtime/core/model/types';
import { componentTypeName, pascalCase } from './naming';
import { renderTemplate } from './render-template';
import type { EmitOptions, GeneratedFile } from './types';

const SCALAR_TS: Record<ScalarType, string> = {
  string: 'string',
  text: 'string',
  richtext: 'string',
  blocks: 'unknown[]',
  enumeration: 'string',
  email: 'string',
  password: 'never',
  uid: 'string',
  date: 'string',
  time: 'string',
  datetime: 'string',
  timestamp: 'string',
  integer: 'number',
  // Exact past 2^53, so the API returns bigintegers as strings.
  biginteger: 'string',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  json: 'unknown',
};

export interface FieldView {
  key: string;
  type: string;
  optional: boolean;
}

/** Name of the document interface of a content type in src/types.ts (`Article`, `UploadFile`). */
export function documentTypeName(meta: SchemaMeta, uid: string): string {
  const ct = meta.contentTypes[uid];
  if (uid === 'plugin::upload.file') return 'UploadFile';
  return ct ? pascalCase(ct.singularName) : 'unknown';
}

/** TypeScript type of a scalar's value as the API returns it, before nullability. */
export function scalarValueType(attr: ScalarAttribute): string {
  return attr.type === 'enumeration' && attr.enum ? attr.enum.map((v) => JSON.stringify(v)).join(' | ') : SCALAR_TS[attr.type];
}

function attributeField(meta: SchemaMeta, attr: Attribute, excluded: ReadonlySet<string>): FieldView | undefined {
  if (attr.private) return undefined;
  switch (attr.kind) {
    case 'scalar': {
      if (attr.type === 'password') return undefined;
      const base = scalarValueType(attr);
      // Required attributes are enforced on every write, so they are never null.
      return { key: attr.name, type: attr.required ? base : `${base} | null`, optional: false };
    }
    case 'relation':
      if (excluded.has(attr.target)) return undefined;
      return { key: attr.name, type: attr.toMany ? `${documentTypeName(meta, attr.target)}[]` : `${documentTypeName(meta, attr.target)} | null`, optional: true };
    case 'media':
      return { key: attr.name, type: attr.multiple ? 'UploadFile[]' : 'UploadFile | null', optional: true };
    case 'component':
      return { key: attr.name, type: attr.repeatable ? `${componentTypeName(attr.component)}[]` : `${componentTypeName(attr.component)} | null`, optional: true };
    case 'dynamiczone': {
      const entries = attr.components.map((uid) => `(${componentTypeName(uid)} & { __component: ${JSON.stringify(uid)} })`);
      return { key: attr.name, type: `Array<${entries.join(' | ')}>`, optional: true };
    }
    case 'morph': {
      if (attr.ownerType !== undefined) {
        if (excluded.has(attr.ownerType)) return undefined;
        const owner = documentTypeName(meta, attr.ownerType);
        return { key: attr.name, type: attr.toMany ? `${owner}[]` : `${owner} | null`, optional: true };
      }
      // The owning side may link any content type: each entry says which with `__type`.
      const entries = Object.keys(meta.contentTypes)
        .filter((uid) => !excluded.has(uid))
        .sort()
        .map((uid) => `(${uid === 'plugin::upload.file' ? 'UploadFile' : documentTypeName(meta, uid)} & { __type: ${JSON.stringify(uid)} })`);
      const entry = entries.length > 0 ? entries.join(' | ') : 'never';
      return { key: attr.name, type: attr.toMany ? `Array<${entry}>` : `${entry} | null`, optional: true };
    }
  }
}

export interface InterfaceView {
  name: string;
  description: string;
  fields: FieldView[];
}

/**
 * One interface per content type (but the upload file, which the template spells out) and
 * component, without the excluded uids and the relations to them.
 */
export function documentInterfaces(meta: SchemaMeta, excluded: ReadonlySet<string> = new Set()): InterfaceView[] {
  const interfaces: InterfaceView[] = [];
  for (const ct of Object.values(meta.contentTypes).sort((a, b) => a.uid.localeCompare(b.uid))) {
    if (ct.uid === 'plugin::upload.file' || excluded.has(ct.uid)) continue;
    const fields: FieldView[] = [
      { key: 'id', type: 'number', optional: false },
      { key: 'documentId', type: 'string', optional: false },
    ];
    for (const attr of Object.values(ct.attributes)) {
      const field = attributeField(meta, attr, excluded);
      if (field) fields.push(field);
    }
    fields.push({ key: 'createdAt', type: 'string', optional: false }, { key: 'updatedAt', type: 'string', optional: false }, { key: 'publishedAt', type: 'string | null', optional: false });
    if (ct.localized) fields.push({ key: 'locale', type: 'string', optional: false }, { key: 'localizations', type: `${documentTypeName(meta, ct.uid)}[]`, optional: true });
    interfaces.push({ name: documentTypeName(meta, ct.uid), description: `${ct.displayName} (${ct.uid})`, fields });
  }
  for (const comp of Object.values(meta.components).sort((a, b) => a.uid.localeCompare(b.uid))) {
    const fields: FieldView[] = [{ key: 'id', type: 'number', optional: false }];
    for (const attr of Object.values(comp.attributes)) {
      const field = attributeField(meta, attr, excluded);
      if (field) fields.push(field);
    }
    interfaces.push({ name: componentTypeName(comp.uid), description: `Component ${comp.uid} (${comp.displayName})`, fields });
  }
  return interfaces;
}

export function emitTypes(meta: SchemaMeta, _options: EmitOptions): GeneratedFile[] {
  return [{ path: 'src/types.ts', contents: renderTemplate('app/types.ts.hbs', { interfaces: documentInterfaces(meta) }) }];
}
