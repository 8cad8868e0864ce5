// GET /_ready: whether this instance should get traffic. `/_health` (Strapi's) only says the
// process answers; a load balancer or orchestrator also needs to know the database answers, and
// that the instance is not shutting down. Ready: 200; not: 503 in the error envelope.
import type { Request, Response } from 'express';
import { ServiceUnavailableError, toErrorBody } from '@cms-gen/core/errors';
import { sendJson } from './envelope';

export interface Readiness {
  /** Resolves when the database answers a trivial query. */
  checkDatabase(): Promise<void>;
  /** True once a stop signal was received: the instance drains and takes no new work. */
  stopping(): boolean;
  /** How long the database check may take before the instance counts as not ready (ms). */
  timeoutMs?: number;
}

function withTimeout(check: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

export function readinessRoute(readiness: Readiness) {
  return async function ready(_req: Request, res: Response): Promise<void> {
    if (readiness.stopping()) {
      const body = toErrorBody(new ServiceUnavailableError('Shutting down'));
      sendJson(res, 503, body);
      return;
    }
    try {
      await withTimeout(readiness.checkDatabase(), readiness.timeoutMs ?? 2000);
    } catch {
      sendJson(res, 503, toErrorBody(new ServiceUnavailableError('Database unavailable')));
      return;
    }
    sendJson(res, 200, { data: { status: 'ready' } });
  };
}
