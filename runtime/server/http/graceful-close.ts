// How the HTTP server stops for a shutdown (SIGTERM, SIGINT, `RunningApp.close`): it takes no new
// work and lets the work it took finish.
//
//   - The listening socket closes: a new connection is refused.
//   - Idle keep-alive connections are closed without an answer, as a keep-alive server may always
//     do. A request a client sends at that very moment sees the connection end (clients resend
//     such requests on a new connection, which the refusal above sends to another instance).
//   - A request whose head arrives after the stop began, on a connection that was already open (a
//     pipelined request, or a head that was still arriving), is answered 503 with
//     `Connection: close` in the error envelope, and is not run.
//   - A request in flight (its head had arrived) runs to its end: the rest of its body is read
//     (an upload mid-stream, a slow JSON body) and its answer sent. That answer says
//     `Connection: close`, and the connection closes after it.
//   - After `drainMs` whatever is still open is cut.
//
// Strapi itself destroys every connection at once on SIGTERM, cutting requests in flight; Node's
// `server.close()` alone keeps serving kept-alive connections until they idle out.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ServiceUnavailableError, toErrorBody } from '@cms-gen/core/errors';
import { endKeepAlive } from './app-server';

export interface DrainOutcome {
  /** Connections still open when `drainMs` ran out, and cut. */
  cut: number;
}

/**
 * How often connections that became idle during the drain are closed. An answer whose head went
 * out before the stop still said keep-alive; its connection is closed once the answer is sent.
 */
const IDLE_SWEEP_MS = 50;

function refuse(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify(toErrorBody(new ServiceUnavailableError('Shutting down')));
  res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', Connection: 'close' });
  res.end(body);
}

/** Stops `server` as described above; resolves once every connection is closed. */
export function drainServer(server: Server, drainMs: number): Promise<DrainOutcome> {
  for (const listener of server.listeners('request')) server.removeListener('request', listener as (...args: unknown[]) => void);
  server.on('request', refuse);
  // Without a listener Node answers `Expect: 100-continue` with 100 and then emits the request:
  // a request refused anyway should not be invited to send its body.
  server.on('checkContinue', refuse);
  endKeepAlive(server);
  return new Promise((resolve) => {
    let cut = 0;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const timer = setTimeout(() => {
      server.getConnections((_err, count) => {
        cut = count;
        server.closeAllConnections();
      });
    }, drainMs);
    sweep.unref();
    timer.unref();
    // Also closes the connections idle right now.
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve({ cut });
    });
  });
}
