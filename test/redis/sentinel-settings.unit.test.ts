import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { parseSentinelList, reconnectOnReadonly, sentinelConnectionOptions } from '../../src/redis-sentinel';

describe('Sentinel settings', () => {
  it('reads REDIS_SENTINELS as host:port entries, 26379 when the port is left out', () => {
    expect(parseSentinelList('10.0.0.1:26379, sentinel-b:26380,[::1]:5000,sentinel-c')).toEqual([
      { host: '10.0.0.1', port: 26379 },
      { host: 'sentinel-b', port: 26380 },
      { host: '::1', port: 5000 },
      { host: 'sentinel-c', port: 26379 },
    ]);
    for (const bad of ['', ' , ', 'a:b', 'host:70000', 'host:0', 'redis://host:26379', 'a b:1']) expect(parseSentinelList(bad), bad).toBeNull();
  });

  it('needs REDIS_SENTINELS and REDIS_SENTINEL_MASTER together, and says which value is wrong', () => {
    expect(loadConfig({}).REDIS_SENTINELS).toBeUndefined();
    const c = loadConfig({ REDIS_SENTINELS: 's1:26379,s2:26379', REDIS_SENTINEL_MASTER: 'kiln' });
    expect(c.REDIS_SENTINELS).toEqual([
      { host: 's1', port: 26379 },
      { host: 's2', port: 26379 },
    ]);
    expect(() => loadConfig({ REDIS_SENTINELS: 's1:26379' })).toThrow(/REDIS_SENTINELS and REDIS_SENTINEL_MASTER must be set together/);
    expect(() => loadConfig({ REDIS_SENTINEL_MASTER: 'kiln' })).toThrow(/REDIS_SENTINELS and REDIS_SENTINEL_MASTER must be set together/);
    expect(() => loadConfig({ REDIS_SENTINEL_PASSWORD: 'x' })).toThrow(/apply only with REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_SENTINELS: 's1:port', REDIS_SENTINEL_MASTER: 'kiln' })).toThrow(
      /REDIS_SENTINELS="s1:port": must be comma-separated host:port of the sentinels/,
    );
    expect(() => loadConfig({ REDIS_SENTINELS: 's1', REDIS_SENTINEL_MASTER: 'my master' })).toThrow(/REDIS_SENTINEL_MASTER="my master"/);
  });

  it('takes the data nodes’ credentials, database and TLS from REDIS_URL, the sentinels’ from their own settings', () => {
    const options = sentinelConnectionOptions({
      REDIS_URL: 'rediss://kiln:p%40ss@ignored.example:6380/4',
      REDIS_SENTINELS: [{ host: 's1', port: 26379 }],
      REDIS_SENTINEL_MASTER: 'kiln',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
    expect(options).toMatchObject({
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'kiln',
      username: 'kiln',
      password: 'p@ss',
      db: 4,
      sentinelPassword: 'sentinel-secret',
      tls: {},
      enableTLSForSentinelMode: true,
      sentinelTLS: {},
      failoverDetector: true,
    });
    expect(options).not.toHaveProperty('host');
    const plain = sentinelConnectionOptions({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_SENTINELS: [{ host: 's1', port: 1 }], REDIS_SENTINEL_MASTER: 'm' });
    expect(plain).toMatchObject({ db: 0, username: undefined, password: undefined });
    expect(plain).not.toHaveProperty('tls');
  });

  it('reconnects (and resends the refused command) on READONLY only', () => {
    expect(reconnectOnReadonly(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnectOnReadonly(new Error('ERR wrong number of arguments'))).toBe(false);
  });
});
