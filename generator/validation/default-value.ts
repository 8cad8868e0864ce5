// Whether a scalar attribute's `default` is a value of its type (and of its own constraints).
import type { ScalarType } from '../../runtime/core/model/types';
import { show } from './json-value';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const INTEGER_TEXT = /^-?\d+$/;

interface Constraints {
  enum?: string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

/** What a default of `type` must be, or undefined when `value` is one. */
function typeMismatch(type: ScalarType, value: unknown): string | undefined {
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
    case 'enumeration':
      return typeof value === 'string' ? undefined : 'a string';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : 'an integer';
    case 'biginteger':
      return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && INTEGER_TEXT.test(value))
        ? undefined
        : 'an integer or a string of digits';
    case 'float':
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'a date "YYYY-MM-DD"';
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? undefined : 'a time "HH:mm:ss.SSS"';
    case 'datetime':
    case 'timestamp':
      return typeof value === 'string' && DATETIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'an ISO 8601 datetime';
    case 'blocks':
      return Array.isArray(value) ? undefined : 'an array of blocks';
    case 'json':
      return undefined;
  }
}

/**
 * What is wrong with a default value, or undefined when nothing is. `null` means "no default".
 * `type`: not a value of the attribute's type (refused); `constraint`: a value of its type that its
 * own enum or bounds refuse (Strapi boots it; see parse-attribute).
 */
export function defaultValueProblem(type: ScalarType, value: unknown, constraints: Constraints): { kind: 'type' | 'constraint'; message: string } | undefined {
  if (value === null) return undefined;
  const expected = typeMismatch(type, value);
  if (expected) return { kind: 'type', message: `default must be ${expected} for ${type} attributes, got ${show(value)}` };
  const constraint = (message: string) => ({ kind: 'constraint' as const, message });
  if (type === 'enumeration' && constraints.enum && !constraints.enum.includes(value as string)) {
    return constraint(`default ${show(value)} is not one of the enum values`);
  }
  if (typeof value === 'number') {
    if (constraints.min !== undefined && value < constraints.min) return constraint(`default ${value} is less than min ${constraints.min}`);
    if (constraints.max !== undefined && value > constraints.max) return constraint(`default ${value} is greater than max ${constraints.max}`);
  }
  if (typeof value === 'string' && type !== 'biginteger') {
    if (constraints.minLength !== undefined && value.length < constraints.minLength) return constraint(`default is shorter than minLength ${constraints.minLength}`);
    if (constraints.maxLength !== undefined && value.length > constraints.maxLength) return constraint(`default is longer than maxLength ${constraints.maxLength}`);
  }
  return undefined;
}
