import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupAddresses } from '../../src/roles/addresses';
import { edgeGet } from '../hosting/support/hosting-harness';
import { spawnKiln, type Spawned } from '../support/processes';
import { testEnv } from '../support/runtime';

/** Listens on `port` on every address, as `npm start` would; null when something already does. */
function occupy(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

/** The ports `npm start` takes by default: a developer's own Kiln may be holding them while the tests run. */
const DEFAULT_PORTS = [3000, 8080, 8443];

describe('npm start prints where things are', () => {
  let proc: Spawned;
  let held: (Server | null)[] = [];
  beforeAll(async () => {
    // Taken here if free (held by someone else otherwise): the spawned process must not need them.
    held = await Promise.all(DEFAULT_PORTS.map(occupy));
    // One queue, not the maintenance sweeps, which would take other files' unfinished rows on the shared database.
    proc = spawnKiln('all', testEnv({ HOSTING_DOMAIN: 'kiln.test', ADMIN_USER: 'ops', ADMIN_PASSWORD: 'secret-password', WORKER_QUEUES: 'text' }));
  });
  afterAll(async () => {
    proc.child.kill('SIGTERM');
    await proc.exited;
    await Promise.all(held.map((s) => s && new Promise((r) => s.close(r))));
  });

  it('the docs, queue dashboard and edge addresses it prints answer', async () => {
    const sites = await proc.waitForLine(/Hosted sites/, 120_000);
    const docs = proc.output().match(/API docs\s+(\S+)/)![1]!;
    const dashboard = proc.output().match(/Queue dashboard\s+(\S+)/)![1]!;
    expect((await fetch(docs)).status).toBe(200);
    const auth = { Authorization: `Basic ${Buffer.from('ops:secret-password').toString('base64')}` };
    expect((await fetch(dashboard, { headers: auth })).status).toBe(200);
    const [, httpsPort, httpPort] = sites.match(/https:\/\/\{site_id\}\.kiln\.test:(\d+) \(and http:\/\/\{site_id\}\.kiln\.test:(\d+)\)/)!;
    expect(Number(httpsPort)).toBeGreaterThan(0);
    for (const port of [new URL(docs).port, httpsPort, httpPort]) expect(DEFAULT_PORTS).not.toContain(Number(port));
    const edge = await edgeGet(Number(httpPort), 'nosuchsite.kiln.test');
    expect(edge.status).toBe(404);
    expect(edge.body.toString()).toContain('No site here');
  }, 180_000);
});

describe('startupAddresses', () => {
  const config = { PORT: 3000, PUBLIC_URL: 'http://localhost:3000', HOSTING_DOMAIN: 'kiln.localhost', ADMIN_USER: undefined, ADMIN_PASSWORD: undefined };
  it('uses PUBLIC_URL and leaves out the standard HTTPS/HTTP ports and an unconfigured dashboard', () => {
    const lines = startupAddresses(config, { webPort: 3000, edge: { httpPort: 80, httpsPort: 443 } });
    expect(lines.join('\n')).toContain('API docs         http://localhost:3000/docs');
    expect(lines.join('\n')).toContain('Dashboard        http://localhost:3000/dashboard');
    expect(lines.join('\n')).toContain('https://{site_id}.kiln.localhost (and http://{site_id}.kiln.localhost)');
    expect(lines.join('\n')).not.toContain('Queue dashboard');
  });
});
