import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { type FakeCall, type FakeApi, sendJson, startFakeApi } from '../support/fake-api';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';

// Kiln with TEXT_PROVIDER=openai in front of a fake OpenAI server: the compatible endpoint passes the
// caller's chat through (messages, sampling) and answers with the provider's model and usage.
let svc: TestService;
let workers: WorkerSet;
let server: ServerType;
let fake: FakeApi;
let baseURL: string;
const calls: FakeCall<Record<string, unknown>>[] = [];

beforeAll(async () => {
  fake = await startFakeApi('/chat/completions', (call, res) => {
    calls.push(call);
    if (call.body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Paris ', 'is the ', 'capital.']) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 21, completion_tokens: 5 } })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    sendJson(res, 200, {
      choices: [{ index: 0, message: { role: 'assistant', content: 'Paris is the capital.' } }],
      usage: { prompt_tokens: 21, completion_tokens: 5 },
    });
  });
  svc = await startTestService({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-upstream', OPENAI_TEXT_MODEL: 'gpt-4o-mini' });
  workers = await startWorkers(svc.rt, { queues: ['text'] });
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
  await fake?.close();
});

describe('POST /v1/chat/completions with TEXT_PROVIDER=openai', () => {
  it("sends the caller's messages and sampling to the provider and answers with its model and usage", async () => {
    const { key } = await createTestAccount(svc.rt, 'business');
    const client = new OpenAI({ apiKey: key, baseURL, maxRetries: 0 });
    expect((await client.models.retrieve('gpt-4o-mini')).id).toBe('gpt-4o-mini');
    const messages = [
      { role: 'system' as const, content: 'Answer in one sentence.' },
      { role: 'user' as const, content: 'What is the capital of France?' },
    ];
    const done = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, max_tokens: 50, temperature: 0.2, stop: ['\n\n'] });
    expect(done.model).toBe('gpt-4o-mini');
    expect(done.choices[0]!.message.content).toBe('Paris is the capital.');
    expect(done.usage).toEqual({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const sent = calls.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-upstream');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', messages, max_completion_tokens: 50, temperature: 0.2, stop: ['\n\n'] });
    expect(sent.body).not.toHaveProperty('max_tokens');

    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Paris is the capital.');
    expect(usage).toEqual({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    expect(calls.at(-1)!.body).toMatchObject({ stream: true, messages });

    // The built-in engine's model is not served when a provider is configured.
    await expect(client.chat.completions.create({ model: 'kiln-local-text', messages })).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
  });
});
