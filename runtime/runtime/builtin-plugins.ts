// The plugins every generated app runs, in mount order. Each feature adds its line here.
import type { RuntimePlugin } from '@cms-gen/server/app/plugin';
import { i18nPlugin } from './locales-route';
import { usersPermissionsPlugin } from '@cms-gen/users-permissions/plugin';
import { uploadPlugin } from '@cms-gen/upload/plugin';
import { webhooksPlugin } from '@cms-gen/webhooks/plugin';
import { adminPlugin } from '@cms-gen/admin/plugin';

export const BUILTIN_PLUGINS: readonly RuntimePlugin[] = [i18nPlugin, usersPermissionsPlugin, uploadPlugin, webhooksPlugin, adminPlugin];
