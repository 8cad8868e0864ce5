// Column of a field name on a shape: system fields first, then scalar attributes.
import type { Shape } from '../model/schema-index';
import type { ColumnType } from './codec';

export const SYSTEM_FIELDS: Record<string, { column: string; type: ColumnType }> = {
  id: { column: 'id', type: 'id' },
  documentId: { column: 'document_id', type: 'documentId' },
  createdAt: { column: 'created_at', type: 'datetime' },
  updatedAt: { column: 'updated_at', type: 'datetime' },
  publishedAt: { column: 'published_at', type: 'datetime' },
  locale: { column: 'locale', type: 'locale' },
};

/** Returns the column and type of a scalar/system field, or undefined when `name` is not one. */
export function fieldColumn(shape: Shape, name: string): { column: string; type: ColumnType } | undefined {
  if (shape.kind === 'component') {
    if (name === 'id') return SYSTEM_FIELDS.id;
  } else if (Object.prototype.hasOwnProperty.call(SYSTEM_FIELDS, name)) {
    if (name === 'locale' && !shape.meta.localized) return undefined;
    return SYSTEM_FIELDS[name];
  }
  const attr = Object.prototype.hasOwnProperty.call(shape.meta.attributes, name) ? shape.meta.attributes[name] : undefined;
  return attr && attr.kind === 'scalar' ? { column: attr.column, type: attr.type } : undefined;
}
