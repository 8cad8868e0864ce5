// Table and column names of the storage layout (docs/architecture.md). The validator checks them
// for collisions and the model records them, so both must derive them here and only here.
import { createHash } from 'node:crypto';
import { SYSTEM_COLUMNS } from '../runtime/core/model/types';

/** `metaTitle` → `meta_title`, `URLPath` → `url_path`; already snake_case names stay. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Columns every content-type table has besides the attribute columns (locale even when unused). */
export const CONTENT_TYPE_SYSTEM_COLUMNS: readonly string[] = Object.values(SYSTEM_COLUMNS);

/** Columns every component table has besides the attribute columns. */
export const COMPONENT_SYSTEM_COLUMNS: readonly string[] = ['id', 'owner_type', 'owner_id', 'owner_field', 'position'];

/** Media links of every owner (content-type or component row). */
export const FILES_RELATED_TABLE = 'files_related';

/** Longest identifier PostgreSQL keeps (longer ones are silently truncated); MySQL allows 64. */
export const MAX_IDENTIFIER_LENGTH = 63;

/**
 * A table or column name that fits every database: names up to 63 characters stay as they are;
 * longer ones (a 60-character attribute snake-cased, a link table of a long table) keep their
 * first 54 characters and a hash of the whole name, so two long names stay apart. Strapi
 * shortens long names too (its own way: the databases are not shared).
 */
export function shortIdentifier(name: string, limit: number = MAX_IDENTIFIER_LENGTH): string {
  if (name.length <= limit) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, limit - hash.length - 1)}_${hash}`;
}

/**
 * Column of a scalar attribute: snake_case of its name. A component attribute may legitimately be
 * called `position` (or anything that snake-cases to a system column); its column then gets a
 * `_value` suffix so the API name stays free and the runtime's own column is untouched.
 */
export function attributeColumn(attributeName: string, systemColumns: readonly string[]): string {
  const column = snakeCase(attributeName);
  return shortIdentifier(systemColumns.includes(column) ? `${column}_value` : column);
}

/** A table's name as part of another name: `room-amenities` → `room_amenities` (as Strapi names its join tables). */
const tablePart = (table: string): string => table.replace(/-/g, '_');

/** Link table of an owning relation attribute: `<owner table>_<snake attr>_lnk`. */
export function linkTableName(ownerTable: string, attributeName: string): string {
  return shortIdentifier(`${tablePart(ownerTable)}_${snakeCase(attributeName)}_lnk`);
}

/** Link table of an owning morph attribute (morphToOne/morphToMany): `<owner table>_<snake attr>_mph`. */
export function morphTableName(ownerTable: string, attributeName: string): string {
  return shortIdentifier(`${tablePart(ownerTable)}_${snakeCase(attributeName)}_mph`);
}

/** collectionName derived from the plural name when a schema has none (`seo-pages` → `seo_pages`). */
export function defaultCollectionName(pluralName: string): string {
  return pluralName.replace(/-/g, '_');
}

/** collectionName of a component without one: `components_<category>_<name>` (`-` → `_`). */
export function defaultComponentCollectionName(category: string, name: string): string {
  return `components_${category}_${name}`.replace(/-/g, '_');
}
