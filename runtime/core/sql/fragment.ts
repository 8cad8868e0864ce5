// SQL text with its bound parameters, composed by concatenation so that values never enter the text.
import type { SqlValue } from '@cms-gen/db/types';

export interface Sql {
  text: string;
  params: SqlValue[];
}

export const sql = (text: string, params: SqlValue[] = []): Sql => ({ text, params });

/** Joins fragments with a separator, keeping their parameters in order. */
export function join(parts: readonly Sql[], separator: string): Sql {
  const params: SqlValue[] = [];
  const texts: string[] = [];
  for (const part of parts) {
    texts.push(part.text);
    for (const p of part.params) params.push(p);
  }
  return { text: texts.join(separator), params };
}

/** `?, ?, ?` for an IN list. */
export function placeholders(values: readonly SqlValue[]): Sql {
  return { text: values.map(() => '?').join(', '), params: [...values] };
}

export const TRUE: Sql = sql('1 = 1');
export const FALSE: Sql = sql('1 = 0');
