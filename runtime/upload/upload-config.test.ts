// The upload plugin's options in config/plugins (Strapi's shape: `upload: { config: {...} }`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@cms-gen/server/config/load-config';
import { humanSize } from './multipart';

describe('upload configuration', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cms-gen-upcfg-'));
    mkdirSync(join(dir, 'config'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const load = (plugins: unknown) => {
    writeFileSync(join(dir, 'config', 'plugins.json'), JSON.stringify(plugins));
    return loadConfig(dir, {}).plugins.upload;
  };

  it('has Strapi’s defaults', () => {
    const upload = loadConfig(dir, {}).plugins.upload;
    expect(upload).toMatchObject({
      provider: 'local',
      sizeLimit: 200 * 1024 * 1024,
      breakpoints: { large: 1000, medium: 750, small: 500 },
      sizeOptimization: true,
      responsiveDimensions: true,
      autoOrientation: false,
      security: { allowedTypes: [], deniedTypes: [] },
      imageLimits: { maxPixels: 50_000_000, concurrency: 1, timeout: 30 },
    });
  });

  it('reads image limits, keeping the defaults of keys not given, and refuses wrong ones', () => {
    expect(load({ upload: { config: { imageLimits: { maxPixels: 100_000_000 } } } }).imageLimits).toEqual({ maxPixels: 100_000_000, concurrency: 1, timeout: 30 });
    expect(() => load({ upload: { config: { imageLimits: { concurrency: 0 } } } })).toThrow(/upload\.config\.imageLimits\.concurrency must be an integer/);
    expect(() => load({ upload: { config: { imageLimits: { timeout: '30s' } } } })).toThrow(/upload\.config\.imageLimits\.timeout must be an integer/);
  });

  it('reads an S3 provider with its options and the package name form', () => {
    const upload = load({
      upload: {
        config: {
          provider: '@strapi/provider-upload-aws-s3',
          providerOptions: { baseUrl: 'https://cdn.example.com', rootPath: 'media', s3Options: { region: 'eu-west-1', params: { Bucket: 'b', ACL: 'private', signedUrlExpires: 60 } } },
          security: { allowedTypes: ['image/*', 'application/PDF'], deniedTypes: ['image/svg+xml'] },
        },
      },
    });
    expect(upload.provider).toBe('aws-s3');
    expect(upload.providerOptions.s3Options).toEqual({ region: 'eu-west-1', params: { Bucket: 'b', ACL: 'private', signedUrlExpires: 60 } });
    expect(upload.security).toEqual({ allowedTypes: ['image/*', 'application/pdf'], deniedTypes: ['image/svg+xml'] });
  });

  it("reads a Cloudinary provider by either name, with Strapi's providerOptions and actionOptions", () => {
    const account = { cloud_name: 'acme', api_key: '1234', api_secret: 's3cret' };
    for (const provider of ['cloudinary', '@strapi/provider-upload-cloudinary']) {
      const upload = load({
        upload: {
          config: {
            provider,
            providerOptions: { ...account, upload_prefix: 'http://127.0.0.1:7400/' },
            actionOptions: { upload: { folder: 'cms', tags: ['a', 'b'], ACL: null }, uploadStream: { folder: 'cms', overwrite: true }, delete: {} },
          },
        },
      });
      expect(upload.provider).toBe('cloudinary');
      expect(upload.providerOptions).toEqual({ maxAge: 60, ...account, upload_prefix: 'http://127.0.0.1:7400' });
      // A null (Strapi's S3 examples set `ACL: null`) is no parameter.
      expect(upload.actionOptions).toEqual({ upload: { folder: 'cms', tags: ['a', 'b'] }, uploadStream: { folder: 'cms', overwrite: true }, delete: {} });
    }
    for (const key of ['cloud_name', 'api_key', 'api_secret'] as const) {
      const { [key]: _left, ...rest } = account;
      expect(() => load({ upload: { config: { provider: 'cloudinary', providerOptions: rest } } })).toThrow(`config/plugins: upload.providerOptions.${key} is required with provider "cloudinary"`);
    }
    expect(load({ upload: { config: { provider: 'cloudinary', providerOptions: { ...account, api_key: 123456789012345 } } } }).providerOptions.api_key).toBe('123456789012345');
    const withParams = (upload: object) => load({ upload: { config: { provider: 'cloudinary', providerOptions: account, actionOptions: { upload } } } });
    expect(() => withParams({ public_id: 'same-for-all' })).toThrow('config/plugins: upload.actionOptions.upload.public_id is set by the cloudinary provider itself and cannot be configured');
    expect(() => withParams({ type: 'private' })).toThrow('config/plugins: upload.actionOptions.upload.type must be "upload" (got string "private"): private and authenticated assets are not supported');
    expect(withParams({ type: 'upload' }).actionOptions.upload).toEqual({ type: 'upload' });
    expect(() => withParams({ context: { alt: 'x' } })).toThrow('config/plugins: upload.actionOptions.upload.context must be a string, number, boolean or array of strings and numbers (got an object)');
    expect(() => load({ upload: { config: { provider: 'cloudinary', providerOptions: { ...account, upload_prefix: 'api.cloudinary.com' } } } })).toThrow(/upload\.config\.providerOptions\.upload_prefix must be an absolute http\(s\) URL/);
    // Other providers do not use actionOptions: they are kept as given, not judged.
    expect(load({ upload: { config: { actionOptions: { upload: { Metadata: { a: '1' } } } } } }).actionOptions).toEqual({ upload: { Metadata: { a: '1' } } });
  });

  it('names the file and key of a wrong value', () => {
    expect(() => load({ upload: { config: { provider: 'rackspace' } } })).toThrow('config/plugins.json: upload.config.provider must be "local", "aws-s3" or "cloudinary" (got string "rackspace")');
    expect(() => load({ upload: { config: { providerOptions: { s3Options: { params: { ACL: 'open' } } } } } })).toThrow(/upload\.config\.providerOptions\.s3Options\.params\.ACL must be one of/);
    expect(() => load({ upload: { config: { security: { deniedTypes: ['exe'] } } } })).toThrow(/security\.deniedTypes must be an array of mime types/);
    expect(() => load({ upload: { config: { security: { allowedTypes: ['image/png', 'images'] } } } })).toThrow(/security\.allowedTypes must be an array of mime types/);
    expect(load({ upload: { config: { security: { allowedTypes: ['application/vnd.openxmlformats-officedocument.*', '*'] } } } }).security.allowedTypes).toEqual(['application/vnd.openxmlformats-officedocument.*', '*']);
    expect(() => load({ upload: { config: { provider: 'aws-s3' } } })).toThrow('upload.providerOptions.s3Options.params.Bucket is required with provider "aws-s3"');
  });
});

describe('humanSize', () => {
  it('prints limits as people read them', () => {
    expect(humanSize(200 * 1024 * 1024)).toBe('200 MB');
    expect(humanSize(1024)).toBe('1 KB');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(10)).toBe('10 B');
  });
});
