import { QUEUE_NAMES } from '../../src/queue/registry';
import { ADMIN_LOGIN_LIMITS } from '../../src/api/failed-login-throttle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

describe('health, OpenAPI and the reference page', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());

  it('GET /healthz (and its alias /health) and /readyz', async () => {
    expect(await (await svc.app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const alias = await svc.app.request('/health');
    expect(alias.status).toBe(200);
    expect(await alias.json()).toEqual({ status: 'ok' });
    expect(await (await svc.app.request('/readyz')).json()).toEqual({ status: 'ready', postgres: 'ok', redis: 'ok' });
  });

  it('/openapi.json is OpenAPI 3.1 generated from the validating schemas', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/v1/image/generate'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['prompt']);
    expect(schema.properties.style.enum).toEqual(['photorealistic', 'illustration', 'abstract']);
    expect(schema.properties.size.enum).toEqual(['512x512', '1024x1024', '1024x1792', '1792x1024']);
    expect(schema.properties.count.minimum).toBe(1);
    expect(schema.properties.count.maximum).toBe(4);
    expect(op.responses['429']).toBeDefined();
    expect(doc.paths['/v1/usage'].get.responses['200']).toBeDefined();
    expect(doc.paths['/healthz']).toBeUndefined();
    const upload = doc.paths['/v1/file/upload'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415', '422']));
    // One of file_id, file_ids or conversation_id names what to ask: only the message is always required.
    const chat = doc.paths['/v1/file/chat'].post.requestBody.content['application/json'].schema;
    expect(chat.required).toEqual(['message']);
    expect(Object.keys(chat.properties)).toEqual(expect.arrayContaining(['file_id', 'file_ids', 'conversation_id', 'message']));
  });

  it('/docs renders with a script from this origin only', async () => {
    const html = await (await svc.app.request('/docs')).text();
    expect(html).toContain('data-url="/openapi.json"');
    const srcs = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs).toEqual(['/docs/scalar.js']);
    const script = await svc.app.request('/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(Number(script.headers.get('content-length') ?? (await script.arrayBuffer()).byteLength)).toBeGreaterThan(100_000);
  });

  it('/docs turns off what needs Scalar’s servers: the Share / Generate SDKs toolbar, telemetry, the font host', async () => {
    const html = await (await svc.app.request('/docs')).text();
    const configuration = JSON.parse(/data-configuration='([^']+)'/.exec(html)?.[1] ?? '{}');
    expect(configuration).toEqual({ withDefaultFonts: false, showDeveloperTools: 'never', telemetry: false });
    // Each option is one the served bundle's configuration schema knows, with that value allowed (an
    // upgrade that renamed one would silently ignore it).
    const bundle = await (await svc.app.request('/docs/scalar.js')).text();
    expect(bundle).toMatch(/showDeveloperTools:\w+\.enum\(\[[^\]]*"never"/);
    expect(bundle).toMatch(/telemetry:\w+\.boolean\(\)/);
    expect(bundle).toMatch(/withDefaultFonts:\w+\(\)\.optional\(\)/);
  });

  it('the queue dashboard is not mounted without ADMIN_USER/ADMIN_PASSWORD', async () => {
    expect((await svc.app.request('/admin/queues')).status).toBe(404);
  });
});

describe('queue dashboard behind basic auth', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 'hunter2hunter2' });
  });
  afterAll(() => svc.close());

  it('refuses without credentials and serves bull-board with them', async () => {
    const refused = await svc.app.request('/admin/queues');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Basic');
    expect((await refused.json()).error.code).toBe('unauthorized');
    const wrong = await svc.app.request('/admin/queues', { headers: { Authorization: `Basic ${btoa('ops:nope')}` } });
    expect(wrong.status).toBe(401);
    const ok = await svc.app.request('/admin/queues', { headers: { Authorization: `Basic ${btoa('ops:hunter2hunter2')}` } });
    expect(ok.status).toBe(200);
    const page = await ok.text();
    expect(page).toContain('<div id="root">');
    // The page's own script, served by the dashboard (loaded on the first request) from the package's files.
    const script = /<script[^>]+src="(static\/[^"]+)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const asset = await svc.app.request(`/admin/queues/${script}`, { headers: { Authorization: `Basic ${btoa('ops:hunter2hunter2')}` } });
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const api = await svc.app.request('/admin/queues/api/queues', { headers: { Authorization: `Basic ${btoa('ops:hunter2hunter2')}` } });
    const queues = await api.json();
    expect(queues.queues.map((q: { name: string }) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
  });
});

const OPS = { Authorization: `Basic ${btoa('ops:hunter2hunter2')}` };
const WRONG = { Authorization: `Basic ${btoa('ops:wrong-guess')}` };

/** Jobs named `name` in the maintenance queue, whatever their state. */
async function maintenanceJobsNamed(svc: TestService, name: string) {
  const jobs = await svc.rt.queues.get('maintenance').getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed']);
  return jobs.filter((j) => j.name === name);
}

