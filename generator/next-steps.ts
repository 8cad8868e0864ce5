// What to do after the first build into a folder: the lines printed once the project files were
// scaffolded, so a newcomer can go from schemas to a running app without reading further.
import { relative, sep } from 'node:path';

export interface NextStepsInput {
  outDir: string;
  cwd: string;
  /** Project files this build created (see scaffold.ts). */
  scaffolded: readonly string[];
  /** Packed files this build placed in vendor/ for the package.json it wrote (vendoring/app-vendor.ts). */
  vendored: readonly string[];
  /** The starter bootstrap.json was written (the schemas brought none). */
  starterBootstrap: boolean;
  /** The app's generated files exist (false after `cms-gen init` into an empty folder). */
  generated: boolean;
  /** The app serves GraphQL (its config/plugins does not turn it off). */
  graphql: boolean;
  /** The Strapi project's package.json, when its lack of Strapi's GraphQL plugin turned GraphQL off. */
  graphqlOffBy?: string;
  /** The file that says GraphQL is off (config/plugins.json, or the brought config/plugins.js). */
  graphqlOffFile?: string;
  /** The Strapi project's config files brought (`config/api.ts → config/api.js`) and those left behind, with why. */
  configBrought?: readonly string[];
  configLeftBehind?: readonly string[];
  /** Brought files the app starts with only once a variable they read is set. */
  configUnset?: readonly string[];
}

/** How to reach the app folder from where the command ran: relative, unless that climbs far. */
function folderArgument(cwd: string, outDir: string): string {
  const path = relative(cwd, outDir);
  const shown = path.split(sep).filter((segment) => segment === '..').length > 2 ? outDir : path;
  return /\s/.test(shown) ? JSON.stringify(shown) : shown;
}

export function nextSteps(input: NextStepsInput): string[] {
  const folder = folderArgument(input.cwd, input.outDir);
  const lines = [`created ${input.scaffolded.join(', ')}: these files are yours, later builds never overwrite them`];
  if (input.graphqlOffBy !== undefined) {
    const file = input.graphqlOffFile ?? 'config/plugins.json';
    const how = file.endsWith('.json') ? 'set graphql.enabled to true there' : 'leave out its last part';
    lines.push(`GraphQL is off, as in the Strapi project (${input.graphqlOffBy} does not install @strapi/plugin-graphql): ${file} says so; ${how} and build again to serve it`);
  }
  if (input.configBrought && input.configBrought.length > 0) {
    lines.push(`brought the Strapi project's configuration: ${input.configBrought.join(', ')}`);
  }
  for (const line of input.configUnset ?? []) lines.push(line);
  for (const line of input.configLeftBehind ?? []) lines.push(line);
  // config/database stays behind for good (the app's database is DATABASE_URL): nothing to move.
  if (input.configLeftBehind?.some((line) => !line.startsWith('config/database.'))) {
    lines.push('move what was left behind by hand (docs/migrating.md, step 3): config files are .js or .json in the app');
  }
  if (input.vendored.length > 0) {
    lines.push(`vendor/ holds cms-gen's own packages (${input.vendored.join(', ')}), which no registry serves: package.json installs them from there, so keep vendor/ with the app`);
  }
  // Each indented line below a line ending in ':' is a command, typed as shown (test/e2e/new-project.test.ts runs them).
  lines.push('next steps:');
  if (folder !== '') lines.push(`  cd ${folder}`);
  lines.push('  npm install');
  if (!input.generated) lines.push('  npm run generate             # cms-gen build: writes the app');
  lines.push(`  npm run dev                  # serves http://127.0.0.1:1337 (REST under /api${input.graphql ? ', GraphQL at /graphql' : ''})`);
  lines.push('or compiled, run by plain node as the Dockerfile does:', '  npm run build && npm start');
  lines.push(
    input.starterBootstrap
      ? 'bootstrap.json lets the Public role read (find, findOne) every content type. Any other request but login and register is 403'
      : 'A request is 403',
    '  until its role is granted the action in bootstrap.json (or PUT /api/users-permissions/roles/:id), or it',
    '  carries an API token (npx cms-gen token create). See "A safe bootstrap.json" in cms-gen\'s README.md.',
  );
  return lines;
}
