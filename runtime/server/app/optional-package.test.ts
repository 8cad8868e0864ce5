import { loadOptional } from './optional-package';

describe('loadOptional', () => {
  it('returns what the loader loads', () => {
    expect(loadOptional('node:path', 'joining paths', () => require('node:path') as typeof import('node:path')).join('a', 'b')).toBe('a/b');
  });

  it('names the missing package and the feature that needs it', () => {
    expect(() => loadOptional(['cms-gen-absent-package', 'cms-gen-absent-helper'], 'S3 storage', () => require('cms-gen-absent-package') as unknown)).toThrow(
      'S3 storage needs the package cms-gen-absent-package, which is not installed (it is optional): npm install cms-gen-absent-package cms-gen-absent-helper',
    );
  });

  it('passes on a missing module that is not one of the optional packages', () => {
    expect(() => loadOptional('cms-gen-absent-package', 'S3 storage', () => require('cms-gen-other-absent') as unknown)).toThrow(/Cannot find module 'cms-gen-other-absent'/);
  });

  it('passes on other errors from loading', () => {
    expect(() =>
      loadOptional('sharp', 'image formats', () => {
        throw new Error('libvips failed to load');
      }),
    ).toThrow('libvips failed to load');
  });
});