describe('queue dashboard: writes from its own pages only, never framed, nothing from other hosts', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 'hunter2hunter2', PUBLIC_URL: 'http://kiln.test' });
  });
  afterAll(() => svc.close());

  const add = (headers: Record<string, string>, body: string) =>
    svc.app.request('http://kiln.test/admin/queues/api/queues/maintenance/add', { method: 'POST', headers: { ...OPS, ...headers }, body });
  // What a cross-site <form enctype="text/plain"> sends: a name and value that together read as JSON.
  const formJson = '{"name":"forged","data":{},"pad":"="}';

  it('refuses a cross-site text/plain form post carrying the cached login, and adds no job', async () => {
    const attempts: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://evil.example', 'Content-Type': 'text/plain' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://site.kiln.test', 'Content-Type': 'text/plain' },
      // A browser too old to send Sec-Fetch-Site still sends Origin on a POST.
      { Origin: 'http://evil.example', 'Content-Type': 'text/plain' },
      { Origin: 'null', 'Content-Type': 'application/json' },
      // Neither header: not from a page of ours either.
      { 'Content-Type': 'application/json' },
    ];
    for (const headers of attempts) {
      const res = await add(headers, formJson);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    }
    // Other writes too: pausing a queue, emptying one.
    const pause = await svc.app.request('http://kiln.test/admin/queues/api/queues/maintenance/pause', {
      method: 'PUT',
      headers: { ...OPS, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(pause.status).toBe(403);
    expect(await svc.rt.queues.get('maintenance').isPaused()).toBe(false);
    expect(await maintenanceJobsNamed(svc, 'forged')).toEqual([]);
  });

  it('takes JSON from its own origin, and refuses any other body type from there too', async () => {
    const plain = await add({ 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'text/plain' }, formJson);
    expect(plain.status).toBe(415);
    expect((await plain.json()).error.code).toBe('unsupported_media_type');
    const form = await add({ Origin: 'http://kiln.test', 'Content-Type': 'application/x-www-form-urlencoded' }, formJson);
    expect(form.status).toBe(415);
    expect(await maintenanceJobsNamed(svc, 'forged')).toEqual([]);

    const json = await add({ 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }, '{"name":"by-hand","data":{}}');
    expect(json.status).toBe(200);
    const scripted = await add({ Origin: 'http://kiln.test', 'Content-Type': 'application/json; charset=utf-8' }, '{"name":"by-hand","data":{}}');
    expect(scripted.status).toBe(200);
    const added = await maintenanceJobsNamed(svc, 'by-hand');
    expect(added).toHaveLength(2);
    await Promise.all(added.map((j) => j.remove()));
    // The page's own buttons send no body at all (retry, pause): allowed from this origin.
    const pause = await svc.app.request('http://kiln.test/admin/queues/api/queues/maintenance/pause', {
      method: 'PUT',
      headers: { ...OPS, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(pause.status).toBeLessThan(300);
    expect(await svc.rt.queues.get('maintenance').isPaused()).toBe(true);
    await svc.rt.queues.get('maintenance').resume();
  });

  it("says frame-ancestors 'none' on every answer, and the page names no other host", async () => {
    for (const res of [
      await svc.app.request('/admin/queues', { headers: OPS }),
      await svc.app.request('/admin/queues'),
      await svc.app.request('/admin/queues/api/queues', { headers: OPS }),
      await add({ 'Sec-Fetch-Site': 'cross-site' }, formJson),
    ]) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const page = await (await svc.app.request('/admin/queues', { headers: OPS })).text();
    expect(page).toContain('<div id="root">');
    expect(page).not.toMatch(/googleapis|gstatic/);
    const references = [...page.matchAll(/\b(?:href|src)\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]!);
    expect(references.length).toBeGreaterThan(3);
    // Relative or root-relative only: nothing the browser would fetch from another host.
    expect(references.filter((r) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(r))).toEqual([]);
  });
});

describe('queue dashboard: wrong passwords throttled per address', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 'hunter2hunter2', TRUST_PROXY: 'true' });
  });
  afterAll(() => svc.close());

  const from = async (address: string, auth: Record<string, string>): Promise<Response> =>
    svc.app.request('/admin/queues/api/queues', { headers: { ...auth, 'X-Forwarded-For': address } });

  it('100 parallel wrong passwords: at most the limit are told 401, the rest 429, then the right one waits too', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => from('203.0.113.7', WRONG)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADMIN_LOGIN_LIMITS.maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - ADMIN_LOGIN_LIMITS.maxFailures);
    const limited = answers.find((r) => r.status === 429)!;
    expect((await limited.json()).error.code).toBe('rate_limit_exceeded');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ADMIN_LOGIN_LIMITS.windowMs / 1000);

    // The right password from that address is refused too, or the answers would say which guess was right.
    expect((await from('203.0.113.7', OPS)).status).toBe(429);
    // Without credentials it is a 401 challenge as ever (a browser's first try is no guess).
    expect((await from('203.0.113.7', {})).status).toBe(401);
    // Another address is not affected.
    expect((await from('203.0.113.8', OPS)).status).toBe(200);

    // Once the window ends (its counter expires), the right password works again.
    const key = `${svc.rt.config.REDIS_PREFIX}:admin-login:203.0.113.7`;
    expect(await svc.rt.redis.pttl(key)).toBeGreaterThan(0);
    await svc.rt.redis.pexpire(key, 1);
    await until('the failure counter to expire', async () => (await svc.rt.redis.exists(key)) === 0);
    expect((await from('203.0.113.7', OPS)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so new addresses from the same network do not buy more guesses', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => from(`2001:db8:1:2::${(i + 1).toString(16)}`, WRONG).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADMIN_LOGIN_LIMITS.maxFailures);
    expect((await from('2001:db8:1:2:ffff::1', OPS)).status).toBe(429);
    expect((await from('2001:db8:1:3::1', OPS)).status).toBe(200);
    // Successful logins are not counted.
    const fine = await Promise.all(Array.from({ length: 20 }, () => from('198.51.100.1', OPS).then((r) => r.status)));
    expect(new Set(fine)).toEqual(new Set([200]));
  });
});
