// The content model as the admin panel reads it: content types and components with their
// attributes in Strapi's schema vocabulary, each type's main field (what a relation shows).
import type { Attribute, ComponentMeta, ContentTypeMeta, SchemaMeta } from '@cms-gen/core/model/types';

export function attributeMeta(attr: Attribute): Record<string, unknown> {
  const base = { ...(attr.required ? { required: true } : {}), ...(attr.private ? { private: true } : {}), ...(attr.localized === false ? { localized: false } : {}) };
  switch (attr.kind) {
    case 'scalar': {
      const { type, unique, min, max, minLength, maxLength, regex, enum: values, default: fallback, targetField } = attr;
      return {
        type,
        ...base,
        ...(unique ? { unique: true } : {}),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(minLength !== undefined ? { minLength } : {}),
        ...(maxLength !== undefined ? { maxLength } : {}),
        ...(regex !== undefined ? { regex } : {}),
        ...(values !== undefined ? { enum: values } : {}),
        ...(fallback !== undefined ? { default: fallback } : {}),
        ...(targetField !== undefined ? { targetField } : {}),
      };
    }
    case 'relation':
      return { type: 'relation', ...base, relation: attr.relation, target: attr.target, ...(attr.inverse ? { targetAttribute: attr.inverse } : {}) };
    case 'morph':
      return { type: 'relation', ...base, relation: attr.relation };
    case 'media':
      return { type: 'media', ...base, multiple: attr.multiple, allowedTypes: attr.allowedTypes };
    case 'component':
      return { type: 'component', ...base, component: attr.component, repeatable: attr.repeatable, ...(attr.min !== undefined ? { min: attr.min } : {}), ...(attr.max !== undefined ? { max: attr.max } : {}) };
    case 'dynamiczone':
      return { type: 'dynamiczone', ...base, components: attr.components, ...(attr.min !== undefined ? { min: attr.min } : {}), ...(attr.max !== undefined ? { max: attr.max } : {}) };
  }
}

const attributesMeta = (attributes: Record<string, Attribute>) => Object.fromEntries(Object.values(attributes).map((a) => [a.name, attributeMeta(a)]));

/** The attribute a relation to this type shows: the first visible text attribute, else documentId. */
export function mainField(meta: ContentTypeMeta): string {
  const text = Object.values(meta.attributes).find((a) => a.kind === 'scalar' && !a.private && (a.type === 'string' || a.type === 'uid' || a.type === 'email'));
  return text?.name ?? 'documentId';
}

export function contentTypeMeta(meta: ContentTypeMeta) {
  return {
    uid: meta.uid,
    kind: meta.kind,
    singularName: meta.singularName,
    pluralName: meta.pluralName,
    displayName: meta.displayName,
    draftAndPublish: meta.draftAndPublish,
    localized: meta.localized,
    mainField: mainField(meta),
    attributes: { ...attributesMeta(meta.attributes), ...attributesMeta(meta.adminRelations ?? {}) },
  };
}

export function componentMeta(meta: ComponentMeta) {
  return { uid: meta.uid, category: meta.category, displayName: meta.displayName, attributes: attributesMeta(meta.attributes) };
}

/** The content types editors work on (the project's api:: types). */
export const editableTypes = (schema: SchemaMeta): ContentTypeMeta[] => Object.values(schema.contentTypes).filter((ct) => ct.uid.startsWith('api::'));
