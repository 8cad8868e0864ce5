// Reads one Strapi-style config file, `<appDir>/config/<name>.json` or `.js`. Sync fs on purpose:
// this runs once at startup, before the server listens.
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

export function readConfigFile(appDir: string, name: string, env: EnvHelper): ConfigFile | null {
  const jsonPath = join(appDir, 'config', `${name}.json`);
  const jsPath = join(appDir, 'config', `${name}.js`);
  const hasJson = existsSync(jsonPath);
  const hasJs = existsSync(jsPath);
  if (hasJson && hasJs) {
    throw new ConfigError(`config/${name}.json and config/${name}.js both exist: keep one`);
  }
  if (!hasJson && !hasJs) return null;
  const path = hasJs ? jsPath : jsonPath;
  const label = relative(appDir, path) || path;
  const raw = hasJs ? loadModule(path, label, env) : parseJson(path, label);
  if (!isPlainObject(raw)) {
    throw new ConfigError(`${label}: must ${hasJs ? 'export' : 'contain'} an object (got ${describe(raw)})`);
  }
  return { label, value: raw };
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
