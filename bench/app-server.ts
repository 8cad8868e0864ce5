// The app under test as a child process of bench/run.ts, so that autocannon never shares its event
// loop. Boots the generated fixture app with startApp (DATABASE_URL and PORT come from the
// environment, as in production) and prints one `READY {"port":…,"pid":…}` line on stdout.
// On SIGTERM it closes and exits normally, which is what lets `--cpu-prof` write its profile.
// BENCH_APP_DIR, when set, replaces the app directory (where config/ is read from): the app-vs-app
// scenarios give it a temporary one whose config/plugins.json lifts the login rate limit.
import type { AddressInfo } from 'node:net';
import { startApp } from '@cms-gen/runtime';
import { loadAppDefinition } from './app-definition';
import { HOST } from './config';

async function main(): Promise<void> {
  const definition = loadAppDefinition();
  const appDir = process.env.BENCH_APP_DIR || definition.appDir;
  const running = await startApp({ ...definition, appDir }, { port: Number(process.env.PORT ?? 0), host: HOST });
  const { port } = running.server.address() as AddressInfo;
  process.stdout.write(`READY ${JSON.stringify({ port, pid: process.pid })}\n`);
  const stop = () => {
    running.server.closeAllConnections();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`app-server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
