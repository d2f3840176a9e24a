import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { startRedisCluster } from '../support/redis-cluster.js';

test('the test tooling starts a real 3-master Redis cluster on loopback and stops it', async () => {
  const cluster = await startRedisCluster();
  try {
    expect(cluster.nodes.split(',')).toHaveLength(3);
    const nodes = execFileSync('redis-cli', ['-p', String(cluster.masters[0]!.port), 'CLUSTER', 'NODES']).toString();
    expect(nodes.split('\n').filter((l) => l.includes('master')).length).toBe(3);
  } finally {
    await cluster.stop();
  }
});
