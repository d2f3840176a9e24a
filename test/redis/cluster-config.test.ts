import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../src/config';
import { nodeCredentials, parseClusterNodes } from '../../src/redis-cluster';
import { hashTagOf, Keyspace } from '../../src/redis-keys';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('REDIS_CLUSTER_NODES', () => {
  it('takes host:port lists (IPv6 in brackets) and refuses anything else', () => {
    expect(problemsOf({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-2.internal:7001,[::1]:7002' })).toEqual([]);
    for (const bad of ['10.0.0.1', 'redis://10.0.0.1:7000', '10.0.0.1:7000;10.0.0.2:7000'])
      expect(problemsOf({ REDIS_CLUSTER_NODES: bad }).join()).toContain('must be comma-separated host:port');
    expect(parseClusterNodes('10.0.0.1:7000,[::1]:7002')).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: '::1', port: 7002 },
    ]);
  });

  it('refuses a REDIS_URL naming another database than 0: a cluster has no other', () => {
    expect(problemsOf({ REDIS_CLUSTER_NODES: '10.0.0.1:7000', REDIS_URL: 'redis://x/2' }).join()).toContain('must name database 0');
    expect(problemsOf({ REDIS_CLUSTER_NODES: '10.0.0.1:7000', REDIS_URL: 'redis://x/0' })).toEqual([]);
  });

  it('takes user, password and TLS from REDIS_URL, not its host', () => {
    expect(nodeCredentials('rediss://kiln:p%40ss@ignored:1/')).toEqual({ username: 'kiln', password: 'p@ss', tls: {} });
    expect(nodeCredentials('redis://ignored:6379')).toEqual({});
  });

  it('still refuses a hash-tagged REDIS_PREFIX: Kiln tags its keys itself', () => {
    expect(problemsOf({ REDIS_PREFIX: '{kiln}' }).join()).toContain('REDIS_PREFIX');
  });
});

describe('Keyspace', () => {
  it('keeps one server’s key names as they were', () => {
    const one = new Keyspace({ REDIS_PREFIX: 'kiln' });
    expect(one.queuePrefix('text')).toBe('kiln');
    expect(one.group('signin')).toBe('kiln:signin');
    expect(one.jobStream('gen_1')).toBe('kiln:job-stream:gen_1');
  });

  it('tags each group on a cluster: a queue, a throttle, a bucket of job streams', () => {
    const cluster = new Keyspace({ REDIS_PREFIX: 'kiln', REDIS_CLUSTER_NODES: 'a:1' });
    expect(cluster.queuePrefix('text')).toBe('kiln:{text}');
    expect(cluster.group('signin')).toBe('kiln:{signin}');
    expect(hashTagOf(cluster.jobStream('gen_1'))).toMatch(/^js[0-7]$/);
    expect(hashTagOf('kiln:plain')).toBe('');
  });
});
