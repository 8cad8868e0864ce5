// Prisma model names. Fields are named like their columns (no @map); models are PascalCase and
// @@map to their table. The validator uses these too, to report clashes before emitting.
import { componentTypeName, pascalCase } from './naming';

/** Plugin tables keep the prefix their table has (`up_users` → `UpUser`), like Strapi's own. */
const BUILTIN_MODEL_NAMES: Record<string, string> = {
  'plugin::upload.file': 'File',
  'plugin::users-permissions.permission': 'UpPermission',
  'plugin::users-permissions.role': 'UpRole',
  'plugin::users-permissions.user': 'UpUser',
  'plugin::users-permissions.session': 'UpSession',
  'plugin::users-permissions.api-token': 'StrapiApiToken',
  'plugin::users-permissions.setting': 'UpSetting',
  'plugin::i18n.locale': 'I18nLocale',
};

export const FILES_RELATED_MODEL = 'FilesRelated';

/** Names Prisma refuses for a model (its scalar types and the client class). */
export const RESERVED_MODEL_NAMES: readonly string[] = [
  'BigInt',
  'Boolean',
  'Bytes',
  'DateTime',
  'Decimal',
  'Float',
  'Int',
  'Json',
  'PrismaClient',
  'String',
  'Unsupported',
];

/** `api::seo-page.seo-page` (singular `seo-page`) → `SeoPage`. */
export function contentTypeModelName(uid: string, singularName: string): string {
  return BUILTIN_MODEL_NAMES[uid] ?? pascalCase(singularName);
}

/** `shared.seo` → `ComponentSharedSeo`. */
export function componentModelName(uid: string): string {
  return componentTypeName(uid);
}

/** Link table of `Article.categories` → `ArticleCategoriesLnk`. */
export function linkModelName(ownerModel: string, attributeName: string): string {
  return `${ownerModel}${pascalCase(attributeName)}Lnk`;
}

/** Link table of a morph owner `Comment.subjects` → `CommentSubjectsMph`. */
export function morphModelName(ownerModel: string, attributeName: string): string {
  return `${ownerModel}${pascalCase(attributeName)}Mph`;
}

/**
 * Back-relation field on the owner model for one of its link tables. Columns are lowercase
 * snake_case, so a camelCase name (`articleCategoriesLnk`) can never clash with one.
 */
export function backRelationField(modelName: string): string {
  return modelName.charAt(0).toLowerCase() + modelName.slice(1);
}
