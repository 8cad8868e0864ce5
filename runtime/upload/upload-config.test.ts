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

  it('names the file and key of a wrong value', () => {
    expect(() => load({ upload: { config: { provider: 'cloudinary' } } })).toThrow('config/plugins.json: upload.config.provider must be "local" or "aws-s3" (got string "cloudinary")');
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
