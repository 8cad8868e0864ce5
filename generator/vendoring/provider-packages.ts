// Third-party packages an app lists because its configuration picks a provider that needs them.
// @cms-gen/upload names the AWS SDK as an optional peer, not a dependency: most apps store files
// locally, and the SDK is a quarter of a new app's installed files (3,381 of 12,476, 22 MB). An app
// whose config/plugins picks the aws-s3 provider lists the SDK in its own package.json instead, as a
// Strapi project lists `@strapi/provider-upload-aws-s3`. A build adds what is missing and never
// removes a package: the user's code may use it too. An app that picks aws-s3 only after its last
// build gets, on start, the runtime's message naming the `npm install` to run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareText } from '../compare-text';

/** The packages each provider needs, with the ranges @cms-gen/upload's peerDependencies give them. */
export const PROVIDER_PACKAGES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'aws-s3': { '@aws-sdk/client-s3': '^3.1169.0', '@aws-sdk/s3-request-presigner': '^3.1162.0' },
};

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

type Manifest = Partial<Record<(typeof SECTIONS)[number], Record<string, string>>> & Record<string, unknown>;

/**
 * Adds to the app's package.json `dependencies` the packages `providers` need that no section of it
 * lists. Only an app that installs cms-gen's runtime through npm (its package.json lists
 * @cms-gen/runtime) is changed. Returns the names added, sorted.
 */
export function addProviderPackages(appDir: string, providers: readonly string[]): string[] {
  const path = join(appDir, 'package.json');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return [];
  }
  const listed = (name: string) => SECTIONS.some((section) => manifest[section]?.[name] !== undefined);
  if (!listed('@cms-gen/runtime')) return [];
  const wanted = providers.flatMap((provider) => Object.entries(PROVIDER_PACKAGES[provider] ?? {}));
  const added = wanted.filter(([name]) => !listed(name));
  if (added.length === 0) return [];
  manifest.dependencies = { ...manifest.dependencies, ...Object.fromEntries(added) };
  // The indentation package.json uses (npm keeps it too).
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? 2;
  writeFileSync(path, `${JSON.stringify(manifest, null, indent)}\n`);
  return added.map(([name]) => name).sort(compareText);
}
