// The built-in plugins' services GraphQL runs their operations on, taken from the plugins when
// the schema is built (they are created in the plugins' bootstrap, which runs before GraphQL's).
import type { PluginContext } from '@cms-gen/server/app/plugin';
import { usersPermissionsServices } from '@cms-gen/users-permissions/plugin';
import { uploadService } from '@cms-gen/upload/plugin';
import type { UploadService } from '@cms-gen/upload/upload-service';
import type { UpServices } from '@cms-gen/users-permissions/services';

export interface PluginServices {
  usersPermissions?: UpServices;
  upload?: UploadService;
}

export function pluginServices(ctx: PluginContext): PluginServices {
  return { usersPermissions: usersPermissionsServices(ctx), upload: uploadService(ctx) };
}
