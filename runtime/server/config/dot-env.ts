// `<app>/.env`, read at start as Strapi does. Variables already in the environment win, so a
// deployment's real environment always overrides the file. Parsing is Node's own (util.parseEnv).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** Sets the variables of `<appDir>/.env` that `env` lacks; returns their names (none without a file). */
export function loadDotEnv(appDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const file = join(appDir, '.env');
  if (!existsSync(file)) return [];
  const added: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    added.push(name);
  }
  return added;
}
