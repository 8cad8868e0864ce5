// Features beyond the generated content routes (users & permissions, upload, GraphQL, i18n) plug
// into the app through this one interface, so start-up stays a plain list of steps.
import type { Router } from 'express';
import type { AppConfig } from '../config/types';
import type { Db } from '@cms-gen/db/types';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { PermissionStore } from '../auth/permission-store';
import type { StrapiApp } from '../customize/strapi';
import type { AuthContext } from '@cms-gen/core/engine/types';

/** Resolves who is calling from the Authorization header (users & permissions' authenticator). */
export type Authenticate = (authorization: string | undefined) => Promise<AuthContext>;

export interface PluginContext {
  appDir: string;
  config: AppConfig;
  db: Db;
  schema: SchemaMeta;
  engine: Engine;
  permissions: PermissionStore;
  authenticate: Authenticate;
  jwtSecret: string;
  log(line: string): void;
  /**
   * The `strapi` object user code receives (src/index, controllers, services): set by startApp
   * before any plugin boots, so plugins hand extension code the same object (GraphQL's extension
   * service). Unset only in contexts built by hand.
   */
  strapi?: StrapiApp;
}

export interface RuntimePlugin {
  name: string;
  /** Runs once after the database is migrated and the bootstrap applied. */
  bootstrap?(ctx: PluginContext): Promise<void>;
  /** Routers mounted under the REST prefix (`/api`), behind authentication. */
  apiRoutes?(ctx: PluginContext): Router[];
  /** Routers mounted at the root (e.g. `/graphql`, `/uploads`); they authenticate themselves. */
  rootRoutes?(ctx: PluginContext): Router[];
  /** Called when the app closes, with the context its routes were built with (several apps may share a plugin object). */
  close?(ctx?: PluginContext): Promise<void>;
}
