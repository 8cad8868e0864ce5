// Loads the generated fixture app's definition. It is required at run time (not imported) so the
// bench type-checks and the floor runs even before the generated app exists, and so a missing app
// gives one clear message instead of a module-resolution stack.
import { existsSync } from 'node:fs';
import type { AppDefinition } from '@cms-gen/runtime';
import { APP_MAIN } from './config';

function isAppDefinition(value: unknown): value is AppDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AppDefinition>;
  return typeof candidate.appDir === 'string' && typeof candidate.schema === 'object';
}

export function loadAppDefinition(): AppDefinition {
  if (!existsSync(APP_MAIN)) {
    throw new Error(`The generated app is missing (${APP_MAIN}): generate fixtures/strapi-blog/app first.`);
  }
  const mod: unknown = require(APP_MAIN);
  const app = typeof mod === 'object' && mod !== null ? (mod as { app?: unknown }).app : undefined;
  if (!isAppDefinition(app)) throw new Error(`${APP_MAIN} does not export \`app: AppDefinition\``);
  return app;
}
