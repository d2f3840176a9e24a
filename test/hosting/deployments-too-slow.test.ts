import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostingHarness, type HostingHarness } from './support/hosting-harness';

let h: HostingHarness;
let drip: Server;
let dripUrl: string;

beforeAll(async () => {
  // A short window keeps the test quick; the floor is the default's 16 KiB/s.
  h = await startHostingHarness({ FETCH_MIN_RATE_WINDOW_MS: '300', FETCH_MIN_BYTES_PER_SEC: '16384' });
  // An archive source that sends a byte every 20 ms and would never finish on its own.
  drip = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/zip' });
    const timer = setInterval(() => res.write('P'), 20);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => drip.listen(0, '127.0.0.1', r));
  dripUrl = `http://127.0.0.1:${(drip.address() as AddressInfo).port}/site.zip`;
});
afterAll(async () => {
  drip?.closeAllConnections();
  await new Promise((r) => drip?.close(r));
  await h?.close();
});

describe('a drip-fed source', () => {
  it('fails the build as too slow on its first attempt, instead of holding a deploy slot for the whole fetch timeout', async () => {
    const d = await h.deploy({ site_id: `drip-${Date.now().toString(36)}`, source_url: dripUrl });
    expect(d.status).toBe('failed');
    expect(d.error).toMatch(/^Could not download the source: source at 127\.0\.0\.1:\d+ is too slow: \d+ bytes in 300 ms, under the minimum of 16 KiB\/s\.$/);
    const logs = await (await h.svc.app.request(`/v1/hosting/deployments/${d.id}/logs`, { headers: h.auth })).json();
    expect(logs.lines.filter((l: { message: string }) => l.message.startsWith('Downloading ')).length).toBe(1);
  });
});
