import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readinessRoute, type Readiness } from './readiness';

async function answer(readiness: Readiness): Promise<{ status: number; body: unknown }> {
  const app = express();
  app.get('/_ready', readinessRoute(readiness));
  const server: Server = await new Promise((r) => {
    const s = app.listen(0, '127.0.0.1', () => r(s));
  });
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/_ready`);
    return { status: res.status, body: await res.json() };
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('GET /_ready', () => {
  it('is 200 when the database answers', async () => {
    expect(await answer({ checkDatabase: async () => undefined, stopping: () => false })).toEqual({ status: 200, body: { data: { status: 'ready' } } });
  });

  it('is 503 in the envelope when the database fails or does not answer in time', async () => {
    const failing = await answer({ checkDatabase: async () => Promise.reject(new Error('connection refused')), stopping: () => false });
    expect(failing).toEqual({ status: 503, body: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Database unavailable', details: {} } } });
    const hanging = await answer({ checkDatabase: () => new Promise<void>(() => undefined), stopping: () => false, timeoutMs: 50 });
    expect(hanging.status).toBe(503);
  });

  it('is 503 while the instance shuts down, without asking the database', async () => {
    const checkDatabase = jest.fn(async () => undefined);
    const res = await answer({ checkDatabase, stopping: () => true });
    expect(res).toMatchObject({ status: 503, body: { error: { message: 'Shutting down' } } });
    expect(checkDatabase).not.toHaveBeenCalled();
  });
});
