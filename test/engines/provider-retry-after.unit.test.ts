import type { MinimalJob } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIImageProvider, ImageProviderError } from '../../src/engines/image';
import { ProviderError, retryAfterOf } from '../../src/engines/provider-error';
import { PROVIDER_BACKOFF, providerBackoff, RETRY_AFTER_CAP_MS } from '../../src/queue/retry-backoff';
import { QUEUE_CONFIGS } from '../../src/queue/registry';
import { startFakeApi, type FakeApi } from '../support/fake-api';
import { rateLimited, serverError } from '../support/fake-openai';

let fake: FakeApi;
beforeAll(async () => {
  fake = await startFakeApi<{ prompt: string }>('/images/generations', ({ body }, res) => {
    if (body.prompt.startsWith('busy')) return rateLimited(res, 7);
    serverError(res);
  });
});
afterAll(() => fake.close());

const job = (delay: number) => ({ opts: { backoff: { type: PROVIDER_BACKOFF, delay } } }) as unknown as MinimalJob;
const req = { style: 'abstract', width: 1024, height: 1024, variant: 0 } as const;

describe("a provider's retry-after", () => {
  it('is read from retry-after-ms, or retry-after in seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterOf(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterOf(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterOf(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterOf(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterOf(new Headers(), now)).toBeUndefined();
  });

  it("travels on the provider's error from OpenAI's 429, and a 500 without one has none", async () => {
    const provider = createOpenAIImageProvider({ baseUrl: fake.baseUrl, model: 'dall-e-3' });
    const busy = await provider.generate({ ...req, prompt: 'busy' }).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ImageProviderError);
    expect(busy).toMatchObject({ status: 429, permanent: false, retryAfterMs: 7000 });
    const broken = await provider.generate({ ...req, prompt: 'broken' }).catch((e: unknown) => e);
    expect(broken).toMatchObject({ status: 500, permanent: false, retryAfterMs: undefined });
  });

  it('the queue waits the longer of its exponential backoff and the retry-after, up to the cap', () => {
    const asked = (ms: number) => new ProviderError('busy', { status: 429, retryAfterMs: ms });
    expect(providerBackoff(1, PROVIDER_BACKOFF, new Error('other'), job(1000))).toBe(1000);
    expect(providerBackoff(3, PROVIDER_BACKOFF, new Error('other'), job(1000))).toBe(4000);
    expect(providerBackoff(1, PROVIDER_BACKOFF, asked(7000), job(1000))).toBe(7000);
    expect(providerBackoff(3, PROVIDER_BACKOFF, asked(100), job(1000))).toBe(4000);
    expect(providerBackoff(1, PROVIDER_BACKOFF, asked(3_600_000), job(1000))).toBe(RETRY_AFTER_CAP_MS);
  });

  it('is the backoff of the queues whose jobs call a provider', () => {
    for (const queue of ['text', 'image', 'voice'] as const) expect(QUEUE_CONFIGS[queue].defaultJobOptions.backoff).toMatchObject({ type: PROVIDER_BACKOFF });
  });
});
