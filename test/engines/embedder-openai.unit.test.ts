import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmbedder,
  createOpenAIEmbedder,
  EmbeddingsProviderError,
  estimateTokens,
  localEmbedder,
  planBatches,
  retryAfterOf,
  truncateToTokens,
} from '../../src/engines/embeddings/embedder';
import { FAKE_DIMS, fakeTokens, fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings';
import { sendJson, startFakeApi } from '../support/fake-api';

let fake: FakeEmbeddings;

beforeAll(async () => {
  fake = await startFakeEmbeddings();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
});

const cos = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

describe('the OpenAI embedder against a strict fake /embeddings', () => {
  it('answers one unit vector per text, in order, and learns the dimensions from the first answer', async () => {
    const e = createOpenAIEmbedder({ baseUrl: fake.baseUrl, apiKey: 'sk-test' });
    expect(e.id).toBe('openai:text-embedding-3-small');
    expect(e.dimensions).toBeNull();
    const texts = ['The council has nine members.', 'Recycling reached 41 percent.', 'Nine members sit on the council.'];
    const v = await e.embed(texts);
    expect(e.dimensions).toBe(FAKE_DIMS);
    expect(v).toHaveLength(3);
    for (const [i, t] of texts.entries()) expect(cos(v[i]!, fakeVector(t))).toBeCloseTo(1, 5);
    expect(cos(v[0]!, v[2]!)).toBeGreaterThan(0.8);
    expect(cos(v[0]!, v[1]!)).toBeLessThan(0.3);
    expect(fake.calls).toEqual([{ inputs: 3, status: 200 }]);
  });

  it('splits 5,000 inputs into requests of at most 2,048, and sends an empty text as a space', async () => {
    const e = createOpenAIEmbedder({ baseUrl: fake.baseUrl });
    const texts = Array.from({ length: 5000 }, (_, i) => (i === 17 ? '' : `sentence number ${i} about topic ${i % 7}`));
    const v = await e.embed(texts);
    expect(v).toHaveLength(5000);
    expect(fake.calls.map((c) => c.inputs)).toEqual([2048, 2048, 904]);
    expect(fake.calls.every((c) => c.status === 200)).toBe(true);
    expect(cos(v[4999]!, fakeVector(texts[4999]!))).toBeCloseTo(1, 5);
  });

  it('cuts an over-long input under 8,192 tokens and keeps a request under 300,000', async () => {
    const e = createOpenAIEmbedder({ baseUrl: fake.baseUrl });
    const long = 'word '.repeat(20_000);
    // The fake refuses the input as it is.
    expect(fakeTokens(long)).toBeGreaterThan(8192);
    const v = await e.embed([long, ...Array.from({ length: 60 }, () => 'x'.repeat(8000))]);
    expect(v).toHaveLength(61);
    expect(fake.calls.every((c) => c.status === 200)).toBe(true);
    expect(fake.calls.length).toBeGreaterThan(1);
  });

  it('waits out 429 (Retry-After) and 503, then answers', async () => {
    const e = createOpenAIEmbedder({ baseUrl: fake.baseUrl, maxRetryDelayMs: 50 });
    fake.rateLimitNext(2, 0);
    const [v] = await e.embed(['after the rate limit']);
    expect(cos(v!, fakeVector('after the rate limit'))).toBeCloseTo(1, 5);
    expect(fake.calls.map((c) => c.status)).toEqual([429, 429, 200]);
    fake.calls.length = 0;
    fake.failNext(1);
    await e.embed(['after an outage']);
    expect(fake.calls.map((c) => c.status)).toEqual([503, 200]);
  });

  it('gives up after its attempts, and never retries what the server refuses', async () => {
    const e = createOpenAIEmbedder({ baseUrl: fake.baseUrl, attempts: 2, maxRetryDelayMs: 10 });
    fake.rateLimitNext(5, 0);
    await expect(e.embed(['x'])).rejects.toMatchObject({ name: 'EmbeddingsProviderError', status: 429, permanent: false });
    expect(fake.calls.map((c) => c.status)).toEqual([429, 429]);
    fake.rateLimitNext(0);
    fake.calls.length = 0;
    // dimensions are sent only to text-embedding-3 models; a refused model name is permanent.
    const ada = createOpenAIEmbedder({ baseUrl: fake.baseUrl, model: 'text-embedding-ada-002', dimensions: 64 });
    await ada.embed(['plain']);
    expect(fake.calls.map((c) => c.status)).toEqual([200]);
    const small = createOpenAIEmbedder({ baseUrl: fake.baseUrl, dimensions: 64 });
    expect(small.id).toBe('openai:text-embedding-3-small@64');
    expect((await small.embed(['short']))[0]).toHaveLength(64);
  });

  it('a 400 is permanent and names the server', async () => {
    const bad = await startFakeApi('/embeddings', (_c, res) => sendJson(res, 400, { error: { message: 'no such model', type: 'invalid_request_error' } }));
    try {
      const e = createOpenAIEmbedder({ baseUrl: bad.baseUrl });
      const err = await e.embed(['x']).catch((x: unknown) => x);
      expect(err).toBeInstanceOf(EmbeddingsProviderError);
      expect((err as EmbeddingsProviderError).permanent).toBe(true);
      expect((err as Error).message).toContain('no such model');
    } finally {
      await bad.close();
    }
  });

  it('refuses an answer with the wrong number of vectors or changing dimensions', async () => {
    let n = 0;
    const odd = await startFakeApi<{ input: string[] }>('/embeddings', ({ body }, res) => {
      n++;
      sendJson(res, 200, { data: body.input.map((_, index) => ({ index, embedding: new Array(n === 1 ? 8 : 9).fill(0.5) })) });
    });
    try {
      const e = createOpenAIEmbedder({ baseUrl: odd.baseUrl });
      expect((await e.embed(['a']))[0]).toHaveLength(8);
      await expect(e.embed(['b'])).rejects.toThrow(/9 dimensions where it answered 8/);
    } finally {
      await odd.close();
    }
  });
});

describe('limits and settings', () => {
  it('estimates tokens by bytes (never under a BPE count) and cuts at a character boundary', () => {
    expect(estimateTokens('héllo')).toBe(6);
    expect(truncateToTokens('ééé', 5)).toBe('éé');
    expect(estimateTokens(truncateToTokens('word '.repeat(5000), 8192))).toBeLessThanOrEqual(8192);
  });

  it('plans batches by inputs and by tokens', () => {
    expect(planBatches(['aa', 'bb', 'cc'], { inputs: 2, tokensPerRequest: 100 }).map((b) => b.length)).toEqual([2, 1]);
    expect(planBatches(['aaaa', 'bbbb', 'cc'], { inputs: 10, tokensPerRequest: 6 }).map((b) => b.length)).toEqual([1, 2]);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterOf('2')).toBe(2000);
    expect(retryAfterOf(null)).toBeUndefined();
    expect(retryAfterOf(new Date(Date.now() - 1000).toUTCString())).toBe(0);
  });

  it('local is the built-in encoder; openai needs a base URL', () => {
    expect(createEmbedder({ provider: 'local' })).toBe(localEmbedder);
    expect(localEmbedder.id).toBe('local:use-lite');
    expect(() => createEmbedder({ provider: 'openai' })).toThrow(/OPENAI_BASE_URL/);
    expect(createEmbedder({ provider: 'openai', openaiBaseUrl: fake.baseUrl, openaiModel: 'nomic-embed-text' }).id).toBe('openai:nomic-embed-text');
  });
});
