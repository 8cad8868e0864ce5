// Compile-time assertions for type tests (test/types/*.types.ts, compiled by `npm run typecheck`).
// `Equal` is exact: `{ a: 1 } & { b: 2 }` and `{ a: 1; b: 2 }` differ, as do optional and required
// properties, so a test pins the type a user sees, not one merely compatible with it.
export type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

/** Fails to compile unless `T` is `true`. */
export type Expect<T extends true> = T;

/** The item type of a promised list (findMany's result). */
export type ItemOf<P> = Awaited<P> extends readonly (infer E)[] ? E : never;
