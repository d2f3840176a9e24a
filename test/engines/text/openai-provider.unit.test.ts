import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, sendJson, startFakeApi, type FakeApi } from '../../support/fake-api';
import { chatRefusal, isReasoningModel, streamChat } from '../../support/fake-openai';
import { countTokens, createOpenAITextProvider, createTextProvider, TextProviderError, type TextRequest } from '../../../src/engines/text';

interface Seen {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    max_tokens?: number;
    max_completion_tokens?: number;
    temperature?: number;
    messages?: Array<{ role: string; content: string }>;
  };
}

/** Requests the fake server received; it picks its answer from the prompt's first word, so tests stay independent. */
let seen: Seen[] = [];
let fake: FakeApi;
let baseUrl: string;

const LONG_ANSWER = Array.from({ length: 60 }, (_, i) => `Sentence number ${i + 1} of a long answer goes here.`).join(' ');

beforeAll(async () => {
  fake = await startFakeApi<Seen['body']>('/chat/completions', (call, res) => {
    const { body } = call;
    seen.push(call);
    const prompt = body.messages?.find((m) => m.role === 'user')?.content ?? '';
    const send = (status: number, payload: unknown): void => sendJson(res, status, payload);
    const answer = (content: string, usage?: unknown): void =>
      send(200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        ...(usage ? { usage } : {}),
      });
    const first = prompt.split(' ')[0];
    // What api.openai.com refuses (max_tokens or a temperature to a reasoning model…) the fake has already
    // refused (test/support/fake-openai.ts): only accepted requests get here.
    if (first === 'streamed' && (body as Record<string, unknown>).stream === true) {
      streamChat(res, body as Record<string, unknown>, ['Coffee is', ' a brewed', ' drink.'], { prompt_tokens: 12, completion_tokens: 5 });
    } else if (first === 'bad') send(400, { error: { message: 'max_tokens is too large for this model', type: 'invalid_request_error' } });
    else if (first === 'unauthorised') send(401, { error: { message: 'Incorrect API key provided' } });
    else if (first === 'busy') send(429, { error: { message: 'Rate limit reached' } });
    else if (first === 'broken') send(500, { error: 'upstream exploded' });
    else if (first === 'slow') setTimeout(() => answer('late'), 3_000).unref();
    else if (first === 'garbage') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    else if (first === 'empty') send(200, { choices: [] });
    else if (first === 'long') answer(LONG_ANSWER, { prompt_tokens: 30, completion_tokens: 700, total_tokens: 730 });
    else if (first === 'nousage') answer('  A short reply without usage.  ');
    else answer('Coffee is a brewed drink. It is popular.', { prompt_tokens: 42, completion_tokens: 9, total_tokens: 51 });
  });
  baseUrl = fake.baseUrl;
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  seen = [];
});

const req: TextRequest = { prompt: 'coffee', mode: 'write', tone: 'formal', language: 'en', maxTokens: 300 };

async function failure(promise: Promise<unknown>): Promise<TextProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TextProviderError);
  return err as TextProviderError;
}

