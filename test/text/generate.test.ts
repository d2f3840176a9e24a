import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf } from '../../src/billing/period';
import { billUsage } from '../../src/billing/bill-usage';
import { countTokens } from '../../src/engines/text';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let workers: WorkerSet;
beforeAll(async () => {
  svc = await startTestService();
  workers = await startWorkers(svc.rt, { queues: ['text'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

const ARTICLE =
  'Dr. Maria Lopez presented the results in Geneva on 12 March 2024. The team studied 340 patients over three years, ' +
  'and the new treatment reduced recovery time by 18 percent. Because the trial was small, the researchers want a larger study. ' +
  'The hospital will publish the complete data next spring.';

async function generate(auth: Record<string, string>, body: object) {
  const res = await svc.app.request('/v1/text/generate', jsonRequest(body, auth));
  const json = await res.json();
  if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${JSON.stringify(json)}`);
  return json as { id: string; text: string; tokens_used: number; language: string; created_at: string };
}

const CONTRACTION = /\b\w+(?:'|’)(?:s|t|re|ve|ll|d|m)\b/i;

describe('POST /v1/text/generate, end to end through the queue', () => {
  it('write: a titled piece on the subject; tokens_used = prompt + output tokens, billed as text_tokens', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const result = await generate(auth, { prompt: 'volcanoes and earthquakes', max_tokens: 300 });
    expect(result.id).toMatch(/^gen_[a-z0-9]{20}$/);
    expect(result.language).toBe('en');
    const lines = result.text.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(result.text.toLowerCase()).toMatch(/volcano/);
    expect(result.text.toLowerCase()).toMatch(/earthquake/);
    const sentences = result.text
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 20);
    expect(new Set(sentences).size).toBe(sentences.length);
    const output = countTokens(result.text);
    expect(output).toBeLessThanOrEqual(300);
    expect(result.tokens_used).toBe(countTokens('volcanoes and earthquakes') + output);
    const usage = await (await svc.app.request('/v1/usage', { headers: auth })).json();
    expect(usage.usage.text_tokens).toBe(result.tokens_used);
  });

  it('max_tokens is respected exactly by the o200k tokenizer, in every mode', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const mode of ['write', 'rewrite', 'paraphrase']) {
      for (const max of [1, 7, 60]) {
        const result = await generate(auth, { prompt: mode === 'write' ? 'the history of bread' : ARTICLE, mode, max_tokens: max });
        expect(countTokens(result.text), `${mode} ${max}`).toBeLessThanOrEqual(max);
        expect(countTokens(result.text)).toBeGreaterThan(0);
      }
    }
  });

  it('rewrite keeps every name and number; paraphrase keeps them and changes only the words whose sense is settled', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const mode of ['rewrite', 'paraphrase']) {
      const { text } = await generate(auth, { prompt: ARTICLE, mode });
      for (const kept of ['Maria Lopez', 'Geneva', '12 March 2024', '340', '18 percent']) expect(text, `${mode} keeps ${kept}`).toContain(kept);
      expect(text).not.toBe(ARTICLE);
    }
    const { text } = await generate(auth, { prompt: ARTICLE, mode: 'paraphrase' });
    const words = (s: string) => s.toLowerCase().match(/[a-z]+/g) ?? [];
    const content = words(ARTICLE).filter(
      (w) =>
        w.length > 3 &&
        !['maria', 'lopez', 'geneva', 'march', 'that', 'the', 'they', 'will', 'because', 'over', 'three', 'years', 'next', 'percent'].includes(w),
    );
    const out = new Set(words(text));
    const changed = content.filter((w) => !out.has(w)).length;
    // A third before issue 28 item 5, most of them swaps to another sense; now 10 % on this text.
    expect(changed / content.length).toBeGreaterThan(0);
    expect(changed / content.length).toBeLessThan(0.25);
  });

  it('tones: casual has contractions; formal and academic have none; academic has formal connectors and adds no hedge', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const casual = await generate(auth, { prompt: ARTICLE, mode: 'rewrite', tone: 'casual' });
    expect(casual.text).toMatch(CONTRACTION);
    const informal = "It's clear we can't wait. They're sure it won't fail, and we've seen it work.";
    for (const tone of ['formal', 'academic']) {
      const { text } = await generate(auth, { prompt: informal, mode: 'paraphrase', tone });
      expect(text, tone).not.toMatch(CONTRACTION);
      expect(text).toMatch(/cannot|can not/);
    }
    const academic = await generate(auth, { prompt: ARTICLE, mode: 'rewrite', tone: 'academic' });
    expect(academic.text).toMatch(/\b(Moreover|Furthermore|Consequently)\b/);
    expect(academic.text).not.toMatch(/\b(may|might|appears?|suggests?|arguably)\b/);
    expect(academic.text).not.toMatch(CONTRACTION);
  });

  it('write about a subject the dictionary does not know: the one sentence saying so, no title or filler, billed as usual', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const tone of ['formal', 'casual', 'academic']) {
      const result = await generate(auth, { prompt: 'Kubernetes', tone });
      expect(result.text).toBe(
        'The request, "Kubernetes", names no subject that the built-in dictionary could look up, so there is nothing reliable to say about it here.',
      );
      expect(result.tokens_used).toBe(countTokens('Kubernetes') + countTokens(result.text));
    }
  });

  it('the result language is the canonical form of the requested tag', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    expect((await generate(auth, { prompt: 'rivers', language: 'EN-gb', max_tokens: 20 })).language).toBe('en-GB');
  });
});

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
}

describe('POST /v1/text/generate errors (spec 7)', () => {
  it('400 missing_required_field for a missing or blank prompt', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const body of [{}, { prompt: '  ' }, { prompt: null }]) {
      await expectError(await svc.app.request('/v1/text/generate', jsonRequest(body, auth)), 400, 'missing_required_field', /prompt/);
    }
  });

  it('400 invalid_parameter for max_tokens outside 1–8192, bad tone or mode, a malformed tag, and a language the engine cannot write (naming it and those it can)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const post = (body: object) => svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'x', ...body }, auth));
    for (const max_tokens of [0, 8193, 1.5, '10']) await expectError(await post({ max_tokens }), 400, 'invalid_parameter', /max_tokens/);
    await expectError(await post({ tone: 'angry' }), 400, 'invalid_parameter', /tone/);
    await expectError(await post({ mode: 'summarize' }), 400, 'invalid_parameter', /mode/);
    await expectError(await post({ language: 'english!!' }), 400, 'invalid_parameter', /language/);
    await expectError(await post({ language: 'fr' }), 400, 'invalid_parameter', /French.*English only/);
    await expectError(await post({ prompt: 42 }), 400, 'invalid_parameter', /prompt/);
  });

  it('401 without a key; 429 quota_exceeded when the tokens are used up; 429 past the rate limit', async () => {
    await expectError(await svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'x' })), 401, 'unauthorized');
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const period = billingPeriodOf(new Date());
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, { accountId, keyId: null, product: null, metric: 'text_tokens', quantity: 50_000, sourceId: `seed_${accountId}`, periodKey: period.key }),
    );
    const res = await svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'one more' }, auth));
    await expectError(res, 429, 'quota_exceeded', /text tokens/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const limited = await createTestAccount(svc.rt, 'free', 1);
    await expectError(await svc.app.request('/v1/text/generate', jsonRequest({}, limited.auth)), 400, 'missing_required_field');
    await expectError(await svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'x' }, limited.auth)), 429, 'rate_limit_exceeded');
  });
});
