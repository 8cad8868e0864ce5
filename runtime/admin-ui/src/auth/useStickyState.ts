import { useState } from 'react';

const kept = new Map<string, unknown>();

/**
 * State that outlives a remount: react-admin draws the routes outside the layout again once it knows
 * whether someone is signed in, which would empty a form being typed into.
 */
export function useStickyState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  return [
    value,
    (next: T) => {
      kept.set(key, next);
      setValue(next);
    },
  ];
}
