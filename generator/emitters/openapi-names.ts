// Names of the OpenAPI document's schemas and operations, from content-type and component uids.
import type { ContentTypeMeta } from '../../runtime/core/model/types';
import { pascalCase } from './naming';

/** `api::article.article` → `Article`; `plugin::upload.file` → `UploadFile`; components `shared.seo` → `ComponentSharedSeo`. */
export function typeSchemaName(uid: string): string {
  const api = /^api::[^.]+\.(.+)$/.exec(uid);
  if (api) return pascalCase(api[1]);
  const plugin = /^plugin::([^.]+)\.(.+)$/.exec(uid);
  if (plugin) return pascalCase(`${plugin[1]}-${plugin[2]}`);
  return `Component${pascalCase(uid)}`;
}

/** The tag grouping a content type's operations: its display name. */
export const tagOf = (ct: ContentTypeMeta): string => ct.displayName;
