// The packages a provider needs are listed by the app that picks the provider, with the ranges
// @cms-gen/upload declares for them as optional peers; nothing else in package.json changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempProjects, tempDir } from '../test-helpers/temp-project';
import { addProviderPackages, providerPackages } from './provider-packages';

afterAll(removeTempProjects);

const REPO = join(__dirname, '..', '..');

function app(manifest: unknown, indent: string | number = 2): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, indent)}\n`);
  return dir;
}

const read = (dir: string) => readFileSync(join(dir, 'package.json'), 'utf8');

describe('addProviderPackages', () => {
  it("gives the ranges @cms-gen/upload's optional peers give, and the upload package depends on none of them; no packages for the other providers", () => {
    const upload = JSON.parse(readFileSync(join(REPO, 'runtime', 'upload', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    const s3 = providerPackages('aws-s3');
    expect(Object.keys(s3)).toEqual(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']);
    for (const [name, range] of Object.entries(s3)) {
      expect([name, upload.peerDependencies?.[name], upload.peerDependenciesMeta?.[name]]).toEqual([name, range, { optional: true }]);
      expect(upload.dependencies?.[name]).toBeUndefined();
      expect(upload.optionalDependencies?.[name]).toBeUndefined();
    }
    expect(providerPackages('local')).toEqual({});
    expect(providerPackages('cloudinary')).toEqual({});
  });

  it('adds the missing ones to dependencies, in the file\'s indentation, and returns their names', () => {
    const dir = app({ name: 'a', dependencies: { '@cms-gen/runtime': 'file:vendor/r.tgz' }, scripts: { dev: 'tsx src/main.ts' } }, '\t');
    expect(addProviderPackages(dir, ['local', 'aws-s3'])).toEqual(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']);
    expect(read(dir)).toBe(
      `${JSON.stringify({ name: 'a', dependencies: { '@cms-gen/runtime': 'file:vendor/r.tgz', '@aws-sdk/client-s3': '^3.1169.0', '@aws-sdk/s3-request-presigner': '^3.1162.0' }, scripts: { dev: 'tsx src/main.ts' } }, null, '\t')}\n`,
    );
    // A second call has nothing to add and writes nothing.
    expect(addProviderPackages(dir, ['aws-s3'])).toEqual([]);
  });

  it('keeps a version the user chose, in any section', () => {
    const manifest = { name: 'a', dependencies: { '@cms-gen/runtime': '^0.1.0' }, devDependencies: { '@aws-sdk/client-s3': '3.1000.0' } };
    const dir = app(manifest);
    expect(addProviderPackages(dir, ['aws-s3'])).toEqual(['@aws-sdk/s3-request-presigner']);
    expect(JSON.parse(read(dir))).toEqual({ ...manifest, dependencies: { '@cms-gen/runtime': '^0.1.0', '@aws-sdk/s3-request-presigner': '^3.1162.0' } });
  });

  it("leaves alone an app that does not install cms-gen's runtime through npm, and a package.json it cannot read", () => {
    const own = app({ name: 'fixture', private: true });
    expect(addProviderPackages(own, ['aws-s3'])).toEqual([]);
    expect(JSON.parse(read(own))).toEqual({ name: 'fixture', private: true });
    const broken = tempDir();
    writeFileSync(join(broken, 'package.json'), '{ nope');
    expect(addProviderPackages(broken, ['aws-s3'])).toEqual([]);
    expect(read(broken)).toBe('{ nope');
    expect(addProviderPackages(tempDir(), ['aws-s3'])).toEqual([]);
  });
});
