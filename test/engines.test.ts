// Every package the lock file installs supports the oldest Node our `engines` admits and the Node
// running the tests, so no install on them prints EBADENGINE (issue 13). Not every version in
// between: many packages skip odd majors (Node 21), which npm only checks against the Node in use. A dependency bump that needs a newer Node fails here, with
// the package's name, instead of as a warning nobody reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const ROOT = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };

describe('engines', () => {
  const oldest = minVersion(manifest.engines.node)?.version;
  const nodes = [oldest, process.version].filter((version): version is string => version !== undefined);

  it.each(nodes)('every locked package supports Node %s', (version) => {
    const unsupported = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, pkg]) => {
        // Old packages may list engines as an array of strings, which npm does not check.
        const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return node !== undefined && !satisfies(version, node) ? [`${path.replace(/^.*node_modules\//, '')}@${pkg.version}: node ${node}`] : [];
      });
    expect(unsupported).toEqual([]);
  });

  it('the oldest Node is the one engines names, and the check refuses what needs Node 22', () => {
    expect(oldest).toBe('20.19.0');
    expect(satisfies('20.19.0', '>=22.12.0')).toBe(false);
  });
});
