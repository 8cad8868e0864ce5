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
import { indentOf } from './app-vendor';
import { DEPENDENCY_SECTIONS } from './own-packages';

/** The packages each provider needs; their ranges are the ones @cms-gen/upload gives its optional peers. */
const PROVIDER_PACKAGE_NAMES: Readonly<Record<string, readonly string[]>> = {
  'aws-s3': ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'],
};

/** `provider`'s packages at @cms-gen/upload's peer ranges (its package.json: in a checkout, the workspace's). */
export function providerPackages(provider: string): Record<string, string> {
  const names = PROVIDER_PACKAGE_NAMES[provider] ?? [];
  if (names.length === 0) return {};
  const upload = require('@cms-gen/upload/package.json') as { peerDependencies?: Record<string, string> };
  return Object.fromEntries(
    names.map((name) => {
      const range = upload.peerDependencies?.[name];
      if (range === undefined) throw new Error(`cms-gen: @cms-gen/upload does not name ${name}, which its ${provider} provider needs, as a peer`);
      return [name, range];
    }),
  );
}

type Manifest = Partial<Record<(typeof DEPENDENCY_SECTIONS)[number], Record<string, string>>> & Record<string, unknown>;

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
  const listed = (name: string) => DEPENDENCY_SECTIONS.some((section) => manifest[section]?.[name] !== undefined);
  if (!listed('@cms-gen/runtime')) return [];
  const added = providers.flatMap((provider) => Object.entries(providerPackages(provider))).filter(([name]) => !listed(name));
  if (added.length === 0) return [];
  manifest.dependencies = { ...manifest.dependencies, ...Object.fromEntries(added) };
  writeFileSync(path, `${JSON.stringify(manifest, null, indentOf(text))}\n`);
  return added.map(([name]) => name).sort(compareText);
}
