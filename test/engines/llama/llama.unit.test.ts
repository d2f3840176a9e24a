import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config';
import { createLlamaEmbedder, createLlamaTextProvider, type LlamaTextProvider } from '../../../src/engines/llama';
import { countTokens, createTextProvider, TextProviderError, type TextRequest } from '../../../src/engines/text';
import { systemPrompt } from '../../../src/engines/text/prompts';
import { writeTinyGguf } from '../../support/tiny-gguf';

/**
 * The llama provider on a tiny GGUF model written by the test (random weights: it proves loading, the chat
 * template, streaming, max_tokens, stop sequences, cancellation, context pooling, embeddings and the memory
 * check, not quality). node-llama-cpp is an optional dependency that `npm ci` installs; the tests that need
 * it are skipped, saying so, only where it was left out (`npm ci --omit=optional`).
 */
const hasNodeLlamaCpp = await import('node-llama-cpp').then(
  () => true,
  () => false,
);
if (!hasNodeLlamaCpp) console.warn('SKIPPED: the llama provider tests need the optional package node-llama-cpp (npm ci without --omit=optional)');

const dir = mkdtempSync(join(tmpdir(), 'kiln-llama-'));
const chatModel = writeTinyGguf(join(dir, 'tiny-chat.gguf'), { seed: 7 });
const embedModel = writeTinyGguf(join(dir, 'tiny-embed.gguf'), { seed: 11, embedding: 48, pooling: 1 });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request = (over: Partial<TextRequest> = {}): TextRequest => ({
  prompt: 'A river in winter, seen from an old stone bridge.',
  mode: 'write',
  tone: 'formal',
  language: 'en',
  maxTokens: 12,
  ...over,
});

