// What a Strapi-style config module stands for: the object it exports, or what its exported
// `({ env }) => object` returns, directly or as `default` (TypeScript or ESM compiled to CommonJS).
// Imports nothing at run time, so the generator loads it from a checkout too (app-features.ts and
// strapi-config.ts read config files the way a start does).
import type { EnvHelper } from './env';

/** The module's value: `default` when it is a compiled ES module (or exports only `default`). */
export function unwrapDefault(exported: unknown): unknown {
  if (typeof exported !== 'object' || exported === null || Array.isArray(exported) || !('default' in exported)) return exported;
  const record = exported as Record<string, unknown>;
  return record.__esModule === true || Object.keys(record).length === 1 ? record.default : exported;
}

/** The configuration a module gives: its object, or its function's result for `env`. */
export function evaluateConfig(exported: unknown, env: EnvHelper): unknown {
  const value = unwrapDefault(exported);
  return typeof value === 'function' ? (value as (params: { env: EnvHelper }) => unknown)({ env }) : value;
}
