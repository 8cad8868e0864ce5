// What an extension of a built-in type (the users-permissions user or role) may change. Strapi
// merges the extension's top-level keys over the plugin's schema, so an extension replaces the
// whole attribute list: an attribute of the plugin it leaves out is gone from Strapi's answers,
// filters and GraphQL type (cms-gen keeps it private, for the plugin's own code). An attribute it
// declares keeps its type (and, for relations, its kind, target and other side). Their
// options (lengths, required, unique) may change, as in Strapi, except that the plugin's private
// attributes (the password hash and the codes) stay private.
import type { AttributeDefinition, ContentTypeDefinition } from '../definitions';
import { attributePath, type Report } from '../problems';

function describe(attribute: AttributeDefinition): string {
  switch (attribute.kind) {
    case 'scalar':
      return `a ${attribute.type} attribute`;
    case 'relation': {
      const side = attribute.inversedBy !== undefined ? `, inversedBy "${attribute.inversedBy}"` : attribute.mappedBy !== undefined ? `, mappedBy "${attribute.mappedBy}"` : '';
      return `a ${attribute.relation} relation to ${attribute.target}${side}`;
    }
    default:
      return `a ${attribute.kind} attribute`;
  }
}

function sameShape(a: AttributeDefinition, b: AttributeDefinition): boolean {
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.type === b.type;
  if (a.kind === 'relation' && b.kind === 'relation') return a.relation === b.relation && a.target === b.target && a.inversedBy === b.inversedBy && a.mappedBy === b.mappedBy;
  return false;
}

/** Problems of `extended` (the merged schema) against the plugin's own definition of the type. */
export function checkPluginExtension(builtin: ContentTypeDefinition, extended: ContentTypeDefinition, report: Report, warn: Report): void {
  const plugin = builtin.uid.slice('plugin::'.length).split('.')[0];
  if (extended.kind !== 'collectionType') report('kind', `the ${plugin} ${builtin.singularName} type is a collectionType`);
  for (const key of ['singularName', 'pluralName'] as const) {
    if (extended[key] && extended[key] !== builtin[key]) {
      report(`info.${key}`, `must stay "${builtin[key]}": the ${plugin} plugin's routes and GraphQL types are named after it`);
    }
  }
  if (extended.draftAndPublish) report('options.draftAndPublish', `draft & publish is not supported on ${builtin.uid}: the ${plugin} plugin reads and writes its published rows only`);
  if (extended.localized) report('pluginOptions.i18n.localized', `${builtin.uid} cannot be localized: the ${plugin} plugin keeps one row per ${builtin.singularName}`);
  const names = new Set(extended.attributes.map((a) => a.name));
  const missing = builtin.attributes.filter((a) => !names.has(a.name));
  if (missing.length) {
    // Strapi drops them: its answers, filters and GraphQL type leave them out. The plugin's own
    // code (sign-in, registration, password reset) still reads them, so cms-gen keeps them, private.
    extended.attributes.push(...missing.map((a) => ({ ...a, private: true, undeclared: true as const })));
    warn(
      'attributes',
      `${missing.map((a) => a.name).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not declared: an extension's attributes replace the plugin's, so as in Strapi the content API neither returns nor filters ${missing.length === 1 ? 'it' : 'them'}; cms-gen keeps ${missing.length === 1 ? 'it' : 'them'} private for the ${plugin} plugin's own use (copy the plugin's attributes into the extension to keep ${missing.length === 1 ? 'it' : 'them'} in the API)`,
    );
  }
  for (const own of builtin.attributes) {
    const attribute = extended.attributes.find((a) => a.name === own.name);
    if (!attribute) continue;
    if (!sameShape(own, attribute)) report(attributePath(own.name), `the ${plugin} plugin needs ${own.name} as ${describe(own)}`);
    else if (own.private && !attribute.private) report(attributePath(own.name, 'private'), `${own.name} must stay private: it holds a secret of the ${plugin} plugin`);
  }
}
