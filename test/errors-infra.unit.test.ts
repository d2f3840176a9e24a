import { describe, expect, it } from 'vitest';
import { unavailableDependency } from '../src/errors/infra-errors';

describe('unavailableDependency', () => {
  it('takes a Redis failover or a cluster losing a master for an outage (503), not a bug', () => {
    for (const message of [
      "READONLY You can't write against a read only replica.",
      'CLUSTERDOWN The cluster is down',
      'TRYAGAIN Multiple keys request during rehashing of slot',
      'Too many Cluster redirections. Last error: Error: MOVED 1 127.0.0.1:7001',
      'Connection is closed.',
    ]) {
      expect(unavailableDependency(new Error(message)), message).toBe('Redis');
    }
  });

  it('finds the cause of a wrapped error, and leaves a bug a bug', () => {
    expect(unavailableDependency(new Error('query failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }))).toBe('Postgres');
    expect(unavailableDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(unavailableDependency(new Error('ERR wrong number of arguments'))).toBeNull();
  });
});
