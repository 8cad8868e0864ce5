// An app that picks the aws-s3 provider without the AWS SDK installed (a config changed after the
// last build, which lists the SDK in package.json: generator/vendoring/provider-packages.ts): the
// provider fails to start with a line naming the packages to install.
import { OptionalPackageMissing } from '@cms-gen/server/app/optional-package';
import type { UploadConfig } from '@cms-gen/server/config/types';
import { createProvider } from './create-provider';

jest.mock('@aws-sdk/client-s3', () => {
  const error = new Error("Cannot find module '@aws-sdk/client-s3' from 'runtime/upload/providers/s3.ts'") as NodeJS.ErrnoException;
  error.code = 'MODULE_NOT_FOUND';
  throw error;
});

const config = { provider: 'aws-s3', providerOptions: { s3Options: { region: 'us-east-1', params: { Bucket: 'b' } } }, actionOptions: {} } as unknown as UploadConfig;

describe('the aws-s3 provider without the AWS SDK installed', () => {
  it('fails with an error naming the packages to install', async () => {
    const creating = createProvider(config, __dirname);
    await expect(creating).rejects.toBeInstanceOf(OptionalPackageMissing);
    await expect(creating).rejects.toThrow(
      'The aws-s3 upload provider needs the package @aws-sdk/client-s3, which is not installed (it is optional): npm install @aws-sdk/client-s3 @aws-sdk/s3-request-presigner',
    );
  });
});