describe('LLAMA_MODEL_PATH / LLAMA_EMBEDDINGS_MODEL_PATH at start-up', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
    return [];
  };

  it('a file that is not a GGUF model is a start-up error naming the setting', () => {
    const notGguf = join(dir, 'model.gguf.txt');
    writeFileSync(notGguf, 'this is not a model, only text that ends in .gguf');
    const problems = problemsOf({ TEXT_PROVIDER: 'llama', LLAMA_MODEL_PATH: notGguf });
    expect(problems).toEqual([`LLAMA_MODEL_PATH=${JSON.stringify(notGguf)} is not a GGUF model (the file does not start with "GGUF")`]);
  });

  it('a path that does not exist, or no path, is a start-up error naming the setting', () => {
    const missing = join(dir, 'nowhere.gguf');
    expect(problemsOf({ TEXT_PROVIDER: 'llama', LLAMA_MODEL_PATH: missing })).toEqual([
      `LLAMA_MODEL_PATH=${JSON.stringify(missing)} does not exist (or cannot be read)`,
    ]);
    expect(problemsOf({ TEXT_PROVIDER: 'llama' })).toEqual(['LLAMA_MODEL_PATH is required when TEXT_PROVIDER=llama (the path of a .gguf model file)']);
    expect(problemsOf({ EMBEDDINGS_PROVIDER: 'llama', LLAMA_EMBEDDINGS_MODEL_PATH: dir })).toEqual([
      `LLAMA_EMBEDDINGS_MODEL_PATH=${JSON.stringify(dir)} is not a file`,
    ]);
  });

  it('a GGUF file is accepted, and the settings have their defaults', () => {
    const config = loadConfig({ TEXT_PROVIDER: 'llama', LLAMA_MODEL_PATH: chatModel, EMBEDDINGS_PROVIDER: 'llama', LLAMA_EMBEDDINGS_MODEL_PATH: embedModel });
    expect(config.TEXT_PROVIDER).toBe('llama');
    expect(config.LLAMA_CONTEXTS).toBe(2);
    expect(config.LLAMA_CONTEXT_SIZE).toBe(4096);
    expect(config.LLAMA_MEMORY_RESERVE_MB).toBe(512);
    expect(config.LLAMA_THREADS).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(!hasNodeLlamaCpp)('TEXT_PROVIDER=llama on a tiny GGUF model', () => {
  let provider: LlamaTextProvider;
  beforeAll(async () => {
    // Greedy: the same request gives the same reply, so a stop sequence can be checked against a full reply.
    provider = createLlamaTextProvider({ modelPath: chatModel, contexts: 1, contextSize: 1024, threads: 1, memoryReserveMb: 0, temperature: 0 });
    await provider.warmUp();
  });

  it('writes exactly max_tokens tokens, streamed as deltas that make up the text', async () => {
    const deltas: string[] = [];
    const result = await provider.generateStream!(request({ maxTokens: 12 }), async (text) => {
      deltas.push(text);
    });
    // The tiny model writes only whole words and never ends on its own: it stops at the budget.
    expect(result.outputTokens).toBe(12);
    expect(result.text.split(' ')).toHaveLength(12);
    expect(countTokens(result.text)).toBe(12);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(result.text);
    // The system prompt and the prompt, in the model's chat template (ChatML from tokenizer.chat_template).
    expect(result.promptTokens).toBeGreaterThan(countTokens(request().prompt));
  });

  it("talks to the model in the chat template of the model's metadata (tokenizer.chat_template: ChatML)", async () => {
    const { getLlama, resolveChatWrapper } = await import('node-llama-cpp');
    const model = await (await getLlama({ gpu: false, build: 'never' })).loadModel({ modelPath: chatModel });
    expect(resolveChatWrapper(model)?.wrapperName).toBe('ChatML');
    const req = request({ maxTokens: 3 });
    // Exactly the system prompt and the prompt in ChatML, special tokens as such, is what the model read.
    const rendered = `<|im_start|>system\n${systemPrompt(req)}<|im_end|>\n<|im_start|>user\n${req.prompt}<|im_end|>\n<|im_start|>assistant\n`;
    const result = await provider.generate(req);
    expect(result.promptTokens).toBe(model.tokenize(rendered, true).length);
    await model.dispose();
  });

  it('a generation without streaming gives the same reply (greedy)', async () => {
    const streamed = await provider.generateStream!(request({ maxTokens: 20 }), async () => {});
    const whole = await provider.generate(request({ maxTokens: 20 }));
    expect(whole.text).toBe(streamed.text);
    expect(whole.outputTokens).toBe(20);
  });

  it('ends the reply at a stop sequence, which is not included', async () => {
    const full = await provider.generate(request({ maxTokens: 30 }));
    const words = full.text.split(' ');
    const stop = ` ${words[5]} ${words[6]}`;
    const expected = full.text.slice(0, full.text.indexOf(stop));
    const stopped = await provider.generate(request({ maxTokens: 30, stop: [stop] }));
    expect(stopped.text).toBe(expected);
    expect(stopped.text.length).toBeLessThan(full.text.length);
    expect(stopped.outputTokens).toBeLessThan(30);
  });

  it('stops generating when the signal aborts (the client went away), and the context serves the next request', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const run = provider.generateStream!(
      request({ maxTokens: 800 }),
      async (text) => {
        deltas.push(text);
        if (deltas.length === 2) controller.abort(new Error('client went away'));
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow('client went away');
    // Far fewer than the 800 words asked for: generation stopped at the abort, not at the budget.
    expect(deltas.length).toBeLessThan(50);
    const next = await provider.generate(request({ maxTokens: 5 }));
    expect(next.outputTokens).toBe(5);
    expect(provider.contextsMade).toBe(1);
  });

  it('refuses at once a prompt that does not fit in the context, naming LLAMA_CONTEXT_SIZE', async () => {
    const small = createLlamaTextProvider({ modelPath: chatModel, contexts: 1, contextSize: 256, threads: 1, memoryReserveMb: 0, temperature: 0 });
    const err = await small.generate(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextProviderError);
    expect((err as TextProviderError).permanent).toBe(true);
    expect((err as Error).message).toMatch(
      /^the prompt \(about \d+ tokens of the model with Kiln's instructions\) does not fit in LLAMA_CONTEXT_SIZE=256 tokens/,
    );
  });

  it('jobs beyond LLAMA_CONTEXTS wait for a free context', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => provider.generate(request({ maxTokens: 4 + n }))));
    expect(results.map((r) => r.outputTokens)).toEqual([5, 6, 7]);
    expect(provider.contextsMade).toBe(1);
    const two = createLlamaTextProvider({ modelPath: chatModel, contexts: 2, contextSize: 1024, threads: 1, memoryReserveMb: 0, temperature: 0 });
    const pair = await Promise.all([two.generate(request({ maxTokens: 6 })), two.generate(request({ maxTokens: 6 }))]);
    expect(pair[0].text).toBe(pair[1].text);
    expect(two.contextsMade).toBe(2);
  });

  it('refuses to load a model that will not fit in memory, before loading it (LLAMA_MEMORY_RESERVE_MB through config)', async () => {
    // A copy: a model already loaded in this process is shared and not checked again.
    const copy = join(dir, 'tiny-copy.gguf');
    copyFileSync(chatModel, copy);
    const config = loadConfig({ TEXT_PROVIDER: 'llama', LLAMA_MODEL_PATH: copy, LLAMA_MEMORY_RESERVE_MB: '100000000' });
    const refused = createTextProvider({
      provider: config.TEXT_PROVIDER,
      llama: {
        modelPath: config.LLAMA_MODEL_PATH,
        contexts: config.LLAMA_CONTEXTS,
        contextSize: config.LLAMA_CONTEXT_SIZE,
        threads: 1,
        memoryReserveMb: config.LLAMA_MEMORY_RESERVE_MB,
      },
    });
    const err = await refused.generate(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextProviderError);
    expect((err as TextProviderError).permanent).toBe(true);
    expect((err as Error).message).toMatch(
      new RegExp(`^LLAMA_MODEL_PATH=${copy} does not fit in memory: it needs \\d+ MB .*LLAMA_MEMORY_RESERVE_MB=100000000.* MB are free`),
    );
    // With the default reserve the same file loads.
    const fits = loadConfig({ TEXT_PROVIDER: 'llama', LLAMA_MODEL_PATH: copy });
    const ok = createLlamaTextProvider({ modelPath: copy, contexts: 1, contextSize: 512, threads: 1, memoryReserveMb: fits.LLAMA_MEMORY_RESERVE_MB });
    expect((await ok.generate(request({ maxTokens: 3 }))).outputTokens).toBe(3);
  });
});

describe.skipIf(!hasNodeLlamaCpp)('EMBEDDINGS_PROVIDER=llama on a tiny GGUF model', () => {
  it("embeds texts as unit vectors of the model's dimension, the same text always the same vector", async () => {
    const embedder = createLlamaEmbedder({ modelPath: embedModel, contexts: 1, contextSize: 512, threads: 1, memoryReserveMb: 0 });
    expect(embedder.id).toBe('llama:tiny-embed.gguf');
    expect(embedder.dimensions).toBeNull();
    const [a, b, again] = await embedder.embed(['The river froze in January.', 'Bread rises in a warm kitchen.', 'The river froze in January.']);
    expect(embedder.dimensions).toBe(48);
    for (const v of [a!, b!]) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(48);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    }
    expect(Array.from(again!)).toEqual(Array.from(a!));
    expect(Array.from(b!)).not.toEqual(Array.from(a!));
    const [later] = await embedder.embed(['The river froze in January.']);
    expect(Array.from(later!)).toEqual(Array.from(a!));
  });

  it('a text longer than the context is cut to it, and an aborted call stops', async () => {
    const embedder = createLlamaEmbedder({ modelPath: embedModel, contexts: 1, contextSize: 256, threads: 1, memoryReserveMb: 0 });
    const [long] = await embedder.embed(['river stone light '.repeat(400)]);
    expect(long).toHaveLength(48);
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(embedder.embed(['x'], controller.signal)).rejects.toThrow('gone');
  });
});
