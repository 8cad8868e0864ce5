// The upload plugin: the media library's REST routes under the API prefix, `/uploads` for the local
// provider, and — for private storage — the engine hook that signs File URLs on every read.
import type { Router } from 'express';
import type { PluginContext, RuntimePlugin } from '@cms-gen/server/app/plugin';
import { createMultipartParser } from './multipart';
import { createProvider, localDirectory } from './providers/create-provider';
import type { UploadProvider } from './providers/provider';
import { uploadRouter } from './routes';
import { urlSigner } from './signing';
import { uploadsRouter } from './static-route';
import { createTempRoot, releaseTempRoot } from './temp-root';
import { UploadService } from './upload-service';

interface UploadState {
  provider: UploadProvider;
  service: UploadService;
  tmpRoot: string;
  api: Router;
  root: Router[];
}

// The plugin object is shared by every app of the process; each app's state is keyed by its context.
const states = new Map<PluginContext, UploadState>();

/** The media library's service of this app (GraphQL's file mutations); undefined when upload is off. */
export function uploadService(ctx: PluginContext): UploadService | undefined {
  return states.get(ctx)?.service;
}

async function start(ctx: PluginContext): Promise<void> {
  const config = ctx.config.plugins.upload;
  if (!config.enabled) return;
  const provider = await createProvider(config, ctx.appDir);
  // Also removes the temp roots of apps that were killed (their partial uploads).
  const tmpRoot = await createTempRoot();
  if (provider.isPrivate) ctx.engine.fileOutput = urlSigner(provider);
  const service = new UploadService({ engine: ctx.engine, provider, config, tmpRoot });
  const parseMultipart = createMultipartParser({ tmpDir: tmpRoot, sizeLimit: config.sizeLimit });
  const api = uploadRouter({ engine: ctx.engine, service, parseMultipart });
  const root = config.provider === 'local' ? [uploadsRouter(localDirectory(config, ctx.appDir), config.providerOptions.maxAge ?? 60)] : [];
  states.set(ctx, { provider, service, tmpRoot, api, root });
}

export const uploadPlugin: RuntimePlugin = {
  name: 'upload',
  bootstrap: start,
  apiRoutes: (ctx) => {
    const state = states.get(ctx);
    return state ? [state.api] : [];
  },
  rootRoutes: (ctx) => states.get(ctx)?.root ?? [],
  async close() {
    // `close` names no app: every state started in this process is closed with the first app that
    // closes. One app per process (the generated main) is the normal case.
    const all = [...states.values()];
    states.clear();
    for (const state of all) {
      await state.provider.close();
      await releaseTempRoot(state.tmpRoot);
    }
  },
};
