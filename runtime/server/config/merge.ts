// Deep merge of checked config objects over defaults: objects merge key by key, anything else
// (arrays included) replaces, so `register.allowedFields: ['a']` is the whole list, not an append.
import { isPlainObject } from '@cms-gen/core/config-error';

export function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) mergeInto(current, value);
    else target[key] = value;
  }
}
