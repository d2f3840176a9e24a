import { createServer, request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { startEdge, type EdgeServers } from '../../../src/hosting/edge/edge-server';
import { startWorkers, type WorkerSet } from '../../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../../support/runtime';
import { startFileHost } from '../../support/file-host';
import { until } from '../../support/until';

export { until };
export { startFileHost };

export interface EdgeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request to the edge with any Host header (fetch will not let a test set Host). */
export function edgeGet(port: number, host: string, path = '/', headers: Record<string, string> = {}, method = 'GET'): Promise<EdgeResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface HostingHarness {
  svc: TestService;
  edge: EdgeServers;
  workers: WorkerSet;
  auth: Record<string, string>;
  accountId: string;
  /** POST /v1/hosting/deployments and wait until the build ends; returns the final deployment. */
  deploy(body: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

export const HOSTING_DOMAIN = 'kiln.test';

export async function startHostingHarness(env: Record<string, string> = {}, edgePorts = { http: 0, https: 0 }): Promise<HostingHarness> {
  const svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true', HOSTING_DOMAIN, ...env });
  const workers = await startWorkers(svc.rt, { queues: ['deploy', 'domains'] });
  const edge = await startEdge(svc.rt, edgePorts);
  const { auth, accountId } = await createTestAccount(svc.rt, 'business');
  return {
    svc,
    edge,
    workers,
    auth,
    accountId,
    async deploy(body) {
      const created = await svc.app.request('/v1/hosting/deployments', jsonRequest(body, auth));
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
      const { id } = await created.json();
      // Generous: a build that retries a failing download waits out two backoffs on a shared machine.
      return until(
        `deployment ${id} to finish`,
        async () => {
          const d = await (await svc.app.request(`/v1/hosting/deployments/${id}`, { headers: auth })).json();
          return d.status === 'published' || d.status === 'failed' ? d : null;
        },
        240_000,
      );
    },
    async close() {
      await edge.close();
      await workers.close(5_000);
      await svc.close();
    },
  };
}

/** A port free right now on 127.0.0.1 (for servers another process must be told about in advance). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** An HTTPS request to the edge with SNI and Host set to `host`, trusting only `caPem`. */
export function edgeGetTls(port: number, host: string, caPem: string, path = '/'): Promise<EdgeResponse & { peerNames: string; authorized: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, servername: host, headers: { host }, ca: caPem, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const socket = res.socket as import('node:tls').TLSSocket;
      const peer = socket.getPeerCertificate();
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          peerNames: peer.subjectaltname ?? '',
          authorized: socket.authorized,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
