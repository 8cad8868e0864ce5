// Relation targets exist, and both sides of a two-sided relation agree: inversedBy X on A.a needs
// B.X with mappedBy a (and the other way round) and kinds that mirror each other.
import type { RelationKind } from '../../runtime/core/model/types';
import { EXTENSIBLE_TYPES, isBuiltinType } from '../builtins';
import type { MorphDefinition, RelationDefinition } from '../definitions';
import { attributePath, type Report } from '../problems';
import { holders, type CheckContext, type Holder } from './check-context';

/** The kind the other side of a two-sided relation must have. */
export const MIRROR_KIND: Partial<Record<RelationKind, RelationKind>> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

function checkTarget(ctx: CheckContext, attribute: RelationDefinition, report: Report): boolean {
  const path = attributePath(attribute.name, 'target');
  if (ctx.unreadable.has(attribute.target)) return false;
  if (ctx.components.has(attribute.target)) {
    report(path, `relation target "${attribute.target}" is a component; relations point to content types`);
    return false;
  }
  if (!ctx.contentTypes.has(attribute.target)) {
    report(path, `relation target "${attribute.target}" does not exist`);
    return false;
  }
  return true;
}

function describeSide(other: RelationDefinition): string {
  if (other.inversedBy !== undefined) return ` (it has inversedBy "${other.inversedBy}")`;
  if (other.mappedBy !== undefined) return ` (it has mappedBy "${other.mappedBy}")`;
  return ' (it is one-sided)';
}

function checkInverse(ctx: CheckContext, holder: Holder, attribute: RelationDefinition, report: Report): void {
  const key = attribute.inversedBy !== undefined ? 'inversedBy' : 'mappedBy';
  const side = attribute.inversedBy ?? attribute.mappedBy;
  if (side === undefined) return;
  const path = attributePath(attribute.name, key);
  if (holder.role === 'component') {
    report(path, 'relations in components must be one-sided (remove inversedBy/mappedBy)');
    return;
  }
  // A mappedBy side no attribute owns is left out of the API (loose-relations.ts).
  if (attribute.unexposed) return;
  const uid = holder.definition.uid;
  if (attribute.relation === 'manyToOne' && key === 'mappedBy') {
    report(path, `a manyToOne relation owns its links (Strapi refuses mappedBy on it): use inversedBy "${side}" here and mappedBy "${attribute.name}" on ${attribute.target}.${side}`);
    return;
  }
  if (attribute.relation === 'oneToMany' && key === 'inversedBy') {
    report(path, `a oneToMany relation cannot own a two-way relation (Strapi refuses inversedBy on it): use mappedBy "${side}" here and inversedBy "${attribute.name}" on the manyToOne side, ${attribute.target}.${side}`);
    return;
  }
  if (isBuiltinType(attribute.target) && !EXTENSIBLE_TYPES.includes(attribute.target) && holder.definition.origin !== 'builtin') {
    report(path, `two-sided relations with the built-in type ${attribute.target} are not supported; remove ${key} to make the relation one-sided`);
    return;
  }
  const target = ctx.contentTypes.get(attribute.target);
  const other = target?.attributes.find((a) => a.name === side);
  if (!target) return;
  if (!other) {
    missingOtherSide(ctx, holder, attribute, key, side, report);
    return;
  }
  if (other.kind !== 'relation') {
    report(path, `${target.uid}.${side} is not a relation (Strapi refuses this too): remove inversedBy to make ${attribute.name} one-way`);
    return;
  }
  if (other.target !== uid) {
    report(path, `${target.uid}.${side} targets ${other.target}, not ${uid}`);
    return;
  }
  if (key === 'inversedBy' && other.mappedBy !== attribute.name) {
    report(path, `${target.uid}.${side} must declare mappedBy "${attribute.name}"${describeSide(other)}`);
    return;
  }
  if (key === 'mappedBy' && other.inversedBy !== attribute.name) {
    report(path, `${target.uid}.${side} must declare inversedBy "${attribute.name}"${describeSide(other)}`);
    return;
  }
  // Kinds are checked from the owning side only, so a mismatch is reported once.
  const mirror = MIRROR_KIND[attribute.relation];
  if (key === 'inversedBy' && mirror !== undefined && other.relation !== mirror) {
    report(attributePath(attribute.name, 'relation'), `${attribute.relation} needs ${mirror} on the other side, but ${target.uid}.${side} is ${other.relation}`);
  }
}

/** Where a project declares attributes of an extensible built-in type. */
function extensionFile(ctx: CheckContext, uid: string): string {
  const [plugin, name] = uid.slice('plugin::'.length).split('.');
  return `${ctx.extensionsDir}/${plugin}/content-types/${name}/schema.json`;
}

/**
 * The attribute named as the other side does not exist. Strapi refuses to start when the owning
 * side (inversedBy) names a missing attribute, but starts with an inverse side (mappedBy) whose
 * owner does not name it back, and never stores a link through it (FoodAdvisor's user.articles):
 * such an attribute is left out, with a warning.
 */
function missingOtherSide(ctx: CheckContext, holder: Holder, attribute: RelationDefinition, key: 'inversedBy' | 'mappedBy', side: string, report: Report): void {
  const path = attributePath(attribute.name, key);
  if (key === 'mappedBy') {
    ctx.problems.warnAt(holder.definition.file)(
      path,
      `attribute "${side}" does not exist on ${attribute.target}: the relation can hold no links and is left out (Strapi starts with it but never fills it)`,
    );
    ctx.dropped.add(attribute);
    return;
  }
  const fix = EXTENSIBLE_TYPES.includes(attribute.target)
    ? `declare it (mappedBy "${attribute.name}") in ${extensionFile(ctx, attribute.target)}, or remove inversedBy to make the relation one-sided`
    : `add it with mappedBy "${attribute.name}", or remove inversedBy to make ${attribute.name} one-way`;
  report(path, `attribute "${side}" does not exist on ${attribute.target} (Strapi refuses this too): ${fix}`);
}

/** morphOne/morphMany: `target` is a content type whose `morphBy` attribute is a morphToOne/morphToMany. */
function checkMorphInverse(ctx: CheckContext, attribute: MorphDefinition, report: Report): void {
  if (attribute.target === undefined || attribute.morphBy === undefined || ctx.unreadable.has(attribute.target)) return;
  const target = ctx.contentTypes.get(attribute.target);
  if (!target) {
    report(attributePath(attribute.name, 'target'), `relation target "${attribute.target}" ${ctx.components.has(attribute.target) ? 'is a component; relations point to content types' : 'does not exist'}`);
    return;
  }
  const other = target.attributes.find((a) => a.name === attribute.morphBy);
  const path = attributePath(attribute.name, 'morphBy');
  if (!other) report(path, `attribute "${attribute.morphBy}" does not exist on ${target.uid}`);
  else if (other.kind !== 'morph' || (other.relation !== 'morphToOne' && other.relation !== 'morphToMany')) {
    report(path, `${target.uid}.${attribute.morphBy} must be a morphToOne or morphToMany relation`);
  }
}

export function checkRelations(ctx: CheckContext): void {
  for (const holder of holders(ctx)) {
    const report = ctx.problems.at(holder.definition.file);
    for (const attribute of holder.definition.attributes) {
      if (attribute.kind === 'morph') checkMorphInverse(ctx, attribute, report);
      if (attribute.kind !== 'relation' || ctx.dropped.has(attribute) || (attribute.unexposed && attribute.target.startsWith('admin::'))) continue;
      if (checkTarget(ctx, attribute, report)) checkInverse(ctx, holder, attribute, report);
    }
  }
}
