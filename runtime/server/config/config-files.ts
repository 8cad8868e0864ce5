// Reads one Strapi-style config file, `<appDir>/config/<name>.json` or `.js`, with its environment's
// file (`config/env/<NODE_ENV>/<name>`) merged over it. Sync fs on purpose: this runs once at
// startup, before the server listens.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { EnvHelper } from './env';
import { unwrapDefault } from './config-module';
import { ConfigError, describe, isPlainObject } from '@cms-gen/core/config-error';

export interface ConfigFile {
  /** Path shown in errors, relative to the app directory (e.g. `config/server.js`). */
  label: string;
  value: Record<string, unknown>;
}

/**
 * `config/<name>`, with `config/env/<NODE_ENV>/<name>` merged over it as Strapi does (NODE_ENV
 * unset or empty is `development`): objects key by key, arrays index by index, `undefined` keeps
 * what is there. Either file may be alone. Errors in the merged value name both files.
 */
export function readConfigFile(appDir: string, name: string, env: EnvHelper): ConfigFile | null {
  return readConfigValue(appDir, name, env, 'object') as ConfigFile | null;
}

/**
 * readConfigFile for a file of any value (config/middlewares is a list): what `config/<name>`
 * holds, with its environment's file merged over it. `shape` 'object' refuses anything else.
 */
export function readConfigValue(appDir: string, name: string, env: EnvHelper, shape: 'object' | 'any' = 'any'): { label: string; value: unknown } | null {
  const base = readOneFile(appDir, join('config', name), env, shape);
  const environment = env('NODE_ENV') || 'development';
  // A NODE_ENV naming a path (`../x`) is not an environment folder.
  const overlay = /^[\w.-]+$/.test(environment) && !/^\.\.?$/.test(environment) ? readOneFile(appDir, join('config', 'env', environment, name), env, shape) : null;
  if (!overlay) return base;
  if (!base) return overlay;
  return { label: `${base.label} with ${overlay.label}`, value: mergeValue(base.value, overlay.value) };
}

/** One file, `<file>.json` or `<file>.js` (relative to the app directory). */
function readOneFile(appDir: string, file: string, env: EnvHelper, shape: 'object' | 'any'): { label: string; value: unknown } | null {
  const jsonPath = join(appDir, `${file}.json`);
  const jsPath = join(appDir, `${file}.js`);
  const hasJson = existsSync(jsonPath);
  const hasJs = existsSync(jsPath);
  const shown = file.split('\\').join('/');
  if (hasJson && hasJs) {
    throw new ConfigError(`${shown}.json and ${shown}.js both exist: keep one`);
  }
  if (!hasJson && !hasJs) return null;
  const path = hasJs ? jsPath : jsonPath;
  const label = relative(appDir, path) || path;
  const raw = hasJs ? loadModule(path, label, env) : parseJson(path, label);
  if (shape === 'object' && !isPlainObject(raw)) {
    throw new ConfigError(`${label}: must ${hasJs ? 'export' : 'contain'} an object (got ${describe(raw)})`);
  }
  return { label, value: raw };
}

/**
 * Strapi's merge of an environment's file over the base one (lodash's `merge`): plain objects
 * merge key by key and arrays index by index, recursively; an `undefined` value leaves the base's;
 * anything else replaces. Returns a new value; neither input changes.
 */
function mergeValue(base: unknown, overlay: unknown): unknown {
  if (overlay === undefined) return base;
  if (Array.isArray(overlay)) {
    const merged: unknown[] = Array.isArray(base) ? [...(base as unknown[])] : [];
    overlay.forEach((value, index) => {
      merged[index] = mergeValue(merged[index], value);
    });
    return merged;
  }
  if (isPlainObject(overlay)) {
    const merged: Record<string, unknown> = isPlainObject(base) ? { ...base } : {};
    for (const [key, value] of Object.entries(overlay)) merged[key] = mergeValue(merged[key], value);
    return merged;
  }
  return overlay;
}

function parseJson(path: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (err) {
    throw new ConfigError(`${label}: invalid JSON: ${(err as Error).message}`);
  }
}

/** A module exports an object or `({ env }) => object`, directly or as `default` (transpiled ESM). */
function loadModule(path: string, label: string, env: EnvHelper): unknown {
  let exported: unknown;
  try {
    // Fresh every time: loadConfig may be called again after the file changed (tests, reloads).
    delete require.cache[require.resolve(path)];
    exported = require(path) as unknown;
  } catch (err) {
    throw new ConfigError(`${label}: failed to load: ${(err as Error).message}`);
  }
  exported = unwrapDefault(exported);
  if (typeof exported !== 'function') return exported;
  let result: unknown;
  try {
    result = (exported as (params: { env: EnvHelper }) => unknown)({ env });
  } catch (err) {
    throw new ConfigError(`${label}: the exported function threw: ${(err as Error).message}`);
  }
  if (result instanceof Promise) throw new ConfigError(`${label}: the exported function must return an object, not a Promise`);
  return result;
}
