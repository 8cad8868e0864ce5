// Whether the app serves the admin panel: `config/admin`'s `enabled`, else on outside production.
import type { AppConfig } from '@cms-gen/server/config/types';

export function adminEnabled(config: AppConfig): boolean {
  return config.admin.enabled ?? config.environment !== 'production';
}
