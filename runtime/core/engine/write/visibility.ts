// Conditional fields (Strapi 5's `conditions.visible`): a JSON Logic rule over the other values of
// the same object decides whether the admin panel shows the field, and Strapi validates a hidden
// field not at all, so a required one may be left out. The rule is evaluated as Strapi does, with
// json-logic-js, against the values the write was sent (plan.ts) or the version holds (publish-check.ts).
import jsonLogic from 'json-logic-js';
import type { Attribute } from '../../model/types';

/** Whether `attribute`'s rule hides it given the object's `values` (by attribute name). */
export function isHidden(attribute: Attribute, values: Record<string, unknown>): boolean {
  if (!attribute.visibleWhen) return false;
  try {
    return !jsonLogic.apply(attribute.visibleWhen as jsonLogic.RulesLogic, values);
  } catch {
    // A rule json-logic-js cannot run (an unknown operator) hides nothing: the field keeps its checks.
    return false;
  }
}

/**
 * `attribute` as `values` show it: a required conditional field its rule hides is not required
 * (what it is sent is still checked: cms-gen stores no value of the wrong type). The write plan
 * passes the values sent, the publish check the version's.
 */
export function asShown<A extends Attribute>(attribute: A, values: Record<string, unknown> | (() => Record<string, unknown>)): A {
  if (!attribute.visibleWhen || !attribute.required) return attribute;
  return isHidden(attribute, typeof values === 'function' ? values() : values) ? { ...attribute, required: false } : attribute;
}
