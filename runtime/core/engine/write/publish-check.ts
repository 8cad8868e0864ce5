// What publishing checks. A draft may lack required values (Strapi 5 validates required
// attributes when a version is published, not when a draft is saved: plan.ts `draftOnly`), so
// before a draft becomes the published version its stored values are checked here: required
// scalars, required components, and the same inside every component and dynamic-zone entry, with
// the messages and paths a create would give (`title must be a \`string\` type, but the final
// value was: \`null\`.`, `seo must be a \`object\` type, …`, `sections[1].title …`). Relations and media are
// never required, as in Strapi.
import type { ValidationIssue } from '../../errors';
import { componentShape, type Shape } from '../../model/schema-index';
import type { OwnerRow, WriteEnv } from './context';
import { countIssue, labelOf, objectNull } from './plan';
import { hasPublishOnlyRules, nullRequired, publishOnlyIssue } from './scalar-rules';
import { failedInStrapiOrder } from './issue-order';
import { asShown } from './visibility';

/** Whether `shape` or anything nested in its components has a required attribute (else nothing to read). */
function needsCheck(env: WriteEnv, shape: Shape, seen = new Set<string>()): boolean {
  if (seen.has(shape.meta.uid)) return false;
  seen.add(shape.meta.uid);
  return Object.values(shape.meta.attributes).some((a) => {
    if ((a.kind === 'scalar' || a.kind === 'component') && a.required) return true;
    if ((a.kind === 'component' || a.kind === 'dynamiczone') && (a.min !== undefined || a.max !== undefined)) return true;
    if (a.kind === 'scalar' && hasPublishOnlyRules(a)) return true;
    if (a.kind === 'component') return needsCheck(env, componentShape(env.schema, a.component), seen);
    if (a.kind === 'dynamiczone') return a.components.some((uid) => needsCheck(env, componentShape(env.schema, uid), seen));
    return false;
  });
}

/** A row's scalar values by attribute name: what a conditional field's rule reads (visibility.ts). */
function valuesByName(shape: Shape, row: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const attr of Object.values(shape.meta.attributes)) if (attr.kind === 'scalar') values[attr.name] = row[attr.column];
  return values;
}

async function checkRow(env: WriteEnv, shape: Shape, owner: OwnerRow, row: Record<string, unknown>, path: string[], issues: ValidationIssue[]): Promise<void> {
  const q = env.dialect.quote;
  let values: Record<string, unknown> | undefined;
  const byName = () => (values ??= valuesByName(shape, row));
  for (const declared of Object.values(shape.meta.attributes)) {
    // A conditional field the version's values hide is not required (Strapi validates it not at all).
    const attr = asShown(declared, byName);
    const attrPath = [...path, attr.name];
    if (attr.kind === 'scalar') {
      const stored = row[attr.column];
      if (attr.required && (stored === null || stored === undefined)) {
        issues.push({ path: attrPath, message: nullRequired(attr, labelOf(attrPath)), name: 'ValidationError', value: null });
      } else if (stored !== null && stored !== undefined && hasPublishOnlyRules(attr)) {
        // Drafts may hold a string shorter than minLength or off its pattern, a number below min; what is published may not.
        const issue = publishOnlyIssue(attr, stored, labelOf(attrPath));
        if (issue) issues.push({ path: attrPath, message: issue, name: 'ValidationError', value: stored });
      }
      continue;
    }
    if (attr.kind !== 'component' && attr.kind !== 'dynamiczone') continue;
    const uids = attr.kind === 'component' ? [attr.component] : attr.components;
    const entries: { position: number; shape: Shape; row: Record<string, unknown> }[] = [];
    for (const uid of uids) {
      const target = componentShape(env.schema, uid);
      const rows = await env.tx.query(`SELECT * FROM ${q(target.meta.table)} WHERE owner_type = ? AND owner_field = ? AND owner_id = ? ORDER BY position, id`, [owner.uid, attr.name, owner.id]);
      for (const r of rows) entries.push({ position: Number(r.position), shape: target, row: r });
    }
    if (attr.kind === 'component' && attr.required && !attr.repeatable && entries.length === 0) {
      issues.push({ path: attrPath, message: objectNull(labelOf(attrPath)), name: 'ValidationError', value: null });
    }
    if (attr.kind === 'dynamiczone' || attr.repeatable) {
      // A draft keeps any number of entries; what is published keeps min and max (plan.ts, checkCount).
      const issue = countIssue(entries.length, attr, labelOf(attrPath));
      if (issue) issues.push({ path: attrPath, message: issue, name: 'ValidationError', value: entries.map((entry) => ({ id: Number(entry.row.id) })) });
    }
    entries.sort((a, b) => a.position - b.position);
    const listed = attr.kind === 'dynamiczone' || (attr.kind === 'component' && attr.repeatable);
    for (const [i, entry] of entries.entries()) {
      if (!needsCheck(env, entry.shape)) continue;
      await checkRow(env, entry.shape, { uid: entry.shape.meta.uid, id: Number(entry.row.id) }, entry.row, listed ? [...attrPath, String(i)] : attrPath, issues);
    }
  }
}

/** Throws Strapi's ValidationError when the version row `owner` lacks a required value. */
export async function assertPublishable(env: WriteEnv, shape: Shape, owner: OwnerRow): Promise<void> {
  if (!needsCheck(env, shape)) return;
  const [row] = await env.tx.query(`SELECT * FROM ${env.dialect.quote(shape.meta.table)} WHERE id = ?`, [owner.id]);
  if (!row) return;
  const issues: ValidationIssue[] = [];
  await checkRow(env, shape, owner, row, [], issues);
  if (issues.length > 0) throw failedInStrapiOrder(issues, shape.meta.attributes);
}

/**
 * An update that publishes (plan.ts, `unpublishable`): the sent values' issues with those of the
 * stored draft's other attributes, in Strapi's order, as Strapi 5.54 answers them after writing
 * the draft (`2 errors occurred`: a `code` sent off its pattern and a `contact` stored in a draft
 * that is no email). `sent`: the attributes whose stored issues are not counted.
 */
export async function refuseUnpublishable(env: WriteEnv, shape: Shape, owner: OwnerRow | undefined, unpublishable: { issues: ValidationIssue[]; sent: ReadonlySet<string> }): Promise<never> {
  const issues = [...unpublishable.issues];
  const [row] = owner ? await env.tx.query(`SELECT * FROM ${env.dialect.quote(shape.meta.table)} WHERE id = ?`, [owner.id]) : [];
  if (owner && row) {
    const stored: ValidationIssue[] = [];
    await checkRow(env, shape, owner, row, [], stored);
    issues.push(...stored.filter((issue) => !unpublishable.sent.has(String(issue.path[0]))));
  }
  throw failedInStrapiOrder(issues, shape.meta.attributes);
}
