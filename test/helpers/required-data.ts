// A request body that satisfies a content type's required attributes (and their components'),
// built from the schema metadata alone: for tests that create one document of every type of a
// schema set they know nothing else about. Undefined when a required value cannot be made up
// (a required media or relation needs an existing file or document).
import type { Attribute, ScalarAttribute, SchemaMeta } from '../../runtime/core/model/types';

type Value = unknown;
const IMPOSSIBLE = Symbol('impossible');

function text(attribute: ScalarAttribute): string {
  const min = Math.max(attribute.minLength ?? 0, 1);
  const max = attribute.maxLength ?? 64;
  return 'x'.repeat(Math.min(Math.max(min, 8), max));
}

function number(attribute: ScalarAttribute): number {
  if (attribute.min !== undefined) return attribute.min;
  if (attribute.max !== undefined) return Math.min(attribute.max, 1);
  return 1;
}

function scalar(attribute: ScalarAttribute, serial: number): Value | typeof IMPOSSIBLE {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'password':
      return attribute.regex ? IMPOSSIBLE : text(attribute);
    case 'uid':
      return `item-${serial}`;
    case 'email':
      return `item${serial}@example.com`;
    case 'enumeration':
      return attribute.enum?.[0] ?? IMPOSSIBLE;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return number(attribute);
    case 'boolean':
      return false;
    case 'date':
      return '2024-01-02';
    case 'datetime':
      return '2024-01-02T03:04:05.000Z';
    case 'time':
      return '03:04:05.000';
    case 'json':
      return {};
    case 'blocks':
      return [{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }];
    default:
      return IMPOSSIBLE;
  }
}

function fill(meta: SchemaMeta, attributes: Record<string, Attribute>, serial: number, depth: number): Record<string, Value> | typeof IMPOSSIBLE {
  const data: Record<string, Value> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (!attribute.required) continue;
    let value: Value | typeof IMPOSSIBLE;
    if (attribute.kind === 'scalar') value = scalar(attribute, serial);
    else if (attribute.kind === 'component') {
      const component = meta.components[attribute.component];
      const entry = component && depth < 5 ? fill(meta, component.attributes, serial, depth + 1) : IMPOSSIBLE;
      value = entry === IMPOSSIBLE ? IMPOSSIBLE : attribute.repeatable ? Array.from({ length: Math.max(attribute.min ?? 1, 1) }, () => entry) : entry;
    } else if (attribute.kind === 'dynamiczone') {
      const uid = attribute.components[0];
      const component = uid === undefined ? undefined : meta.components[uid];
      const entry = component && depth < 5 ? fill(meta, component.attributes, serial, depth + 1) : IMPOSSIBLE;
      value = entry === IMPOSSIBLE ? IMPOSSIBLE : Array.from({ length: Math.max(attribute.min ?? 1, 1) }, () => ({ __component: uid, ...entry }));
    } else value = IMPOSSIBLE;
    if (value === IMPOSSIBLE) return IMPOSSIBLE;
    data[name] = value;
  }
  return data;
}

let serial = 0;

export function requiredData(meta: SchemaMeta, attributes: Record<string, Attribute>): Record<string, Value> | undefined {
  serial += 1;
  const data = fill(meta, attributes, serial, 0);
  return data === IMPOSSIBLE ? undefined : data;
}
