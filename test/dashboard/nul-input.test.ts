import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

/** A NUL in an id or a field never reaches Postgres (which refuses it: a 500): 404 for an id, 400 for a field, as the API does. */
describe('dashboard: a NUL in the path or a form field', () => {
  it('a voice id with a NUL is no voice: 404 on GET and POST of its delete page', async () => {
    const { client } = await signedInClient(svc.app, svc.rt);
    const page = await client.get('/dashboard/voices/voice_%00/delete');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    await client.get('/dashboard/voices');
    const post = await client.post('/dashboard/voices/voice_%00/delete');
    expect(post.status).toBe(404);
    expect((await client.get('/dashboard/voices?after=voice_%00')).status).toBe(404);
  });

  it('a webhook URL with a raw NUL is refused in words (400) and nothing is added', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/webhooks');
    const res = await client.post('/dashboard/webhooks', { url: 'https://example.com/ho\u0000ok' });
    expect(res.status).toBe(400);
    expect(client.lastHtml).toContain('The URL cannot contain control characters.');
    const rows = await svc.rt.database.sql`SELECT id FROM webhook_endpoints WHERE account_id = ${user.accountId}`;
    expect(rows).toHaveLength(0);
  });
});
