import { QUEUE_NAMES } from '../../src/queue/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/runtime';

describe('health, OpenAPI and the reference page', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());

  it('GET /healthz and /readyz', async () => {
    expect(await (await svc.app.request('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await svc.app.request('/readyz')).json()).toEqual({ status: 'ready', postgres: 'ok', redis: 'ok' });
  });

  it('/openapi.json is OpenAPI 3.1 generated from the validating schemas', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/v1/image/generate'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['prompt']);
    expect(schema.properties.style.enum).toEqual(['photorealistic', 'illustration', 'abstract']);
    expect(schema.properties.size.enum).toEqual(['512x512', '1024x1024', '1024x1792']);
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
