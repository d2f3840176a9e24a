import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, sendJson, startFakeApi, type FakeApi } from '../../support/fake-api';
import {
  createFileChatProvider,
  createLocalFileChatProvider,
  createOpenAIFileChatProvider,
  FileChatProviderError,
  NO_ANSWER,
  type ComposeRequest,
} from '../../../src/engines/filechat';
import { ProviderError } from '../../../src/engines/provider-error';

interface Seen {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    temperature?: number;
    max_tokens?: number;
    max_completion_tokens?: number;
    messages?: Array<{ role: string; content: string }>;
  };
}

/** Requests the fake server received; it picks its answer from the question, so tests stay independent. */
let seen: Seen[] = [];
let fake: FakeApi;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeApi<Seen['body']>('/chat/completions', (call, res) => {
    const { body } = call;
    seen.push(call);
    const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
    const question = /Question: (\S+)/.exec(user)?.[1] ?? '';
    const send = (status: number, payload: unknown): void => sendJson(res, status, payload);
    const answer = (content: string): void =>
      send(200, { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
    if (question === 'broken') send(500, { error: { message: 'upstream exploded' } });
    else if (question === 'bad') send(400, { error: { message: 'context length exceeded' } });
    else if (question === 'busy') send(429, { error: 'Rate limit reached' });
    else if (question === 'slow') setTimeout(() => answer('late'), 3_000).unref();
    else if (question === 'garbage') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    else if (question === 'empty') answer('   ');
    else if (question === 'nochoices') send(200, { choices: [] });
    else answer('  Revenue was $48.2 million [p. 2].  ');
  });
  baseUrl = fake.baseUrl;
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  seen = [];
});

function request(question: string, facts?: string): ComposeRequest {
  return {
    question,
    passages: [
      { page: 2, score: 0.9, heading: 'Financial Highlights', content: 'Total revenue for 2023 was $48.2 million.' },
      { page: 41, rowEnd: 60, score: 0.5, content: 'region: East, revenue: 100' },
    ],
    draft: { answer: 'Total revenue for 2023 was $48.2 million.', sources: [{ page: 2, excerpt: 'Total revenue for 2023 was $48.2 million.' }] },
    ...(facts ? { facts } : {}),
  };
}

async function failure(promise: Promise<unknown>): Promise<FileChatProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FileChatProviderError);
  expect(err).toBeInstanceOf(ProviderError);
  return err as FileChatProviderError;
}

describe('createOpenAIFileChatProvider', () => {
  it('sends the numbered, page-labelled passages and the question, at temperature 0, and returns the content', async () => {
    const provider = createOpenAIFileChatProvider({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test', model: 'gpt-test' });
    expect(provider.name).toBe('openai');
    expect(await provider.compose(request('What was the revenue?'))).toBe('Revenue was $48.2 million [p. 2].');

    expect(seen).toHaveLength(1);
    const { path, authorization, body } = seen[0]!;
    expect(path).toBe('/v1/chat/completions');
    expect(authorization).toBe('Bearer sk-test');
    expect(body.model).toBe('gpt-test');
    expect(body.temperature).toBe(0);
    expect(body.max_completion_tokens).toBeGreaterThan(0);
    expect('max_tokens' in body).toBe(false);
    expect(body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    const [system, user] = body.messages!.map((m) => m.content);
    expect(user).toBe(
      'Passages:\n\n[1] [p. 2] (section: Financial Highlights)\nTotal revenue for 2023 was $48.2 million.\n\n[2] [rows 41-60]\nregion: East, revenue: 100\n\nQuestion: What was the revenue?',
    );
    expect(system).toMatch(/ONLY the numbered passages/);
    expect(system).toMatch(/do not guess/i);
    expect(system).toContain(NO_ANSWER);
    expect(system).not.toMatch(/Computed result/);
  });

  it('gives the computed facts to the model as authoritative', async () => {
    const provider = createOpenAIFileChatProvider({ baseUrl });
    const facts = 'The total revenue where region is East is 12,345.50 (over 17 rows).';
    await provider.compose(request('How much revenue came from the East?', facts));
    const system = seen[0]!.body.messages![0]!.content;
    expect(system).toContain(`Computed result:\n${facts}`);
    expect(system).toMatch(/authoritative/);
    expect(system).toMatch(/digit for digit/);
    expect(seen[0]!.body.model).toBe('gpt-4o-mini');
    expect(seen[0]!.authorization).toBeUndefined();
  });

  it("reports HTTP 5xx and 429 as transient, 4xx as permanent, naming the endpoint and the server's reason", async () => {
    const provider = createOpenAIFileChatProvider({ baseUrl });
    const broken = await failure(provider.compose(request('broken')));
    expect(broken.status).toBe(500);
    expect(broken.permanent).toBe(false);
    expect(broken.message).toContain(`${baseUrl}/chat/completions`);
    expect(broken.message).toContain('upstream exploded');
    const bad = await failure(provider.compose(request('bad')));
    expect(bad.status).toBe(400);
    expect(bad.permanent).toBe(true);
    expect(bad.message).toContain('context length exceeded');
    expect((await failure(provider.compose(request('busy')))).permanent).toBe(false);
  });

  it('times out with a clear, transient error', async () => {
    const provider = createOpenAIFileChatProvider({ baseUrl, timeoutMs: 200 });
    const err = await failure(provider.compose(request('slow')));
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/did not answer within 200 ms/);
  });

  it('lets the caller cancel without calling it a provider failure', async () => {
    const provider = createOpenAIFileChatProvider({ baseUrl });
    const controller = new AbortController();
    const pending = provider.compose(request('slow'), controller.signal);
    setTimeout(() => controller.abort(new Error('chat cancelled')), 50);
    await expect(pending).rejects.toThrow('chat cancelled');
  });

  it('rejects bodies that are not a chat completion, empty answers, and unreachable servers', async () => {
    const provider = createOpenAIFileChatProvider({ baseUrl });
    expect((await failure(provider.compose(request('garbage')))).message).toMatch(/not JSON/);
    expect((await failure(provider.compose(request('nochoices')))).message).toMatch(/choices\[0\]\.message\.content/);
    expect((await failure(provider.compose(request('empty')))).message).toMatch(/empty/);

    const port = await closedPort();
    const unreachable = await failure(createOpenAIFileChatProvider({ baseUrl: `http://127.0.0.1:${port}/v1` }).compose(request('x')));
    expect(unreachable.permanent).toBe(false);
    expect(unreachable.message).toContain(`unreachable at http://127.0.0.1:${port}/v1/chat/completions`);
  });
});

describe('createFileChatProvider', () => {
  it('builds the local provider, which returns the draft as it is', async () => {
    const local = createFileChatProvider({ provider: 'local' });
    expect(local.name).toBe('local');
    expect(await local.compose(request('anything'))).toBe('Total revenue for 2023 was $48.2 million.');
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(createLocalFileChatProvider().compose(request('anything'), controller.signal)).rejects.toThrow('gone');
  });

  it('builds the openai provider from its config, and needs a base URL', async () => {
    const provider = createFileChatProvider({ provider: 'openai', baseUrl, apiKey: 'k', model: 'm' });
    await provider.compose(request('What was the revenue?'));
    expect(seen[0]!.body.model).toBe('m');
    expect(seen[0]!.authorization).toBe('Bearer k');
    expect(() => createFileChatProvider({ provider: 'openai' })).toThrow(/baseUrl/);
  });
});
