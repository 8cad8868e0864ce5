// Identifier naming shared by the emitters.

/** `seo-page` → `SeoPage`, `meta_social` → `MetaSocial` */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** `seo-page` → `seoPage` */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** Interface name of a component: `shared.meta-social` → `ComponentSharedMetaSocial` (GraphQL's naming too). */
export function componentTypeName(uid: string): string {
  return `Component${pascalCase(uid)}`;
}
