import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import { plans } from '../../src/db/schema';
import { createTestAccount, jsonRequest, startTestService, testConfig, type TestService } from '../support/runtime';

let svc: TestService;
let auth: Record<string, string>;

beforeAll(async () => {
  svc = await startTestService();
  ({ auth } = await createTestAccount(svc.rt));
});
afterAll(() => svc.close());

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string; request_id?: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error as { code: string; message: string; request_id?: string };
}

describe('error envelope on every path', () => {
  it('unknown route is 404 not_found', async () => {
    await expectError(await svc.app.request('/nope'), 404, 'not_found');
    await expectError(await svc.app.request('/v1/nope', { headers: auth }), 404, 'not_found');
  });

  it('known path with the wrong method is 405 with Allow', async () => {
    const res = await svc.app.request('/v1/usage', { method: 'POST', headers: auth });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const res2 = await svc.app.request('/v1/image/generate', { headers: auth });
    await expectError(res2, 405, 'method_not_allowed');
    expect(res2.headers.get('allow')).toBe('POST');
  });

  it('bad JSON, a non-object body and wrong types are 400 invalid_parameter', async () => {
    await expectError(await svc.app.request('/v1/image/generate', jsonRequest('{"prompt": ', auth)), 400, 'invalid_parameter');
    await expectError(await svc.app.request('/v1/image/generate', jsonRequest('[1,2]', auth)), 400, 'invalid_parameter');
    await expectError(await svc.app.request('/v1/image/generate', jsonRequest('"text"', auth)), 400, 'invalid_parameter');
    await expectError(await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 42 }, auth)), 400, 'invalid_parameter');
  });

  it('a JSON body over 2 MB is 413 payload_too_large', async () => {
    const big = JSON.stringify({ prompt: 'x'.repeat(2 * 1024 * 1024 + 10) });
    await expectError(await svc.app.request('/v1/image/generate', jsonRequest(big, auth)), 413, 'payload_too_large');
  });

  it('an unexpected failure is 500 internal_error with the request id and no stack', async () => {
    const { createWebApp } = await import('../../src/roles/web-app');
    const app = createWebApp(svc.rt);
    app.get('/v1/test-boom', () => {
      throw new Error('secret internals at /srv/kiln/file.ts:12');
    });
    const res = await app.request('/v1/test-boom', { headers: { ...auth, 'X-Request-Id': 'req-abc-123' } });
    const text = await res.clone().text();
    const err = await expectError(res, 500, 'internal_error');
    expect(err.message).toContain('req-abc-123');
    expect(text).not.toContain('secret internals');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(res.headers.get('x-request-id')).toBe('req-abc-123');
  });

  it('every response carries X-Request-Id, generated when not sent', async () => {
    const res = await svc.app.request('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('authentication and plans', () => {
  it('401 unauthorized without a header, with a malformed one and with an unknown key', async () => {
    await expectError(await svc.app.request('/v1/usage'), 401, 'unauthorized');
    await expectError(await svc.app.request('/v1/usage', { headers: { Authorization: 'Basic abc' } }), 401, 'unauthorized');
    await expectError(await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer kiln_${'A'.repeat(40)}` } }), 401, 'unauthorized');
    await expectError(await svc.app.request('/v1/usage', { headers: { Authorization: 'Bearer nonsense' } }), 401, 'unauthorized');
  });

  it('403 forbidden when the plan lacks the feature', async () => {
    await svc.rt.db
      .insert(plans)
      .values({
        id: 'test-no-images',
        rateLimitPerMinute: 60,
        quotaTextTokens: 1,
        quotaImagesGenerated: 0,
        quotaAudioSeconds: 0,
        quotaFileChats: 0,
        features: ['usage'],
      })
      .onConflictDoNothing();
    const account = await createAccount(svc.rt.db, { name: 'restricted', planId: 'test-no-images' as 'free' });
    const key = await createApiKey(svc.rt.db, { accountId: account.id, label: 't' });
    const headers = { Authorization: `Bearer ${key.key}` };
    await expectError(await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'a tree' }, headers)), 403, 'forbidden');
    expect((await svc.app.request('/v1/usage', { headers })).status).toBe(200);
  });
});

describe('image generation validation', () => {
  const cases: [string, unknown, number, string][] = [
    ['missing prompt', {}, 400, 'missing_required_field'],
    ['blank prompt', { prompt: '   ' }, 400, 'missing_required_field'],
    ['null prompt', { prompt: null }, 400, 'missing_required_field'],
    ['count 0', { prompt: 'a', count: 0 }, 400, 'invalid_parameter'],
    ['count 5', { prompt: 'a', count: 5 }, 400, 'invalid_parameter'],
    ['count 1.5', { prompt: 'a', count: 1.5 }, 400, 'invalid_parameter'],
    ['count as string', { prompt: 'a', count: '2' }, 400, 'invalid_parameter'],
    ['unknown style', { prompt: 'a', style: 'cubist' }, 400, 'invalid_parameter'],
    ['unknown size', { prompt: 'a', size: '800x600' }, 400, 'invalid_parameter'],
    ['prompt too long', { prompt: 'a'.repeat(4001) }, 400, 'invalid_parameter'],
  ];
  it.each(cases)('%s', async (_name, body, status, code) => {
    const err = await expectError(await svc.app.request('/v1/image/generate', jsonRequest(body, auth)), status, code);
    expect(err.message).toMatch(/'(prompt|count|style|size)'/);
  });
});

describe('dependencies down', () => {
  it('Postgres unreachable: 503 service_unavailable with Retry-After', async () => {
    const down = await startTestService({}, testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/kiln' }));
    try {
      const res = await down.app.request('/v1/usage', { headers: auth });
      await expectError(res, 503, 'service_unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      await expectError(await down.app.request('/readyz'), 503, 'service_unavailable');
      expect((await down.app.request('/healthz')).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('Redis unreachable: 503 service_unavailable', async () => {
    const config = testConfig({ REDIS_URL: 'redis://127.0.0.1:1' });
    const { createRuntime } = await import('../../src/runtime');
    const { createWebApp } = await import('../../src/roles/web-app');
    const rt = createRuntime(config, 'test');
    try {
      const app = createWebApp(rt);
      const res = await app.request('/v1/usage', { headers: auth });
      await expectError(res, 503, 'service_unavailable');
      expect(res.headers.get('retry-after')).toBe('5');
      await expectError(await app.request('/readyz'), 503, 'service_unavailable');
    } finally {
      await rt.close();
    }
  });
});
