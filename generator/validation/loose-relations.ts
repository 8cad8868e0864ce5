// Relations declared loosely that Strapi 5 boots, read the way Strapi reads them (checked against
// Strapi 5.54 on test/loose-kit):
// - `inversedBy` naming a relation that does not name this one back with `mappedBy`: this side
//   owns its links. Strapi hands the other attribute this side's links when it loads the other
//   type first (types load API folder by folder, each folder's types by name) and the other is a
//   one-way relation back of the mirroring kind: it then reads and writes them as the other side.
//   Otherwise the other attribute keeps links of its own;
// - `mappedBy` with no attribute owning the pair (the other side is one-way, has mappedBy too, or
//   does not exist): Strapi stores nothing for it, leaves it out of REST answers and crashes or
//   answers 500 when it is populated or written; cms-gen leaves it out of the API;
// - a relation to `admin::user` (the admin users): Strapi's content API neither returns, filters
//   nor writes it, and neither does cms-gen's; a content type's is stored for the admin panel
//   (model.ts, `adminRelations`);
// - a relation to a content type of a plugin cms-gen does not have: left out of the model.
// Each is a warning saying what to change. What Strapi refuses at boot stays refused (relations.ts).
import { isBuiltinType } from '../builtins';
import type { ContentTypeDefinition, RelationDefinition } from '../definitions';
import { attributePath, type Report } from '../problems';
import type { CheckContext } from './check-context';
import { MIRROR_KIND } from './relations';

const ADMIN_PREFIX = 'admin::';
const PLUGIN_PREFIX = 'plugin::';

/** Whether Strapi loads content type `a` before `b`: API folder by folder, then each folder's types by name. */
function loadsBefore(a: string, b: string): boolean {
  const parts = (uid: string) => uid.replace(/^api::/, '').split('.');
  const [apiA, nameA] = parts(a);
  const [apiB, nameB] = parts(b);
  return apiA !== apiB ? apiA < apiB : nameA < nameB;
}

function reciprocates(other: unknown, uid: string, name: string, key: 'inversedBy' | 'mappedBy'): boolean {
  const relation = other as RelationDefinition | undefined;
  return relation?.kind === 'relation' && relation.target === uid && relation[key] === name;
}

function leaveOutAdmin(attribute: RelationDefinition, warn: Report, inComponent: boolean): void {
  attribute.unexposed = true;
  warn(
    attributePath(attribute.name),
    inComponent
      ? `cms-gen leaves ${attribute.name} out of the API (it targets ${attribute.target}, the admin users, from a component; Strapi's content API does not return, filter or write it either)`
      : `cms-gen leaves ${attribute.name} out of the content API, as Strapi does (it targets ${attribute.target}, the admin users); the admin panel reads and writes it`,
  );
}

function loosen(ctx: CheckContext, owner: ContentTypeDefinition, attribute: RelationDefinition, warn: Report): void {
  if (attribute.target.startsWith(ADMIN_PREFIX)) {
    leaveOutAdmin(attribute, warn, false);
    return;
  }
  if (isBuiltinType(attribute.target)) return;
  const target = ctx.contentTypes.get(attribute.target);
  if (!target) return;
  // oneToMany with inversedBy: Strapi refuses it at boot whatever the other side says (relations.ts).
  if (attribute.inversedBy !== undefined && attribute.relation !== 'oneToMany') {
    const other = target.attributes.find((a) => a.name === attribute.inversedBy);
    // A missing or non-relation attribute: Strapi refuses to boot, and so does relations.ts.
    if (other?.kind !== 'relation' || reciprocates(other, owner.uid, attribute.name, 'mappedBy')) return;
    const oneWayBack = other.target === owner.uid && other.inversedBy === undefined && other.mappedBy === undefined;
    if (oneWayBack && MIRROR_KIND[attribute.relation] === other.relation && loadsBefore(target.uid, owner.uid)) {
      other.mappedBy = attribute.name;
      warn(
        attributePath(attribute.name, 'inversedBy'),
        `${target.uid}.${attribute.inversedBy} does not declare mappedBy "${attribute.name}"; Strapi loads ${target.uid} first and then reads and writes ${attribute.inversedBy} through ${attribute.name}'s links, so cms-gen makes it the other side of ${attribute.name} (add mappedBy "${attribute.name}" to ${attribute.inversedBy} to say so)`,
      );
      return;
    }
    warn(
      attributePath(attribute.name, 'inversedBy'),
      `cms-gen treats ${attribute.name} as one-way, as Strapi does: ${target.uid}.${attribute.inversedBy} does not declare mappedBy "${attribute.name}", so each keeps its own links (add mappedBy "${attribute.name}" to ${attribute.inversedBy} to make them one two-way relation)`,
    );
    delete attribute.inversedBy;
    return;
  }
  if (attribute.mappedBy !== undefined && attribute.relation !== 'manyToOne') {
    const other = target.attributes.find((a) => a.name === attribute.mappedBy);
    if (reciprocates(other, owner.uid, attribute.name, 'inversedBy')) return;
    attribute.unexposed = true;
    warn(
      attributePath(attribute.name, 'mappedBy'),
      `cms-gen leaves ${attribute.name} out of the API: no attribute owns it (${target.uid}.${attribute.mappedBy} ${other ? `does not declare inversedBy "${attribute.name}"` : 'does not exist'}), so Strapi stores nothing for it either; to make it the other side of ${attribute.mappedBy}, add inversedBy "${attribute.name}" there`,
    );
  }
}

/**
 * A relation to a content type of a plugin cms-gen does not have (`plugin::webtools.url-alias`):
 * Strapi boots it only with that plugin installed, and cms-gen has no such table to link to, so the
 * attribute is left out, with a warning.
 */
function leftOutPluginTarget(ctx: CheckContext, attribute: RelationDefinition, warn: Report): boolean {
  if (!attribute.target.startsWith(PLUGIN_PREFIX) || isBuiltinType(attribute.target) || ctx.contentTypes.has(attribute.target)) return false;
  const plugin = attribute.target.slice(PLUGIN_PREFIX.length).split('.')[0];
  ctx.dropped.add(attribute);
  warn(
    attributePath(attribute.name),
    `cms-gen leaves ${attribute.name} out: it targets ${attribute.target}, a content type of the ${plugin} plugin, which cms-gen does not have (Strapi boots this schema only with that plugin installed)`,
  );
  return true;
}

/** Reads the loose forms of every project content type's relations; components may only hold one-way ones, admin users' included. */
export function loosenRelations(ctx: CheckContext): void {
  for (const definition of ctx.definitions.contentTypes) {
    const warn = ctx.problems.warnAt(definition.file);
    for (const attribute of definition.attributes) {
      if (attribute.kind !== 'relation' || leftOutPluginTarget(ctx, attribute, warn)) continue;
      if (definition.origin === 'schema') loosen(ctx, definition, attribute, warn);
    }
  }
  for (const definition of ctx.definitions.components) {
    const warn = ctx.problems.warnAt(definition.file);
    for (const attribute of definition.attributes) {
      if (attribute.kind !== 'relation' || leftOutPluginTarget(ctx, attribute, warn)) continue;
      if (attribute.target.startsWith(ADMIN_PREFIX)) leaveOutAdmin(attribute, warn, true);
    }
  }
}
