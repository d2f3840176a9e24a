import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { createTestAccount, jsonRequest } from '../support/runtime';
import { startVoiceService } from './helpers';

// Workers run: what the edge lets through is spoken, so a refusal here is the edge's, not the engine's.
let voice: Awaited<ReturnType<typeof startVoiceService>>;
beforeAll(async () => {
  voice = await startVoiceService();
});
afterAll(async () => {
  await voice?.close();
});

describe('POST /v1/voice/synthesize with nothing to speak', () => {
  it('text without a letter or digit (punctuation, an emoji, a zero-width space) is 400 invalid_parameter naming text, and queues nothing', async () => {
    const { svc } = voice;
    const account = await createTestAccount(svc.rt, 'pro');
    for (const text of ['...', '!!!', '🎉', '\u200b', '🙂 ?! \u200b …', '-- ** //']) {
      const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text }, account.auth));
      const body = await res.json();
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toBe("'text' must contain at least one letter or digit to speak");
    }
    expect(await svc.rt.db.select().from(jobs).where(eq(jobs.accountId, account.accountId))).toHaveLength(0);
  });

  it('text with a letter or digit among the punctuation is spoken, in any script', async () => {
    const { svc } = voice;
    const account = await createTestAccount(svc.rt, 'pro');
    for (const [text, language] of [
      ['... 7 !!!', 'en'],
      ['🎉 Hi! 🎉', 'en'],
      ['Привет…', 'ru'],
    ] as const) {
      const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text, language }, account.auth));
      expect(res.status, `${text}: ${await res.clone().text()}`).toBe(200);
      expect((await res.json()).duration_seconds).toBeGreaterThan(0);
    }
  });
});
