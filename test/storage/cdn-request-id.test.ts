import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCdnPath } from '../../src/storage/signed-url';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('CDN errors inside the API', () => {
  it('carry request_id like every other error', async () => {
    const tampered = await svc.app.request('/cdn/images/2026/11/img_x/0.png?expires=9999999999&sig=AAAA', { headers: { 'X-Request-Id': 'req-cdn-1' } });
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String), request_id: 'req-cdn-1' } });

    const missing = await svc.app.request(`/cdn${signCdnPath('images/2026/11/img_gone/0.png', Date.now() + 60_000, svc.rt.config.CDN_SIGNING_SECRET)}`);
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(body.error.code).toBe('not_found');
    expect(body.error.request_id).toBe(missing.headers.get('x-request-id'));
    expect(body.error.request_id).toBeTruthy();
  });
});
