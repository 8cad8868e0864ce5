// The configured storage provider.
import { isAbsolute, join, resolve } from 'node:path';
import type { UploadConfig } from '@cms-gen/server/config/types';
import { createLocalProvider } from './local';
import { createCloudinaryProvider } from './cloudinary';
import type { UploadProvider } from './provider';
import { loadOptional } from '@cms-gen/server/app/optional-package';
// The S3 provider module pulls in the AWS SDK (~20 MB resident): loaded only when configured.
type S3Module = typeof import('./s3');

/** Where the local provider stores files: `providerOptions.directory` or `<appDir>/public/uploads`. */
export function localDirectory(config: UploadConfig, appDir: string): string {
  const configured = config.providerOptions.directory;
  if (!configured) return join(appDir, 'public', 'uploads');
  return isAbsolute(configured) ? configured : resolve(appDir, configured);
}

export async function createProvider(config: UploadConfig, appDir: string): Promise<UploadProvider> {
  switch (config.provider) {
    case 'local':
      return createLocalProvider(localDirectory(config, appDir));
    case 'aws-s3':
      return loadOptional(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'], 'The aws-s3 upload provider', () => require('./s3') as S3Module).createS3Provider(config.providerOptions);
    case 'cloudinary':
      // Multipart POSTs to Cloudinary's REST upload API over node:http(s): no package to load.
      return createCloudinaryProvider(config.providerOptions, config.actionOptions);
  }
}