describe('createOpenAITextProvider', () => {
  it('posts a chat completion with a system prompt for the mode, tone and language, and takes usage from the server', async () => {
    const provider = createOpenAITextProvider({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test', model: 'gpt-test' });
    expect(provider.name).toBe('openai');
    expect(provider.languages).toBe('any');
    const result = await provider.generate({ ...req, language: 'de', tone: 'academic' });
    expect(result).toEqual({ text: 'Coffee is a brewed drink. It is popular.', promptTokens: 42, outputTokens: 9 });

    expect(seen).toHaveLength(1);
    const { path, authorization, body } = seen[0]!;
    expect(path).toBe('/v1/chat/completions');
    expect(authorization).toBe('Bearer sk-test');
    expect(body.model).toBe('gpt-test');
    // An OpenAI model name: the current parameter, not the deprecated max_tokens.
    expect(body.max_completion_tokens).toBe(300);
    expect('max_tokens' in body).toBe(false);
    expect(body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages?.[1]?.content).toBe('coffee');
    const system = body.messages?.[0]?.content ?? '';
    expect(system).toContain('German');
    expect(system).toMatch(/title/i);
    expect(system).toMatch(/do not invent/i);
    expect(system).toMatch(/hedge/i);
    expect(system).toMatch(/Moreover/);
  });

  it('writes a system prompt per mode and tone', async () => {
    const provider = createOpenAITextProvider({ baseUrl });
    await provider.generate({ ...req, mode: 'paraphrase', tone: 'casual', language: 'pt-BR' });
    await provider.generate({ ...req, mode: 'rewrite', tone: 'formal', language: 'en' });
    const [paraphrase, rewrite] = seen.map((s) => s.body.messages?.[0]?.content ?? '');
    expect(paraphrase).toMatch(/in other words/);
    expect(paraphrase).toMatch(/keep every name, number, date and claim/i);
    expect(paraphrase).toMatch(/contractions/);
    expect(paraphrase).toContain('Brazilian Portuguese');
    expect(rewrite).toMatch(/restructure/i);
    expect(rewrite).toMatch(/no contractions/);
    expect(rewrite).toContain('English');
    expect(seen[0]!.body.model).toBe('gpt-4o-mini');
    expect(seen[0]!.authorization).toBeUndefined();
  });

  it('counts with o200k when the server sends no usage', async () => {
    const provider = createOpenAITextProvider({ baseUrl });
    const result = await provider.generate({ ...req, prompt: 'nousage please' });
    expect(result.text).toBe('A short reply without usage.');
    expect(result.outputTokens).toBe(countTokens('A short reply without usage.'));
    const system = seen[0]!.body.messages![0]!.content;
    expect(result.promptTokens).toBe(countTokens(system) + countTokens('nousage please'));
  });

  it('cuts an answer longer than maxTokens at a sentence, counting what it returns', async () => {
    const provider = createOpenAITextProvider({ baseUrl });
    for (const maxTokens of [1, 5, 50, 500]) {
      const result = await provider.generate({ ...req, prompt: 'long answer', maxTokens });
      expect(result.outputTokens).toBeLessThanOrEqual(maxTokens);
      expect(result.outputTokens).toBe(countTokens(result.text));
      expect(result.promptTokens).toBe(30);
      expect(LONG_ANSWER.startsWith(result.text)).toBe(true);
      if (maxTokens >= 50) expect(result.text).toMatch(/\.$/);
    }
  });

  it('reports 4xx as permanent (except 408/429) and 5xx as transient, naming the endpoint', async () => {
    const provider = createOpenAITextProvider({ baseUrl });
    const bad = await failure(provider.generate({ ...req, prompt: 'bad request' }));
    expect(bad.permanent).toBe(true);
    expect(bad.status).toBe(400);
    expect(bad.message).toContain(`${baseUrl}/chat/completions`);
    expect(bad.message).toContain('max_tokens is too large for this model');
    expect((await failure(provider.generate({ ...req, prompt: 'unauthorised' }))).permanent).toBe(true);

    const busy = await failure(provider.generate({ ...req, prompt: 'busy now' }));
    expect(busy.permanent).toBe(false);
    expect(busy.status).toBe(429);
    const broken = await failure(provider.generate({ ...req, prompt: 'broken server' }));
    expect(broken.permanent).toBe(false);
    expect(broken.status).toBe(500);
    expect(broken.message).toContain('upstream exploded');
  });

  it('times out with a clear, transient error', async () => {
    const provider = createOpenAITextProvider({ baseUrl, timeoutMs: 200 });
    const err = await failure(provider.generate({ ...req, prompt: 'slow answer' }));
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/did not answer within 200 ms/);
    expect(err.message).toContain(baseUrl);
  });

  it('lets the caller cancel without calling it a provider failure', async () => {
    const provider = createOpenAITextProvider({ baseUrl });
    const controller = new AbortController();
    const pending = provider.generate({ ...req, prompt: 'slow answer' }, controller.signal);
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(pending).rejects.toThrow('job cancelled');
  });

  it('rejects bodies that are not a chat completion, and unreachable servers', async () => {
    const provider = createOpenAITextProvider({ baseUrl });
    expect((await failure(provider.generate({ ...req, prompt: 'garbage' }))).message).toMatch(/not JSON/);
    expect((await failure(provider.generate({ ...req, prompt: 'empty' }))).message).toMatch(/choices\[0\]\.message\.content/);

    const port = await closedPort();
    const unreachable = await failure(createOpenAITextProvider({ baseUrl: `http://127.0.0.1:${port}/v1` }).generate(req));
    expect(unreachable.permanent).toBe(false);
    expect(unreachable.message).toContain(`unreachable at http://127.0.0.1:${port}/v1/chat/completions`);
  });

  it('is what createTextProvider builds for "openai"', async () => {
    const provider = createTextProvider({ provider: 'openai', openaiBaseUrl: baseUrl, openaiApiKey: 'k', openaiModel: 'm' });
    await provider.generate(req);
    expect(seen[0]!.body.model).toBe('m');
    expect(seen[0]!.authorization).toBe('Bearer k');
    expect(() => createTextProvider({ provider: 'openai' })).toThrow(/openaiBaseUrl/);
  });
});

describe('the output cap each model family takes', () => {
  it('sends a reasoning model max_completion_tokens (it refuses max_tokens), another server’s model max_tokens', async () => {
    const reasoning = await createOpenAITextProvider({ baseUrl, model: 'o4-mini' }).generate(req);
    expect(reasoning.text).toContain('Coffee');
    expect(seen.at(-1)!.body).toMatchObject({ model: 'o4-mini', max_completion_tokens: 300 });
    await createOpenAITextProvider({ baseUrl, model: 'llama3.1:8b' }).generate(req);
    expect(seen.at(-1)!.body).toMatchObject({ model: 'llama3.1:8b', max_tokens: 300 });
    expect('max_completion_tokens' in seen.at(-1)!.body).toBe(false);
  });
});

describe('every model family Kiln names, against the strict fake', () => {
  const families = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o1', 'o3', 'o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini', 'llama3.1:8b'];
  it.each(families)('%s: a completion and a stream are both accepted, with the cap the family takes', async (model) => {
    const provider = createOpenAITextProvider({ baseUrl, model });
    const plain = await provider.generate({ ...req, prompt: 'streamed coffee' });
    expect(plain.text).toBe('Coffee is a brewed drink. It is popular.');
    const pieces: string[] = [];
    const streamed = await provider.generateStream!({ ...req, prompt: 'streamed coffee' }, async (piece) => {
      pieces.push(piece);
    });
    expect(streamed.text).toBe('Coffee is a brewed drink.');
    expect(pieces.join('')).toBe(streamed.text);
    expect(streamed).toMatchObject({ promptTokens: 12, outputTokens: 5 });
    const [sent, stream] = seen.map((s) => s.body as Record<string, unknown>);
    expect(stream).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const cap = model.startsWith('llama') ? 'max_tokens' : 'max_completion_tokens';
    for (const body of [sent!, stream!]) {
      expect(body[cap]).toBe(300);
      expect(Object.keys(body).filter((k) => k.startsWith('max_'))).toEqual([cap]);
      if (isReasoningModel(model)) expect('temperature' in body).toBe(false);
    }
  });

  it('the fake refuses what api.openai.com refuses for each family', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(chatRefusal({ model: 'o4-mini', messages, max_tokens: 10 })?.error).toMatchObject({ param: 'max_tokens', code: 'unsupported_parameter' });
    expect(chatRefusal({ model: 'gpt-5', messages, temperature: 0 })?.error).toMatchObject({ param: 'temperature', code: 'unsupported_value' });
    expect(chatRefusal({ model: 'o3', messages, temperature: 1 })).toBeNull();
    expect(chatRefusal({ model: 'gpt-4o', messages, temperature: 0, max_tokens: 10 })).toBeNull();
    expect(chatRefusal({ model: 'gpt-4.1', messages, stream_options: { include_usage: true } })?.error.param).toBe('stream_options');
    expect(chatRefusal({ model: 'gpt-4.1', messages: [] })?.error.param).toBe('messages');
    expect(chatRefusal({ model: 'gpt-4o', messages, max_output_tokens: 10 })?.error).toMatchObject({ param: 'max_output_tokens', code: 'unknown_parameter' });
    expect(chatRefusal({ model: 'gpt-4o', messages, temperature: 3 })?.error.param).toBe('temperature');
  });
});
