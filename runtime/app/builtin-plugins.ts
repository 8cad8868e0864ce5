// The plugins every generated app runs, in mount order. Each feature adds its line here.
import type { RuntimePlugin } from './plugin';
import { i18nPlugin } from './locales-route';
import { usersPermissionsPlugin } from '../users-permissions/plugin';
import { uploadPlugin } from '../upload/plugin';
import { webhooksPlugin } from '../webhooks/plugin';
import { adminPlugin } from '../admin/plugin';

export const BUILTIN_PLUGINS: readonly RuntimePlugin[] = [i18nPlugin, usersPermissionsPlugin, uploadPlugin, webhooksPlugin, adminPlugin];
