// What a build reads of the Strapi project its schemas come from, beyond the schemas: whether the
// project serves GraphQL. Strapi 5 serves /graphql only when the project installs
// @strapi/plugin-graphql, so a project without it must not gain a GraphQL endpoint by moving to
// cms-gen. The project is the folder given to the build (or the parent of a `src` folder given),
// when its package.json depends on @strapi/strapi; a folder of schema files alone is no project and
// says nothing.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface StrapiProject {
  /** The project's package.json, for messages. */
  packageJson: string;
  /** Whether the project installs Strapi's GraphQL plugin. */
  graphql: boolean;
}

type Dependencies = Record<string, unknown>;

const depends = (pkg: Record<string, unknown>, name: string): boolean =>
  ['dependencies', 'devDependencies', 'optionalDependencies'].some((field) => {
    const deps = pkg[field];
    return typeof deps === 'object' && deps !== null && name in (deps as Dependencies);
  });

/** The Strapi project `schemasDir` belongs to, or undefined when it is not one. */
export function strapiProjectOf(schemasDir: string): StrapiProject | undefined {
  const dir = resolve(schemasDir);
  const candidates = basename(dir) === 'src' ? [dir, dirname(dir)] : [dir];
  for (const candidate of candidates) {
    const packageJson = join(candidate, 'package.json');
    if (!existsSync(packageJson)) continue;
    let pkg: unknown;
    try {
      pkg = JSON.parse(readFileSync(packageJson, 'utf8'));
    } catch {
      // Not ours to judge: an unreadable package.json makes the folder no Strapi project for the build.
      continue;
    }
    if (typeof pkg !== 'object' || pkg === null || !depends(pkg as Record<string, unknown>, '@strapi/strapi')) continue;
    return { packageJson, graphql: depends(pkg as Record<string, unknown>, '@strapi/plugin-graphql') };
  }
  return undefined;
}
