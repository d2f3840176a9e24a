import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import OpenAI, { AuthenticationError, BadRequestError, NotFoundError, RateLimitError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billUsage } from '../../src/billing/bill-usage';
import { currentBillingPeriod } from '../../src/billing/period';
import { newId } from '../../src/ids';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';

// A real Kiln stack on loopback (web app + text, image and voice workers on the suite's Postgres and Redis),
// called by OpenAI's official client exactly as a tool that speaks OpenAI's API would call it.
let svc: TestService;
let workers: WorkerSet;
let server: ServerType;
let baseURL: string;

beforeAll(async () => {
  svc = await startTestService();
  workers = await startWorkers(svc.rt, { queues: ['text', 'image', 'voice'] });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  if (server && 'closeAllConnections' in server) server.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await workers?.close(5_000);
  await svc?.close();
});

const clientFor = (apiKey: string) => new OpenAI({ apiKey, baseURL, maxRetries: 0 });

async function usageOf(key: string) {
  const res = await fetch(`${baseURL}/usage`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { usage: Record<string, number> }).usage;
}

describe('the OpenAI-compatible endpoints, called by the official openai client', () => {
  it('lists the built-in models, each naming itself, and reads one', async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = clientFor(key);
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids.sort()).toEqual(['kiln-local-embeddings', 'kiln-local-image', 'kiln-local-speech', 'kiln-local-text']);
    expect(await client.models.retrieve('kiln-local-text')).toMatchObject({ id: 'kiln-local-text', object: 'model' });
    await expect(client.models.retrieve('gpt-4o')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers chat completions, streamed and not, and bills exactly their usage in GET /v1/usage', async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = clientFor(key);
    const completion = await client.chat.completions.create({
      model: 'kiln-local-text',
      messages: [
        { role: 'system', content: 'You write short encyclopaedia entries.' },
        { role: 'user', content: 'volcanoes and earthquakes' },
      ],
      max_tokens: 120,
    });
    expect(completion.id).toMatch(/^chatcmpl-cmpl_/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('kiln-local-text');
    const choice = completion.choices[0]!;
    expect(choice.message.role).toBe('assistant');
    expect(choice.message.content?.length).toBeGreaterThan(20);
    expect(['stop', 'length']).toContain(choice.finish_reason);
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeLessThanOrEqual(120);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);

    const stream = await client.chat.completions.create({
      model: 'kiln-local-text',
      messages: [{ role: 'user', content: 'the history of the bicycle' }],
      max_completion_tokens: 150,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let streamedUsage: OpenAI.CompletionUsage | null | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      expect(chunk.object).toBe('chat.completion.chunk');
      expect(chunk.model).toBe('kiln-local-text');
      const delta = chunk.choices[0]?.delta;
      if (delta?.content) text += delta.content;
      if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
      if (chunk.usage) streamedUsage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(3);
    expect(text.length).toBeGreaterThan(20);
    expect(['stop', 'length']).toContain(finish);
    expect(streamedUsage!.completion_tokens).toBeGreaterThan(0);
    expect(streamedUsage!.total_tokens).toBe(streamedUsage!.prompt_tokens + streamedUsage!.completion_tokens);

    expect((await usageOf(key)).text_tokens).toBe(usage.total_tokens + streamedUsage!.total_tokens);
  });

  it('answers embeddings as floats and as base64 (the same vectors), billed as text tokens', async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = clientFor(key);
    const input = ['The cat sat on the mat.', 'A kitten rested on the rug.', 'Quarterly revenue grew by ten percent.'];
    const floats = await client.embeddings.create({ model: 'kiln-local-embeddings', input, encoding_format: 'float' });
    expect(floats.object).toBe('list');
    expect(floats.model).toBe('kiln-local-embeddings');
    expect(floats.data.map((d) => d.index)).toEqual([0, 1, 2]);
    const vectors = floats.data.map((d) => d.embedding);
    for (const vec of vectors) expect(vec).toHaveLength(256);
    const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    // Meaning, not spelling: the cat and the kitten are closer than the cat and the revenue.
    expect(cos(vectors[0]!, vectors[1]!)).toBeGreaterThan(cos(vectors[0]!, vectors[2]!));

    const raw = await client.embeddings.create({ model: 'kiln-local-embeddings', input, encoding_format: 'base64' });
    const decoded = raw.data.map((d) => Array.from(new Float32Array(new Uint8Array(Buffer.from(d.embedding as unknown as string, 'base64')).buffer)));
    expect(decoded).toEqual(vectors);
    // Without encoding_format the client asks for base64 itself and decodes it.
    const byDefault = await client.embeddings.create({ model: 'kiln-local-embeddings', input });
    expect(byDefault.data.map((d) => d.embedding)).toEqual(vectors);

    expect((await usageOf(key)).text_tokens).toBe(3 * floats.usage.prompt_tokens);
    await expect(client.embeddings.create({ model: 'kiln-local-embeddings', input: 'x', dimensions: 64 })).rejects.toMatchObject({
      status: 400,
      param: 'dimensions',
    });
  });

  it('generates images as b64_json PNGs of the size asked, billed as images', async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = clientFor(key);
    const res = await client.images.generate({ prompt: 'a lighthouse on a cliff at sunset', size: '512x512', n: 2, response_format: 'b64_json' });
    expect(res.data).toHaveLength(2);
    for (const image of res.data!) {
      const png = Buffer.from(image.b64_json!, 'base64');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    }
    const byUrl = await client.images.generate({ prompt: 'a red bicycle', model: 'kiln-local-image' });
    expect(byUrl.data![0]!.url).toMatch(/^http:\/\/kiln\.test\/cdn\/images\//);
    expect((await usageOf(key)).images_generated).toBe(3);
    const refused = await client.images.generate({ prompt: 'a cat', size: '256x256' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(refused).toMatchObject({ param: 'size', type: 'invalid_request_error' });
  });

  it('speaks MP3 and WAV bytes, billed in audio seconds', async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = clientFor(key);
    const mp3 = Buffer.from(await (await client.audio.speech.create({ model: 'kiln-local-speech', voice: 'alloy', input: 'Hello from Kiln.' })).arrayBuffer());
    expect(mp3.length).toBeGreaterThan(1000);
    // An ID3 tag or an MPEG frame sync.
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0)).toBe(true);
    const wavRes = await client.audio.speech.create({ model: 'kiln-local-speech', voice: 'nova', input: 'Testing, one two three.', response_format: 'wav' });
    const wav = Buffer.from(await wavRes.arrayBuffer());
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect((await usageOf(key)).audio_seconds).toBeGreaterThanOrEqual(2);
    await expect(client.audio.speech.create({ model: 'kiln-local-speech', voice: 'alloy', input: 'Hi', response_format: 'opus' })).rejects.toMatchObject({
      status: 400,
      param: 'response_format',
    });
  });

  it('refuses a bad key with AuthenticationError (invalid_api_key), in OpenAI’s error shape', async () => {
    const client = clientFor('kiln_not_a_real_key_0000000000000000');
    const err = await client.chat.completions.create({ model: 'kiln-local-text', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error', param: null });
    const raw = await fetch(`${baseURL}/models`, { headers: { Authorization: 'Bearer nope' } });
    expect(raw.status).toBe(401);
    expect(Object.keys(((await raw.json()) as { error: object }).error).sort()).toEqual(['code', 'message', 'param', 'type']);
  });

  it('refuses a request past the plan’s quota with 429 insufficient_quota, not retried, and bills nothing for it', async () => {
    const { accountId, keyId, key } = await createTestAccount(svc.rt, 'free');
    // Use up the free plan's 50,000 text tokens but 100.
    await svc.rt.db.transaction((tx) =>
      billUsage(tx, {
        accountId,
        keyId,
        product: 'text',
        metric: 'text_tokens',
        quantity: 49_900,
        sourceId: newId('gen'),
        periodKey: currentBillingPeriod().key,
      }),
    );
    const client = new OpenAI({ apiKey: key, baseURL, maxRetries: 2 });
    const err = await client.chat.completions
      .create({ model: 'kiln-local-text', messages: [{ role: 'user', content: 'volcanoes' }], max_tokens: 500 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    expect((err as RateLimitError).headers?.get('x-should-retry')).toBe('false');
    expect((await usageOf(key)).text_tokens).toBe(49_900);
    // A key without the voice product (the free plan has none) is refused speech.
    await expect(clientFor(key).audio.speech.create({ model: 'kiln-local-speech', voice: 'alloy', input: 'Hi' })).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a request past the rate limit with 429 rate_limit_exceeded', async () => {
    const { key } = await createTestAccount(svc.rt, 'business', 1);
    const client = clientFor(key);
    await client.models.list();
    const err = await client.models.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'requests' });
    expect((err as RateLimitError).headers?.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses an unknown model and unsupported fields naming the param', async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = clientFor(key);
    await expect(client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
      param: 'model',
    });
    await expect(
      client.chat.completions.create({
        model: 'kiln-local-text',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
      }),
    ).rejects.toMatchObject({ status: 400, param: 'tools' });
    await expect(client.chat.completions.create({ model: 'kiln-local-text', messages: [] })).rejects.toMatchObject({ status: 400, param: 'messages' });
  });
});
