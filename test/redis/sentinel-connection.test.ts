import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createRedis, type RedisClient, redisOptions } from '../../src/redis';
import { sentinelConnectionOptions } from '../../src/redis-sentinel';
import { JobStreamReader } from '../../src/queue/job-stream-reader';
import { waitForRedis } from '../../src/runtime';
import { startRedisSentinels, type SentinelSetup } from '../support/redis-sentinel';
import { until } from '../support/until';

let sentinel: SentinelSetup;
beforeAll(async () => {
  sentinel = await startRedisSentinels('kiln-conn');
});
afterAll(async () => {
  await sentinel?.stop();
});

describe('a Redis connection made from Sentinel settings', () => {
  it('moves to the new master at the sentinels’ announcement; without that, what it writes before the demotion is lost', async () => {
    const settings = loadConfig({ REDIS_URL: 'redis://127.0.0.1:1/2', REDIS_SENTINELS: sentinel.sentinels, REDIS_SENTINEL_MASTER: sentinel.masterName });
    const kiln = createRedis(settings, 'worker');
    // ioredis's Sentinel mode as it comes: it asks the sentinels for the master only when it reconnects.
    const sentinelSettings = { ...settings, REDIS_SENTINELS: settings.REDIS_SENTINELS!, REDIS_SENTINEL_MASTER: settings.REDIS_SENTINEL_MASTER! };
    const bare = new Redis({ ...redisOptions('worker'), ...sentinelConnectionOptions(sentinelSettings), failoverDetector: false });
    bare.on('error', () => {});
    try {
      await Promise.all([waitForRedis(kiln), waitForRedis(bare)]);
      const moved = once(kiln, 'ready');
      const failover = await sentinel.failover();
      await moved;
      // Right after the switch: the former master is still a master, and still takes writes.
      await kiln.set('written-by', 'kiln');
      await bare.set('written-by-bare', 'bare');
      await sentinel.settled(failover);

      const master = new Redis({ port: failover.to, db: 2 });
      try {
        expect(await master.get('written-by')).toBe('kiln');
        // Written to the former master, which the sentinels then made a replica of the new one: gone.
        expect(await master.get('written-by-bare')).toBeNull();
        // The demotion dropped the bare connection's clients; it is on the new master from then on.
        await until('the bare connection to write to the new master', async () => (await bare.set('later', '1').catch(() => null)) === 'OK');
        expect(await master.get('later')).toBe('1');
      } finally {
        master.disconnect();
      }
    } finally {
      kiln.disconnect();
      bare.disconnect();
    }
  });

  it('a subscriber hears what is published on the new master after a failover', async () => {
    const settings = loadConfig({ REDIS_SENTINELS: sentinel.sentinels, REDIS_SENTINEL_MASTER: sentinel.masterName });
    const subscriber = createRedis(settings, 'subscriber');
    const publisher = createRedis(settings, 'command');
    try {
      await Promise.all([waitForRedis(subscriber), waitForRedis(publisher)]);
      await subscriber.subscribe('kiln:db0:events:test');
      const heard: string[] = [];
      subscriber.on('message', (_channel: string, message: string) => heard.push(message));
      const moved = once(subscriber, 'ready');
      const failover = await sentinel.failover();
      await moved;
      await until('the publisher to be on the new master', async () => (await publisher.publish('kiln:db0:events:test', 'after').catch(() => 0)) > 0);
      await until('the message', async () => heard.includes('after'));
      const master = new Redis({ port: failover.to });
      try {
        expect(await master.call('PUBSUB', 'NUMSUB', 'kiln:db0:events:test')).toEqual(['kiln:db0:events:test', 1]);
      } finally {
        master.disconnect();
      }
      await sentinel.settled(failover);
    } finally {
      subscriber.disconnect();
      publisher.disconnect();
    }
  });

  it('the live job stream reader takes a new watch at once after a failover, without waiting out its blocking read', async () => {
    const settings = loadConfig({ REDIS_SENTINELS: sentinel.sentinels, REDIS_SENTINEL_MASTER: sentinel.masterName });
    const control = createRedis(settings, 'command');
    const writer = createRedis(settings, 'worker');
    // A blocking read far longer than any test: only an interrupt (CLIENT UNBLOCK) takes in a new watch.
    const reader = new JobStreamReader(settings, control, 3_600_000);
    try {
      await Promise.all([waitForRedis(control), waitForRedis(writer)]);
      const heldEvents: string[] = [];
      reader.watch('kiln-conn:stream:held', 0, (events) => heldEvents.push(...events.map((e) => e.event)));
      await writer.xadd('kiln-conn:stream:held', '0-1', 'event', 'delta', 'data', '{}');
      await until('the held watch to be read', async () => heldEvents.length === 1);
      const failover = await sentinel.failover();
      const onNewMaster = async (c: RedisClient) => (await c.info('server').catch(() => '')).includes(`tcp_port:${failover.to}\r`);
      await until('the connections to move', async () => (await onNewMaster(control)) && (await onNewMaster(writer)));
      const fresh: string[] = [];
      reader.watch('kiln-conn:stream:fresh', 0, (events) => fresh.push(...events.map((e) => e.event)));
      await writer.xadd('kiln-conn:stream:fresh', '0-1', 'event', 'done', 'data', '{}');
      await until('the new watch to be read', async () => fresh.length === 1);
      // The watch held across the failover goes on, from where it was.
      await writer.xadd('kiln-conn:stream:held', '0-2', 'event', 'done', 'data', '{}');
      await until('the held watch to be read again', async () => heldEvents.length === 2);
      expect(heldEvents).toEqual(['delta', 'done']);
      await sentinel.settled(failover);
    } finally {
      await reader.close();
      control.disconnect();
      writer.disconnect();
    }
  });

  // Last: it leaves the setup without its former master.
  it('moves to the replica the sentinels promote when the master dies', async () => {
    const settings = loadConfig({ REDIS_URL: 'redis://127.0.0.1:1/2', REDIS_SENTINELS: sentinel.sentinels, REDIS_SENTINEL_MASTER: sentinel.masterName });
    const kiln = createRedis(settings, 'worker');
    try {
      await waitForRedis(kiln);
      const lost = once(kiln, 'close');
      const failover = await sentinel.killMaster();
      await lost;
      // Retried until the sentinels name the new master: the command waits, it does not fail.
      expect(await kiln.set('after-the-crash', '1')).toBe('OK');
      const master = new Redis({ port: failover.to, db: 2 });
      try {
        expect(await master.get('after-the-crash')).toBe('1');
        expect(((await master.call('ROLE')) as string[])[0]).toBe('master');
      } finally {
        master.disconnect();
      }
    } finally {
      kiln.disconnect();
    }
  });
});
