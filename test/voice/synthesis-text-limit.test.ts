import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

// No workers: the text is refused before anything is queued. The README states this limit.
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('synthesis text limit', () => {
  it('is 1,000,000 characters: one more is 400 invalid_parameter (the body is still under the 2 MB JSON cap)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const text = 'a'.repeat(1_000_001);
    const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text }, auth));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toMatch(/text.*at most 1000000 characters/);
  });
});
