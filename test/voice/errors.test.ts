import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf } from '../../src/billing/period';
import { billUsage } from '../../src/billing/bill-usage';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

// No workers: every case here is refused before anything is queued.
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
  return body;
}

describe('POST /v1/voice/synthesize errors (spec 7)', () => {
  it('400 invalid_parameter for a missing, blank or non-string text (the spec names invalid_parameter here)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    for (const body of [{}, { text: '   ' }, { text: null }, { text: 42 }, { language: 'en' }]) {
      await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest(body, auth)), 400, 'invalid_parameter', /text/);
    }
  });

  it('400 invalid_parameter for speed outside 0.5–2.0 or not a number', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    for (const speed of [0.49, 2.01, 0, -1, 'fast', null]) {
      await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hi.', speed }, auth)), 400, 'invalid_parameter', /speed/);
    }
  });

  it('400 invalid_parameter for a language nobody speaks (naming those spoken), a malformed tag, an unknown voice, and a voice without that language', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const post = (body: object) => svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello.', ...body }, auth));
    const xx = await expectError(await post({ language: 'xx' }), 400, 'invalid_parameter', /"xx" is not spoken/);
    expect(xx.error.message).toMatch(/\ben\b.*\bes\b|\bes\b.*\ben\b/);
    await expectError(await post({ language: 'not a tag!' }), 400, 'invalid_parameter', /language/);
    await expectError(await post({ voice_id: 'voice_nobody_here' }), 400, 'invalid_parameter', /Unknown 'voice_id'/);
    const voices = (await (await svc.app.request('/v1/voices?limit=100', { headers: auth })).json()).data as { voice_id: string; languages: string[] }[];
    const english = voices.find((v) => v.languages.includes('en') && !v.languages.includes('ja'))!;
    await expectError(await post({ voice_id: english.voice_id, language: 'ja' }), 400, 'invalid_parameter', /does not speak ja/);
  });

  it('400 for a body that is not JSON, 413 over 2 MB', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest('{"text":', auth)), 400, 'invalid_parameter', /not valid JSON/);
    await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'a'.repeat(2 * 1024 * 1024 + 1) }, auth)), 413, 'payload_too_large');
  });

  it('401 without a key, 403 on the free plan', async () => {
    await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hi.' })), 401, 'unauthorized');
    const free = await createTestAccount(svc.rt, 'free');
    await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hi.' }, free.auth)), 403, 'forbidden', /voice/);
  });

  it('429 quota_exceeded once the audio seconds are used up, with Retry-After to the period end', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'pro');
    const period = billingPeriodOf(new Date());
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, {
        accountId,
        keyId: null,
        product: null,
        metric: 'audio_seconds',
        quantity: 36_000,
        sourceId: `seed_${accountId}`,
        periodKey: period.key,
      }),
    );
    const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'One more sentence, please.' }, auth));
    await expectError(res, 429, 'quota_exceeded', /audio seconds/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('429 rate_limit_exceeded past the plan rate, with Retry-After', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro', 1);
    await expectError(await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hi.', speed: 9 }, auth)), 400, 'invalid_parameter');
    const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hi.' }, auth));
    await expectError(res, 429, 'rate_limit_exceeded');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /v1/voice/clone errors (spec 7)', () => {
  it('400 invalid_parameter for any missing field (as the spec says), a blank one, or a sample_url that is not http(s)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const cases: [object, RegExp][] = [
      [{ sample_url: 'https://example.com/a.wav' }, /name/],
      [{ name: 'Me' }, /sample_url/],
      [{ name: '  ', sample_url: 'https://example.com/a.wav' }, /name/],
      [{ name: 'Me', sample_url: 'ftp://example.com/a.wav' }, /sample_url/],
      [{ name: 'Me', sample_url: 'not a url' }, /sample_url/],
      [{ name: 'Me', sample_url: 'file:///etc/passwd' }, /sample_url/],
      [{ name: 7, sample_url: 'https://example.com/a.wav' }, /name/],
    ];
    for (const [body, message] of cases) {
      await expectError(await svc.app.request('/v1/voice/clone', jsonRequest(body, auth)), 400, 'invalid_parameter', message);
    }
  });

  it('401 without a key, 403 on the free plan; 429 past the rate limit', async () => {
    const body = { name: 'Me', sample_url: 'https://example.com/a.wav' };
    await expectError(await svc.app.request('/v1/voice/clone', jsonRequest(body)), 401, 'unauthorized');
    const free = await createTestAccount(svc.rt, 'free');
    await expectError(await svc.app.request('/v1/voice/clone', jsonRequest(body, free.auth)), 403, 'forbidden');
    const limited = await createTestAccount(svc.rt, 'pro', 1);
    await expectError(await svc.app.request('/v1/voice/clone', jsonRequest({}, limited.auth)), 400, 'invalid_parameter');
    await expectError(await svc.app.request('/v1/voice/clone', jsonRequest(body, limited.auth)), 429, 'rate_limit_exceeded');
  });
});

describe('/v1/voices errors', () => {
  it('401, 403, 404 for an unknown voice, 405 for a wrong method', async () => {
    await expectError(await svc.app.request('/v1/voices'), 401, 'unauthorized');
    const free = await createTestAccount(svc.rt, 'free');
    await expectError(await svc.app.request('/v1/voices', { headers: free.auth }), 403, 'forbidden');
    const { auth } = await createTestAccount(svc.rt, 'pro');
    await expectError(await svc.app.request('/v1/voices/voice_abcdefghij0123456789', { headers: auth }), 404, 'not_found');
    await expectError(await svc.app.request('/v1/voices/voice_abcdefghij0123456789', { method: 'DELETE', headers: auth }), 404, 'not_found');
    const put = await svc.app.request('/v1/voices/voice_abcdefghij0123456789', { method: 'PUT', headers: auth });
    await expectError(put, 405, 'method_not_allowed');
    expect(put.headers.get('allow')).toContain('GET');
  });
});
