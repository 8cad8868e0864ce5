// `Exact<T, S>`: a check that an inferred query value `T` names nothing its shape `S` does not have.
// Values the typed Document Service infers (populate, so the result can follow it) skip
// TypeScript's excess-property check, so `{ author: true, autor: true }` would pass a plain
// constraint. Intersected with the inferred value, this maps every unknown key to `never`, which
// makes a misspelled name a compile error at that key. Only the literal's own depth is walked,
// so recursive shapes (article → author → articles) cost nothing beyond what was written.

/** The object (non-array) members of a union shape. */
type ObjectMembers<S> = S extends readonly unknown[] ? never : S extends object ? S : never;

/** Keys of any object member of `S`. */
type ObjectKeys<S> = ObjectMembers<S> extends infer O ? (O extends unknown ? keyof O : never) : never;

/** The type of key `K` in the object members of `S` that have it. */
type PropertyOf<S, K> = ObjectMembers<S> extends infer O ? (O extends unknown ? (K extends keyof O ? O[K] : never) : never) : never;

/** The item type of the array members of `S`. */
type ItemOf<S> = S extends readonly (infer E)[] ? E : never;

/**
 * `[S] extends [T]`: `T` is as wide as the shape itself, which happens when TypeScript instantiates
 * the check with the constraint while it is still inferring (contextual typing); walking the
 * recursive shape then would never end, and there is nothing to check.
 */
export type Exact<T, S> = [S] extends [T] ? unknown : ExactWalk<T, S>;

type ExactWalk<T, S> = T extends readonly unknown[]
  ? { [I in keyof T]: Exact<T[I], ItemOf<S>> }
  : T extends object
    ? { [K in keyof T]: K extends ObjectKeys<S> ? Exact<T[K], PropertyOf<S, K>> : never }
    : T;
