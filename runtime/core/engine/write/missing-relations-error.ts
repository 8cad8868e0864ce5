// Strapi 5.54's answer to relations or media named by numeric ids that do not exist (its count is
// of distinct ids per target type, `path` is empty).
import { ValidationError } from '../../errors';

/** The 400 for `count` ids of `uid` that name no row; `value` is what the write sent. */
export function missingRelationsError(count: number, uid: string, value: unknown): ValidationError {
  const message = `${count} relation(s) of type ${uid} associated with this entity do not exist`;
  return new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError', value }] });
}
