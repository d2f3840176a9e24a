import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FetchRefusedError } from '../../src/net/fetch-refused-error';
import type { HostLookup } from '../../src/net/fetch-target';
import { guardedPost, type GuardedPostOptions } from '../../src/net/guarded-post';
import { PinnedAgents } from '../../src/net/pinned-agents';

/** A receiver on 127.0.0.1 only that counts the connections made to it. */
async function receiver(keepAliveTimeout = 5_000) {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = keepAliveTimeout;
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    requests: () => requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

function setup(answers: Record<string, string[]>) {
  const agents = new PinnedAgents({ maxSocketsPerTarget: 4, idleMs: 4_000, maxTargets: 10 });
  cleanups.push(() => agents.destroy());
  const lookup: HostLookup = async (host) => (answers[host] ?? []).map((address) => ({ address, family: 4 as const }));
  const opts = (allowPrivate: boolean): GuardedPostOptions => ({ allowPrivate, timeoutMs: 5_000, excerptChars: 100, lookup, agents });
  return { agents, opts };
}

const post = (url: string, opts: GuardedPostOptions) => guardedPost(url, Buffer.from('{}'), { 'content-type': 'application/json' }, opts);

describe('keep-alive pools pinned to checked addresses', () => {
  it('reuses connections to one target, at most maxSocketsPerTarget at once', async () => {
    const r = await receiver();
    cleanups.push(r.close);
    const answers = { 'hooks.test': ['127.0.0.1'] };
    const { opts, agents } = setup(answers);
    const url = `http://hooks.test:${r.port}/hook`;
    for (let i = 0; i < 5; i++) expect((await post(url, opts(true))).status).toBe(204);
    expect(r.connections()).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => post(url, opts(true))));
    expect(r.requests()).toBe(25);
    expect(r.connections()).toBeLessThanOrEqual(4);
    expect(agents.size).toBe(1);
  });

  it('checks the address for every request: a warm pool does not let a now-refused host through', async () => {
    const r = await receiver();
    cleanups.push(r.close);
    const { opts } = setup({ 'hooks.test': ['127.0.0.1'] });
    const url = `http://hooks.test:${r.port}/hook`;
    expect((await post(url, opts(true))).status).toBe(204);
    const err = await post(url, opts(false)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchRefusedError);
    expect((err as FetchRefusedError).reason).toBe('private_address');
    expect(r.requests()).toBe(1);
  });

  it('a host whose DNS answer changed gets a pool of its own, connecting only to the new address', async () => {
    const r = await receiver();
    cleanups.push(r.close);
    const answers: Record<string, string[]> = { 'hooks.test': ['127.0.0.1'] };
    const { opts, agents } = setup(answers);
    const url = `http://hooks.test:${r.port}/hook`;
    expect((await post(url, opts(true))).status).toBe(204);
    // The receiver listens on 127.0.0.1 only: reusing the warm socket would succeed, a new one fails.
    answers['hooks.test'] = ['127.0.0.2'];
    const err = await post(url, opts(true)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchRefusedError);
    expect((err as FetchRefusedError).message).toMatch(/could not connect to hooks\.test/);
    expect(r.requests()).toBe(1);
    expect(agents.size).toBe(2);
  });

  it('a receiver closing its idle connections does not fail the next request', async () => {
    const r = await receiver();
    cleanups.push(r.close);
    const { opts } = setup({ 'hooks.test': ['127.0.0.1'] });
    const url = `http://hooks.test:${r.port}/hook`;
    for (let round = 0; round < 5; round++) {
      expect((await post(url, opts(true))).status).toBe(204);
      r.server.closeIdleConnections();
    }
    expect(r.requests()).toBe(5);
  });

  it('without a pool, every request has a connection of its own', async () => {
    const r = await receiver();
    cleanups.push(r.close);
    const { opts } = setup({ 'hooks.test': ['127.0.0.1'] });
    const url = `http://hooks.test:${r.port}/hook`;
    for (let i = 0; i < 3; i++) expect((await post(url, { ...opts(true), agents: undefined })).status).toBe(204);
    expect(r.connections()).toBe(3);
  });
});
