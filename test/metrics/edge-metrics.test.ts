import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobCache } from '../../src/hosting/edge/blob-cache';
import { startEdge, type EdgeServers } from '../../src/hosting/edge/edge-server';
import { registry } from '../../src/metrics';
import { startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

let svc: TestService;
let edge: EdgeServers;
beforeAll(async () => {
  svc = await startTestService({ HOSTING_DOMAIN: 'kiln.test' });
  edge = await startEdge(svc.rt, { http: 0, https: 0 });
});
afterAll(async () => {
  await edge.close();
  await svc.close();
});

/** The value of one sample of the process's registry (0 when the series has no such sample yet). */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const found = metric?.values.find((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want));
  return found?.value ?? 0;
}

describe('edge metrics', () => {
  it('counts edge answers by scheme and status', async () => {
    const before = await sample('kiln_edge_requests_total', { scheme: 'http', status: '404' });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${edge.httpPort}/`, { headers: { host: 'nosuchsite.kiln.test' } });
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    // Counted on the response's finish, which the client may see before the server's event fires.
    const after = await until('three 404s counted', async () => {
      const n = await sample('kiln_edge_requests_total', { scheme: 'http', status: '404' });
      return n >= before + 3 ? n : null;
    });
    expect(after).toBe(before + 3);
  });

  it("counts the blob cache's hits and misses", async () => {
    const cache = new BlobCache({ read: async (hash: string) => Buffer.from(`blob ${hash}`) });
    const hits = await sample('kiln_edge_cache_lookups_total', { result: 'hit' });
    const misses = await sample('kiln_edge_cache_lookups_total', { result: 'miss' });
    await cache.get('a');
    await cache.get('a');
    await cache.get('a');
    await cache.get('b');
    expect(await sample('kiln_edge_cache_lookups_total', { result: 'miss' })).toBe(misses + 2);
    expect(await sample('kiln_edge_cache_lookups_total', { result: 'hit' })).toBe(hits + 2);
  });
});
