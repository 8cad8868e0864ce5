// Schema files as read from disk, before their content is checked.
import type { CustomFieldRegistry } from './custom-fields/types';
import type { Problem } from './problems';

export type SchemaOrigin = 'schema' | 'builtin';

export interface SchemaFile {
  /** `api::<api>.<name>` for content types, `<category>.<name>` for components. */
  uid: string;
  /** Path relative to the input directory (posix separators), used in every problem message. */
  file: string;
  origin: SchemaOrigin;
  /** Parsed JSON, or undefined when the file is not valid JSON (see parseError). */
  json?: unknown;
  parseError?: string;
  /** Flat layout only: the name the file (or its folder) gives the type, which must equal info.singularName. */
  expectedSingularName?: string;
}

export type SchemaLayout = 'strapi' | 'flat';

export interface LoadedSchemas {
  /** Absolute input directory. */
  root: string;
  layout: SchemaLayout;
  /** Sorted by uid. */
  contentTypes: SchemaFile[];
  /** Sorted by uid. */
  components: SchemaFile[];
  /**
   * Plugin content-type extensions (`src/extensions/users-permissions/content-types/{user,role}/schema.json`),
   * by the uid of the built-in type each one extends; sorted by uid.
   */
  extensions: SchemaFile[];
  /** Where plugin extensions live, relative to root (`src/extensions`, or `extensions` for the src folder itself and flat folders). */
  extensionsDir: string;
  /** Problems with the files themselves (a folder without schema.json, a uid defined twice). */
  problems: Problem[];
  /** What is read but not acted on (other plugins' extensions, strapi-server files). */
  warnings: Problem[];
  /** The custom fields the schemas may use (generator/custom-fields); none when left out. */
  customFields?: CustomFieldRegistry;
}
