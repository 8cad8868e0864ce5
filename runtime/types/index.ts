// @cms-gen/types: the types an app's typed Document Service and its generated client share (the
// client's src/types/ holds copies of these very files). Types only: nothing here runs.
export type * from './typed-registry.js';
export type * from './typed-filters.js';
export type * from './typed-query.js';
export type * from './typed-data.js';
export type * from './typed-result.js';
export type * from './typed-exact.js';
