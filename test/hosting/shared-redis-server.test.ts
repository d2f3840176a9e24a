import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEdge, type EdgeServers } from '../../src/hosting/edge/edge-server';
import { liveEdges } from '../../src/hosting/edge-registry';
import { tellEdges } from '../../src/hosting/publishing';
import { announceRoutesChanged } from '../../src/hosting/routes-events';
import { spawnKiln } from '../support/processes';
import { startRedisServer, type RedisServer } from '../support/redis-server';
import { newRedisPrefix, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { freePort } from './support/hosting-harness';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

/**
 * Two installations on one Redis server, told apart only by the logical database (`/1`, `/2`) and with the
 * same prefix: pub/sub ignores SELECT, so unscoped channels would carry each one's announcements to the
 * other's edges, and a publisher counting PUBLISH's receivers would wait the full deadline for them.
 */
let server: RedisServer;
const prefix = newRedisPrefix();
const installations: { env: Record<string, string>; svc: TestService; edge: EdgeServers }[] = [];

beforeAll(async () => {
  // A private server: the shared one's other databases belong to others.
  server = await startRedisServer(await freePort());
  for (const db of [1, 2]) {
    const env = testEnv({ REDIS_URL: `${server.url}/${db}`, REDIS_PREFIX: prefix, HOSTING_DOMAIN: 'kiln.test', EDGE_HEARTBEAT_MS: '200' });
    const svc = await startTestService({}, testConfig(env));
    const edge = await startEdge(svc.rt, { http: 0, https: 0 });
    installations.push({ env, svc, edge });
  }
});
afterAll(async () => {
  for (const i of installations) {
    await i.edge.close();
    await i.svc.close();
  }
  await server?.kill();
});

describe('installations sharing a Redis server', () => {
  it('name their channels by prefix and database', () => {
    const [a, b] = installations;
    expect(a!.svc.rt.channels.routesChanged).not.toBe(b!.svc.rt.channels.routesChanged);
    expect(a!.svc.rt.channels.jobDone).toBe(`${prefix}:db1:events:job-done`);
  });

  it('each publisher waits for its own edge only, and a foreign subscriber on its channel does not count', async () => {
    const [a, b] = installations;
    const foreign = new Redis(a!.svc.rt.config.REDIS_URL);
    foreign.on('error', () => {});
    try {
      await foreign.subscribe(a!.svc.rt.channels.routesChanged, b!.svc.rt.channels.routesChanged);
      for (const { svc } of installations) {
        // What a deployment's publication logs: the edges it waited for and that all of them answered.
        const lines: string[] = [];
        const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
        await tellEdges(svc.rt, log, { deployment: 'dpl_test' });
        expect(lines.map((l) => JSON.parse(l))).toMatchObject([{ msg: 'edges reloaded the routes', edges: 1 }]);
        expect(await announceRoutesChanged(svc.rt)).toEqual({ edges: 1, acknowledged: 1 });
      }
    } finally {
      foreign.disconnect();
    }
  });

  it('a killed edge drops out of the registry once its heartbeat runs out', async () => {
    const [a, b] = installations;
    const proc = spawnKiln('edge', { ...a!.env, LOG_LEVEL: 'info' });
    try {
      const edgeId = JSON.parse(await proc.waitForLine(/"edge listening"/)).edgeId as string;
      expect(await liveEdges(a!.svc.rt.redis, a!.svc.rt.edgeRegistry)).toContain(edgeId);
      expect(await announceRoutesChanged(a!.svc.rt)).toEqual({ edges: 2, acknowledged: 2 });
      // The other installation's registry never saw it.
      expect(await liveEdges(b!.svc.rt.redis, b!.svc.rt.edgeRegistry)).toHaveLength(1);
      proc.child.kill('SIGKILL');
      await proc.exited;
      await until('the killed edge to expire', async () => !(await liveEdges(a!.svc.rt.redis, a!.svc.rt.edgeRegistry)).includes(edgeId));
      expect(await announceRoutesChanged(a!.svc.rt)).toEqual({ edges: 1, acknowledged: 1 });
    } finally {
      proc.child.kill('SIGKILL');
    }
  });
});
